import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type Tx } from '../../db/client.js';
import type { SupplierAlertKind } from './queries.js';

/**
 * Supplier trouble the site's admins must act on (a purchase no source could deliver, a refused
 * prolong, a replacement that could not be had) is a supplier event with `alert` set, written in
 * the transaction that caused it. `sendSupplierAlerts` hands each to the caller's `emit` (mail and
 * Telegram, modules/notifications, wired in jobs/) for every admin of the site and marks it sent in
 * the same transaction, so a retry or a second instance sends nothing more.
 */
export interface SupplierAlert {
  eventId: number;
  siteId: string;
  adminIds: string[];
  data: { kind: SupplierAlertKind; supplier: string; message: string };
}

export type EmitAdminAlert = (tx: Tx, a: SupplierAlert) => Promise<string[]>;

/** Sends the alerts due; returns the queued outbox ids, to deliver after commit. */
export async function sendSupplierAlerts(ctx: AppContext, emit: EmitAdminAlert): Promise<string[]> {
  const queued: string[] = [];
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await queryRows<{
        id: string | number;
        site_id: string;
        name: string;
        alert: SupplierAlertKind;
        message: string;
      }>(
        tx,
        sql`select e.id, s.site_id, s.name, e.alert, e.message from supplier_events e join suppliers s on s.id = e.supplier_id
            where e.alert is not null and e.alerted_at is null order by e.id limit 20 for update of e skip locked`,
      );
      for (const e of due) {
        const admins = await queryRows<{ id: string }>(
          tx,
          sql`select id from users where site_id = ${e.site_id} and role in (0, 2) and active order by id`,
        );
        queued.push(
          ...(await emit(tx, {
            eventId: Number(e.id),
            siteId: e.site_id,
            adminIds: admins.map((a) => a.id),
            data: { kind: e.alert, supplier: e.name, message: e.message },
          })),
        );
        await tx.execute(
          sql`update supplier_events set alerted_at = ${ctx.clock.now().toISOString()} where id = ${e.id}`,
        );
      }
      return due.length;
    });
    if (batch < 20) {
      return queued;
    }
  }
}
