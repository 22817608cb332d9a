import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/client.js';
import type { RenewalGroup } from '../../db/schema/index.js';
import { SupplierError } from './clients/http.js';
import { findSupplierById, proxy6Of, supplierLeaseMs, writeUpstreamEnds } from './queries.js';

/**
 * Sees through renewal intents whose holder is gone (a crash, a lost answer): a pending one's
 * upstream ends are read back with `getproxy` and written (never shortened), a prolonged one that
 * was never charged is closed. Only the intents `intentIds` when given (a renewal that met them),
 * else the oldest due. Returns how many were seen through.
 */
export async function reconcileRenewals(ctx: AppContext, intentIds?: string[]): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const only = intentIds
    ? sql`and id in (${sql.join(
        intentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const claimed = await queryRows<{ id: string; status: string; groups: RenewalGroup[] | string }>(
    ctx.db,
    sql`update supplier_renewals set lease_until = ${new Date(ctx.clock.nowMs() + supplierLeaseMs(ctx.config)).toISOString()}
        where id in (select id from supplier_renewals where status in ('pending', 'prolonged') and lease_until <= ${now}
                     ${only} order by lease_until limit 50)
          and status in ('pending', 'prolonged') and lease_until <= ${now}
        returning id, status, groups`,
  );
  let seen = 0;
  for (const it of claimed) {
    const groups = (typeof it.groups === 'string' ? JSON.parse(it.groups) : it.groups) as RenewalGroup[];
    const ends: Record<string, string> = {};
    try {
      for (const g of it.status === 'pending' ? groups.filter((x) => !x.done) : []) {
        const s = await findSupplierById(ctx.db, g.supplierId);
        if (!s || s.kind !== 'proxy6') {
          continue;
        }
        const found = await proxy6Of(ctx, s).endsOf(g.rows.map((u) => u.upstreamId));
        for (const u of g.rows) {
          const end = found.get(u.upstreamId);
          if (end) {
            ends[u.id] = end.toISOString();
          }
        }
      }
    } catch (err) {
      if (!(err instanceof SupplierError)) {
        throw err;
      }
      // Still no answer: the intent stays pending, its lease given back so that the next sweep or
      // renewal of its rows tries again at once; until then nothing prolongs those rows.
      ctx.log.warn({ renewal: it.id, error: err.supplierMessage }, 'renewal intent not seen through yet');
      await ctx.db.execute(
        sql`update supplier_renewals set lease_until = ${ctx.clock.now().toISOString()},
              last_error = ${`not seen through: ${err.supplierMessage}`.slice(0, 500)}
            where id = ${it.id} and status in ('pending', 'prolonged')`,
      );
      continue;
    }
    await ctx.db.transaction(async (tx) => {
      await writeUpstreamEnds(tx, ends, ctx.clock.now());
      await tx.execute(
        sql`update supplier_renewals set status = 'closed', updated_at = ${ctx.clock.now().toISOString()}
            where id = ${it.id} and status in ('pending', 'prolonged')`,
      );
    });
    seen++;
  }
  return seen;
}
