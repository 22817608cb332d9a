import {
  USAGE_DEFAULT_RANGE_MS,
  USAGE_MAX_POINTS,
  USAGE_STEP_MS,
  type TUsageHistory,
  type TUsageHistoryQuery,
  type UsageStep,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './repository.js';
import type { MinuteCounter, UsageTable } from './repository.js';

/** Quotas are sold in GB; the gateway counts bytes. */
const BYTES_PER_GB = 1024 ** 3;

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * Records a node report's bytes by minute (docs/gateway-protocol.md#usage-history), inside the
 * transaction that recorded its report id. A proxy named twice in one report is summed first.
 * (The reporting node is not recorded: the live streams' NOTIFY names the proxies' owners.)
 */
export async function recordMinuteUsage(tx: Tx, _nodeId: string, counters: MinuteCounter[], now: Date): Promise<void> {
  const byProxy = new Map<string, MinuteCounter>();
  for (const c of counters) {
    const seen = byProxy.get(c.proxyId);
    if (seen) {
      seen.bytesIn += c.bytesIn;
      seen.bytesOut += c.bytesOut;
    } else {
      byProxy.set(c.proxyId, { proxyId: c.proxyId, bytesIn: c.bytesIn, bytesOut: c.bytesOut });
    }
  }
  if (byProxy.size === 0) {
    return;
  }
  const minute = Math.floor(now.getTime() / 60_000);
  await repo.addMinuteUsage(tx, [...byProxy.values()], Math.floor(minute / 60), (minute % 60) + 1, now);
}

/** Where the buckets of a step come from: finished rollups first, the finer rows after their mark. */
async function sources(
  ctx: AppContext,
  step: UsageStep,
): Promise<Array<{ table: UsageTable; from: number; to: number }>> {
  const [hours, days] = await Promise.all([repo.rollupMark(ctx.db, 'hours'), repo.rollupMark(ctx.db, 'days')]);
  const h = hours?.getTime() ?? -Infinity;
  const d = Math.min(days?.getTime() ?? -Infinity, h);
  if (step === 'minute') {
    return [{ table: 'usage_minutes', from: -Infinity, to: Infinity }];
  }
  const tail = [
    { table: 'usage_hours' as const, from: -Infinity, to: h },
    { table: 'usage_minutes' as const, from: h, to: Infinity },
  ];
  if (step === 'hour') {
    return tail;
  }
  return [{ table: 'usage_days', from: -Infinity, to: d }, { ...tail[0]!, from: d }, tail[1]!];
}

/**
 * GET /api/usage/proxy/:id: the caller's proxy's bytes per bucket of `step` over [from, to),
 * every bucket present (zeros where nothing was counted). Days come from the daily rollup, hours
 * from the hourly one, and whatever a rollup has not reached yet from the finer rows, so the last
 * bucket is as fresh as the last report. Another user's proxy is NOT_FOUND.
 */
export async function proxyHistory(
  ctx: AppContext,
  userId: string,
  proxyId: string,
  q: TUsageHistoryQuery,
): Promise<TUsageHistory> {
  const proxy = /^[0-9a-f-]{36}$/i.test(proxyId) ? await repo.findOwnedProxy(ctx.db, userId, proxyId) : undefined;
  if (!proxy) {
    throw new AppError('NOT_FOUND');
  }
  const stepMs = USAGE_STEP_MS[q.step];
  const toMs = floorTo(q.to ? Date.parse(q.to) : ctx.clock.nowMs(), stepMs) + (q.to ? 0 : stepMs);
  const fromMs = floorTo(q.from ? Date.parse(q.from) : toMs - USAGE_DEFAULT_RANGE_MS[q.step], stepMs);
  const count = Math.round((toMs - fromMs) / stepMs);
  if (count <= 0 || count > USAGE_MAX_POINTS) {
    throw new AppError('VALIDATION_ERROR');
  }
  const bytesIn = new Array<number>(count).fill(0);
  const bytesOut = new Array<number>(count).fill(0);
  for (const src of await sources(ctx, q.step)) {
    const [a, b] = [Math.max(fromMs, src.from), Math.min(toMs, src.to)];
    if (a >= b) {
      continue;
    }
    for (const row of await repo.listBuckets(ctx.db, src.table, proxy.id, new Date(a), new Date(b))) {
      const i = Math.floor((new Date(row.bucket).getTime() - fromMs) / stepMs);
      bytesIn[i]! += Number(row.bytes_in);
      bytesOut[i]! += Number(row.bytes_out);
    }
  }
  const limit = proxy.bandwidth_limit_gb === null ? null : proxy.bandwidth_limit_gb * BYTES_PER_GB;
  const used = Number(proxy.bandwidth_used_bytes);
  return {
    step: q.step,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    points: bytesIn.map((v, i) => ({
      at: new Date(fromMs + i * stepMs).toISOString(),
      bytesIn: v,
      bytesOut: bytesOut[i]!,
    })),
    quota: limit === null ? null : { limitBytes: limit, usedBytes: used, leftBytes: Math.max(0, limit - used) },
  };
}
