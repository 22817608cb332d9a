import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import { supplierRenewals, type RenewalGroup } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { SupplierError } from './clients/http.js';
import { PROXY6_NO_MONEY } from './clients/proxy6.js';
import { recordSupplierError, recordSupplierEvent, type SupplierRow } from './queries.js';

/**
 * The intents of renewals' upstream prolongs (renew-upstream.ts): who may prolong an upstream
 * proxy now (an intent claims its upstream rows, so two renewals of one proxy never prolong it from
 * the same end), and how a refusal is recorded outside the renewal's rolled-back transaction.
 */

/** How often a waiting renewal reads the other intents again (a prolong answers within a second). */
const POLL_MS = 20;

/** The prolongs a renewal needs, grouped into Proxy6 calls. */
export interface Plan {
  siteId: string;
  userId: string;
  groups: RenewalGroup[];
}

type Claim =
  | { kind: 'claimed'; intentId: string }
  | { kind: 'stale' }
  /** Another renewal's live intent names some of the rows. */
  | { kind: 'held'; intentIds: string[] }
  /** An intent whose holder is gone (a crash, a lost answer) names some of the rows. */
  | { kind: 'unresolved'; intentIds: string[] };

/**
 * Commits the plan's intent, unless an open intent names one of its upstream rows or a row's end
 * moved since the plan was made. The rows are locked first, so two claims of one row take turns
 * and the second sees the first's committed intent.
 */
export async function claimPlan(ctx: AppContext, plan: Plan, leaseMs: number): Promise<Claim> {
  const planned = new Map(plan.groups.flatMap((g) => g.rows.map((u) => [u.id, u.endBefore] as const)));
  const ids = sql.join(
    [...planned.keys()].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const idTexts = sql.join(
    [...planned.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  return ctx.db.transaction(async (tx): Promise<Claim> => {
    const rows = await queryRows<{ id: string; expires_at: Date | string | null }>(
      tx,
      sql`select id, expires_at from upstream_proxies where id in (${ids}) and status = 'serving' order by id for update`,
    );
    const moved = rows.some((u) => {
      const before = planned.get(u.id);
      return (u.expires_at === null ? null : new Date(u.expires_at).getTime()) !== (before ? Date.parse(before) : null);
    });
    if (moved || rows.length !== planned.size) {
      return { kind: 'stale' };
    }
    const now = ctx.clock.now();
    const open = await queryRows<{ id: string; lease_until: Date | string }>(
      tx,
      sql`select r.id, r.lease_until from supplier_renewals r
          where r.status in ('pending', 'prolonged') and exists (
            select 1 from jsonb_array_elements(r.groups) g, jsonb_array_elements(g->'rows') x
            where x->>'id' in (${idTexts}))`,
    );
    const live = open.filter((o) => new Date(o.lease_until).getTime() > now.getTime());
    if (live.length > 0) {
      return { kind: 'held', intentIds: live.map((o) => o.id) };
    }
    if (open.length > 0) {
      return { kind: 'unresolved', intentIds: open.map((o) => o.id) };
    }
    const intentId = randomUUID();
    await tx.insert(supplierRenewals).values({
      id: intentId,
      siteId: plan.siteId,
      userId: plan.userId,
      status: 'pending',
      groups: plan.groups,
      leaseUntil: new Date(now.getTime() + leaseMs),
      createdAt: now,
      updatedAt: now,
    });
    return { kind: 'claimed', intentId };
  });
}

/** Those of the intents still open (pending or prolonged), with their leases. */
export async function openIntents(ctx: AppContext, intentIds: string[]) {
  return queryRows<{ id: string; lease_until: Date | string }>(
    ctx.db,
    sql`select id, lease_until from supplier_renewals where status in ('pending', 'prolonged')
        and id in (${sql.join(
          intentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
}

/**
 * Until the other renewals' intents end (charged, closed, refused) or their holders' leases run
 * out (then the next claim sees them through); ORDER_PROCESSING past `until` (epoch ms).
 */
export async function waitForIntents(ctx: AppContext, intentIds: string[], until: number): Promise<void> {
  ctx.log.info({ renewals: intentIds }, 'renewal waits for another renewal of the same upstream proxies');
  for (;;) {
    const now = ctx.clock.nowMs();
    const open = await openIntents(ctx, intentIds);
    if (open.every((o) => new Date(o.lease_until).getTime() <= now)) {
      return;
    }
    if (Date.now() >= until) {
      throw new AppError('ORDER_PROCESSING');
    }
    await sleep(POLL_MS);
  }
}

/** Records a pool proxy's refusal on its supplier, with the admins' alert (quiet for the hour when repeated). */
export async function recordPoolRefusal(ctx: AppContext, err: { supplierId: string; words: string }): Promise<void> {
  await ctx.db.transaction((tx) =>
    recordSupplierEvent(tx, err.supplierId, 'prolong_refused', err.words, ctx.clock.now(), 'prolong_refused'),
  );
}

export async function endIntent(ctx: AppContext, intentId: string, status: 'refused' | 'closed', error: string) {
  const now = ctx.clock.now().toISOString();
  await ctx.db.execute(
    sql`update supplier_renewals set status = ${status}, last_error = ${error.slice(0, 500)}, lease_until = ${now}, updated_at = ${now}
        where id = ${intentId}`,
  );
}

/**
 * A refused or unanswered prolong: recorded on the supplier page, with the admins' alert, in one
 * transaction with the intent's end. A refusal ends the intent; an unanswered call leaves it
 * pending with its lease run out, for `getproxy` to see through before anything is prolonged again.
 */
export async function refused(ctx: AppContext, s: SupplierRow, intentId: string, err: SupplierError) {
  const now = ctx.clock.now();
  const noMoney = err.kind === 'refused' && err.errorId === PROXY6_NO_MONEY;
  const message = `prolong refused: ${err.supplierMessage}`;
  await ctx.db.transaction(async (tx) => {
    await recordSupplierError(tx, s.id, message, now, 'prolong_refused', noMoney ? undefined : 'prolong_refused');
    if (noMoney) {
      const words = `ADMIN_ERROR: out of proxy credits (${message})`;
      await recordSupplierEvent(tx, s.id, 'error', words, now, 'prolong_refused');
    }
    await tx.execute(
      sql`update supplier_renewals set status = ${err.ambiguous ? 'pending' : 'refused'},
            last_error = ${message.slice(0, 500)}, lease_until = ${now.toISOString()}, updated_at = ${now.toISOString()}
          where id = ${intentId}`,
    );
  });
}
