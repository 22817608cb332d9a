import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { topups } from '../../db/schema/index.js';
import { findSiteById } from '../site/index.js';
import { creditTopup, type Evidence } from './credit.js';
import { PROVIDERS } from './providers/index.js';
import type { ProviderEnv } from './providers/types.js';
import { closePendingTopup, type TopupRow } from './queries.js';
import { providerEnv } from './settings.js';

/** How long a claimed top-up is left alone before the next look at its provider. */
export const RECHECK_MS = 60_000;
const BATCH = 50;

/**
 * Pending top-ups due for a look at their provider, claimed for `claimForMs` so that another
 * instance (or the next sweep) leaves them alone meanwhile. Held ones wait for an admin instead.
 */
async function claimDueTopups(db: DbOrTx, now: Date, claimForMs: number, limit: number): Promise<TopupRow[]> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`update topups set next_check_at = ${new Date(now.getTime() + claimForMs).toISOString()}
        where id in (
          select id from topups
          where status = 'pending' and held_reason is null and user_id is not null
            and (next_check_at is null or next_check_at <= ${now.toISOString()})
          order by next_check_at nulls first
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  if (ids.length === 0) {
    return [];
  }
  return db
    .select()
    .from(topups)
    .where(
      sql`${topups.id} in (${sql.join(
        ids.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
}

export interface ReconcileResult {
  checked: number;
  credited: number;
  expired: number;
  failed: number;
}

/**
 * The reconciler: asks the providers about pending top-ups — a webhook may have
 * been lost — and credits the paid ones through creditTopup, and expires those past their
 * lifetime (after a last check, so a payment made just in time still counts). Each instance
 * claims its batch with FOR UPDATE SKIP LOCKED and a next-check time, so instances never check
 * one top-up at once, and no transaction is held open across the provider calls.
 */
export async function reconcileTopups(ctx: AppContext, now = ctx.clock.now()): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, credited: 0, expired: 0, failed: 0 };
  const due = await claimDueTopups(ctx.db, now, RECHECK_MS, BATCH);
  const sites = new Map<string, Awaited<ReturnType<typeof findSiteById>>>();
  for (const t of due) {
    if (!sites.has(t.siteId)) {
      sites.set(t.siteId, await findSiteById(ctx.db, t.siteId));
    }
    const site = sites.get(t.siteId);
    const provider = t.method === 'bank' ? undefined : PROVIDERS[t.method];
    // Checks send no return URLs, so the origin does not matter here.
    const env: ProviderEnv | undefined =
      site && t.method !== 'bank' ? providerEnv(ctx, site, '', t.method, false) : undefined;
    let ev: Evidence = { status: 'pending' };
    if (env && provider?.check) {
      try {
        ev = await provider.check(env, t);
        result.checked++;
      } catch (err) {
        ctx.log.warn({ err, topupId: t.id, method: t.method }, 'reconciler: provider check failed');
        continue;
      }
    }
    if (ev.status === 'paid') {
      const r = await creditTopup(ctx, t.id, { kind: 'provider', evidence: ev });
      result.credited += r.outcome === 'credited' ? 1 : 0;
    } else if (ev.status !== 'pending') {
      if (await closePendingTopup(ctx.db, t.id, ev.status, ctx.clock.now())) {
        result[ev.status === 'expired' ? 'expired' : 'failed']++;
      }
    } else if (t.expiresAt && t.expiresAt <= now) {
      if (await closePendingTopup(ctx.db, t.id, 'expired', ctx.clock.now())) {
        result.expired++;
        if (env && provider?.cancel) {
          await provider.cancel(env, t).catch((err: unknown) => {
            ctx.log.warn({ err, topupId: t.id }, 'reconciler: provider cancel failed');
          });
        }
      }
    }
  }
  return result;
}
