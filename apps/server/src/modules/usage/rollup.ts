import type { AppContext } from '../../context.js';
import * as repo from './repository.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * A minute's row takes reports until its minute is over plus the time a report's transaction may
 * still be open; an hour is rolled up only this long after its end.
 */
export const ROLLUP_GRACE_MS = 2 * 60_000;
/** Minutes are kept a little over a day (the minute history shows 24 hours). */
export const MINUTES_KEPT_MS = 26 * HOUR;
/** Hours are kept a little over 30 days (the hour history shows 30 days). */
export const HOURS_KEPT_MS = 32 * DAY;

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;

/**
 * One sweep (docs/gateway-protocol.md#usage-history): rolls each closed hour of minutes into
 * usage_hours and each day whose hours are all rolled up into usage_days, one bucket per
 * transaction, from the rollup's mark on; then drops minutes and hours past their retention that
 * their rollup has taken. A rolled-up bucket is recomputed and overwritten, never added to, so a
 * sweep that repeats work (a lost lease, a second instance) changes nothing.
 */
export async function rollUpUsage(ctx: AppContext, signal?: AbortSignal): Promise<void> {
  const now = ctx.clock.nowMs();
  const hoursEnd = floorTo(now - ROLLUP_GRACE_MS, HOUR);
  const hoursFrom = (await repo.rollupMark(ctx.db, 'hours')) ?? (await repo.oldestBucket(ctx.db, 'usage_minutes'));
  for (let h = floorTo(hoursFrom?.getTime() ?? hoursEnd, HOUR); h < hoursEnd && !signal?.aborted; h += HOUR) {
    await ctx.db.transaction((tx) =>
      repo.rollUp(tx, 'hours', 'usage_minutes', 'usage_hours', new Date(h), new Date(h + HOUR)),
    );
  }
  if (signal?.aborted) {
    return;
  }
  // Every hour before hoursEnd is final now, also when there was nothing to roll up.
  await repo.advanceMark(ctx.db, 'hours', new Date(hoursEnd));
  const hoursMark = await repo.rollupMark(ctx.db, 'hours');
  const daysEnd = hoursMark ? floorTo(hoursMark.getTime(), DAY) : -Infinity;
  const daysFrom = (await repo.rollupMark(ctx.db, 'days')) ?? (await repo.oldestBucket(ctx.db, 'usage_hours'));
  for (let d = floorTo(daysFrom?.getTime() ?? daysEnd, DAY); d < daysEnd && !signal?.aborted; d += DAY) {
    await ctx.db.transaction((tx) =>
      repo.rollUp(tx, 'days', 'usage_hours', 'usage_days', new Date(d), new Date(d + DAY)),
    );
  }
  if (signal?.aborted) {
    return;
  }
  if (daysEnd > -Infinity) {
    await repo.advanceMark(ctx.db, 'days', new Date(daysEnd));
  }
  await repo.purgeBuckets(ctx.db, 'usage_minutes', 'hours', new Date(now - MINUTES_KEPT_MS));
  await repo.purgeBuckets(ctx.db, 'usage_hours', 'days', new Date(now - HOURS_KEPT_MS));
}
