const DAY_MS = 86_400_000;
/** The stats calls take at most 366 days, both ends included. */
const MAX_SPAN_DAYS = 365;

/** A range of UTC days, YYYY-MM-DD, both included (the admin stats calls' `from` and `to`). */
export interface DayRange {
  from: string;
  to: string;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `n` UTC days up to `now`, both included. */
export function lastDays(n: number, now = Date.now()): DayRange {
  return { from: utcDay(now - (n - 1) * DAY_MS), to: utcDay(now) };
}

/** Whether the stats calls accept the range: from ≤ to, at most 366 days. */
export function validRange({ from, to }: DayRange): boolean {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return !Number.isNaN(a) && !Number.isNaN(b) && a <= b && b - a <= MAX_SPAN_DAYS * DAY_MS;
}
