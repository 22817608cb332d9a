import { randomUUID } from 'node:crypto';
import { periodToHours } from '@proxy/contract';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import {
  type OrderRow,
  logNotes,
  findAutoRenewCandidates,
  insertLog,
  lockOrderSkipLocked,
  updateOrder,
  liveProxiesAndKeys,
  quoteRenewal,
  renewOrderTx,
  type ProxiesAndKeys,
} from '../modules/orders/index.js';
import { balanceOf } from '../modules/ledger/index.js';
import { emitAlert, kickAlerts } from '../modules/notifications/index.js';
import { upstreamFirst } from '../modules/suppliers/index.js';
import type { Job } from './runner.js';

/** How long before expiry auto-renew charges for the next period (shorter for short periods: renewLeadMs). */
export const AUTO_RENEW_LEAD_MS = 60 * 60_000;

/**
 * The lead time of an order's period (docs/money.md#renewals): the configured lead, but at most a
 * quarter of the period, so an hour is renewed in its last 15 minutes instead of right after purchase.
 * A renewal then leaves more than the lead before the new expiry, so a item is never renewed twice ahead.
 */
export function renewLeadMs(order: Pick<OrderRow, 'periodUnit' | 'periodValue'>): number {
  const periodMs = periodToHours({ unit: order.periodUnit, value: order.periodValue }) * 3600_000;
  return Math.min(AUTO_RENEW_LEAD_MS, Math.floor(periodMs / 4));
}

const BATCH = 100;

/**
 * Renews the proxies and keys whose own auto-renew flag is on (docs/guide.md#buying-and-using-proxies):
 * the order and account switches only set those flags. Each order is one transaction that charges
 * just its due, flagged items (a package, priced as a whole, only when all its proxies are on).
 * The order row is taken with FOR UPDATE SKIP LOCKED and the items are read again under it, so
 * several instances sweeping at once charge every renewal once. A short balance keeps the proxies
 * until they expire, logs a failed renew on the order and mails the user, once per expiry; the
 * next sweeps keep trying quietly, so a top-up before expiry still renews.
 */
export async function runAutoRenew(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<{ renewed: number; failed: number }> {
  const now = ctx.clock.nowMs();
  // Driven by the items; orders that already failed for this expiry go last (findAutoRenewCandidates).
  const candidates = await findAutoRenewCandidates(ctx.db, new Date(now).toISOString(), AUTO_RENEW_LEAD_MS, BATCH);
  let renewed = 0;
  let failed = 0;
  const mails: string[] = [];
  for (const id of candidates) {
    if (signal?.aborted) {
      break;
    }
    const outcome = await upstreamFirst(ctx, () => renewOne(ctx, id, now, mails)).catch((err: unknown) => {
      // Its own transaction rolled back; the other orders of the sweep go on.
      ctx.log.error({ err, orderId: id }, 'auto-renew of an order failed');
      return 'failed' as const;
    });
    if (outcome === 'renewed') {
      renewed++;
    } else if (outcome === 'failed') {
      failed++;
    }
  }
  // After every order's commit, outside any transaction: a slow mail server delays nobody.
  await kickAlerts(ctx, mails);
  return { renewed, failed };
}

/**
 * One order in its own transaction: locked (SKIP LOCKED), its due items read again under the lock,
 * renewed in a savepoint; a refusal (e.g. a short balance) is recorded in the same transaction.
 */
async function renewOne(ctx: AppContext, id: string, now: number, mails: string[]) {
  let mail: string[] = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderSkipLocked(tx, id);
    if (!order) {
      return 'skipped' as const;
    }
    const due = await dueProxiesAndKeys(tx, order, now + renewLeadMs(order));
    if (!due) {
      return 'skipped' as const;
    }
    try {
      await tx.transaction((sp) => renewOrderTx(ctx, sp, order, { auto: true, due }));
      return 'renewed' as const;
    } catch (err) {
      if (!(err instanceof AppError)) {
        throw err;
      }
      const firstDue = new Date(Math.min(...[...due.proxies, ...due.keys].map((u) => u.expiresAt.getTime())));
      if (order.autoRenewFailedFor?.getTime() !== firstDue.getTime()) {
        mail = await recordFailure(ctx, tx, order, {
          firstDue,
          code: err.code,
          count: due.proxies.length + due.keys.length,
        });
      }
      return 'failed' as const;
    }
  });
  // Committed: its alerts exist now.
  mails.push(...mail);
  return outcome;
}

/**
 * The items of a locked order to renew now, read again under the lock; undefined when none is due
 * any more (another instance renewed them) or when a package has a proxy with its flag off.
 */
async function dueProxiesAndKeys(tx: Tx, order: OrderRow, by: number): Promise<ProxiesAndKeys | undefined> {
  const isDue = (u: { autoRenew: boolean; status: string; expiresAt: Date }) =>
    u.autoRenew && u.status !== 'locked' && u.expiresAt.getTime() <= by;
  const live = await liveProxiesAndKeys(tx, order);
  const due: ProxiesAndKeys =
    order.type === 'key'
      ? { proxies: [], keys: live.keys.filter(isDue) }
      : { proxies: live.proxies.filter((p) => p.keyId === null), keys: [] };
  if (order.type === 'package') {
    // One price for the whole package: renewed when every proxy is on and one is due.
    return due.proxies.length > 0 && due.proxies.every((p) => p.autoRenew) && due.proxies.some(isDue) ? due : undefined;
  }
  if (order.type !== 'key') {
    due.proxies = due.proxies.filter(isDue);
  }
  return due.proxies.length + due.keys.length > 0 ? due : undefined;
}

/**
 * Logs the failed renewal on the order and queues the `renew.failed` alert on the user's channels
 * (email by default), once per expiry; returns the alerts' outbox ids.
 */
async function recordFailure(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  f: { firstDue: Date; code: string; count: number },
): Promise<string[]> {
  const now = ctx.clock.now();
  await updateOrder(tx, order.id, { autoRenewFailedFor: f.firstDue, updatedAt: now });
  await insertLog(tx, {
    id: randomUUID(),
    orderId: order.id,
    action: 'renew',
    result: 'fail',
    ...logNotes.autoRenewFailed(f.code),
    amount: 0,
    createdAt: now,
  });
  const cost = await quoteRenewal(tx, order.userId, order.id, f.count);
  const balance = (await balanceOf(tx, order.userId)) ?? 0;
  return emitAlert(ctx, tx, {
    userId: order.userId,
    type: 'renew.failed',
    key: `renew.failed:${order.id}:${f.firstDue.toISOString()}`,
    data: {
      orderId: order.id,
      orderCode: order.code,
      reason: f.code,
      short: cost !== undefined && f.code === 'NOT_ENOUGH_MONEY' ? Math.max(0, cost - balance) : null,
      expiresAt: f.firstDue.toISOString(),
    },
  });
}

export const autoRenewJob: Job = {
  name: 'auto-renew',
  everyMs: 60_000,
  async run(ctx, signal) {
    await runAutoRenew(ctx, signal);
  },
};
