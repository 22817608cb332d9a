import { addDays, dayIn } from '@proxy/contract';

const DAY_MS = 86_400_000;
/** The stats calls take at most 366 days, both ends included. */
const MAX_SPAN_DAYS = 365;

/** A range of days, YYYY-MM-DD, both included (the admin stats calls' `from` and `to`). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The last `n` days up to `now`, both included, as days of `timeZone`: the site's zone for the
 * figures counted in it (docs/product-rules.md#time-zones), UTC for those counted in UTC.
 */
export function lastDays(n: number, now = Date.now(), timeZone = 'UTC'): DayRange {
  const to = dayIn(new Date(now), timeZone);
  return { from: addDays(to, -(n - 1)), to };
}

/** Whether the stats calls accept the range: from ≤ to, at most 366 days. */
export function validRange({ from, to }: DayRange): boolean {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return !Number.isNaN(a) && !Number.isNaN(b) && a <= b && b - a <= MAX_SPAN_DAYS * DAY_MS;
}
