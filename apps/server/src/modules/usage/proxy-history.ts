import {
  isUuid,
  USAGE_DEFAULT_RANGE_MS,
  USAGE_MAX_POINTS,
  USAGE_STEP_MS,
  usageEndpoints,
  type TUsageHistory,
  type TUsageHistoryQuery,
  type UsageStep,
} from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { hourFloor, minuteRows, rollupMark } from './queries.js';

/** Quotas are sold in GB; the gateway counts bytes. */
const BYTES_PER_GB = 1024 ** 3;

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

interface BucketRow {
  bucket: Date | string;
  bytes_in: string | number;
  bytes_out: string | number;
}

type UsageTable = 'usage_minutes' | 'usage_hours' | 'usage_days';

/** One proxy's rows of `table` in [from, to) (one per minute with traffic for usage_minutes). */
async function listBuckets(db: DbOrTx, table: UsageTable, proxyId: string, from: Date, to: Date) {
  const [f, t] = [from.toISOString(), to.toISOString()];
  if (table === 'usage_minutes') {
    return queryRows<BucketRow>(
      db,
      sql`select bucket, bytes_in, bytes_out from (${minuteRows(
        sql`u.proxy_id = ${proxyId} and u.hour >= ${hourFloor(from)}::int and u.hour <= ${hourFloor(to)}::int`,
      )}) r
        where bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz
        order by bucket`,
    );
  }
  return queryRows<BucketRow>(
    db,
    sql`select bucket, bytes_in, bytes_out from ${sql.identifier(table)}
        where proxy_id = ${proxyId} and bucket >= ${f}::timestamptz and bucket < ${t}::timestamptz
        order by bucket`,
  );
}

interface OwnedProxyRow {
  id: string;
  bandwidth_limit_gb: number | null;
  bandwidth_used_bytes: string | number;
}

/** The proxy if `userId` owns it. */
async function findOwnedProxy(db: DbOrTx, userId: string, proxyId: string): Promise<OwnedProxyRow | undefined> {
  const [row] = await queryRows<OwnedProxyRow>(
    db,
    sql`select id, bandwidth_limit_gb, bandwidth_used_bytes from proxies where id = ${proxyId} and user_id = ${userId}`,
  );
  return row;
}

/** Where the buckets of a step come from: finished rollups first, the finer rows after their mark. */
async function sources(
  ctx: AppContext,
  step: UsageStep,
): Promise<Array<{ table: UsageTable; from: number; to: number }>> {
  const [hours, days] = await Promise.all([rollupMark(ctx.db, 'hours'), rollupMark(ctx.db, 'days')]);
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
  // Only an id the uuid column accepts is looked up: any other is not the caller's proxy either.
  const proxy = isUuid(proxyId) ? await findOwnedProxy(ctx.db, userId, proxyId) : undefined;
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
    for (const row of await listBuckets(ctx.db, src.table, proxy.id, new Date(a), new Date(b))) {
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

export function proxyHistoryRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, usageEndpoints.proxy, opts, async (req) => proxyHistory(app.ctx, req.user.id, req.params.id, req.query));
}
