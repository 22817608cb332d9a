const DAY_MS = 86_400_000;
/** The contract's range is at most 366 days, both ends included. */
const MAX_SPAN_DAYS = 365;

export interface DayRange {
  from: string;
  to: string;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `n` UTC days up to `now`, both included. */
export function lastDays(n: number, now = Date.now()): DayRange {
  return { from: utcDay(now - (n - 1) * DAY_MS), to: utcDay(now) };
}

/** Whether the margin call accepts the range: from ≤ to, at most 366 days. */
export function validRange({ from, to }: DayRange): boolean {
  const a = Date.parse(from);
  const b = Date.parse(to);
  return !Number.isNaN(a) && !Number.isNaN(b) && a <= b && b - a <= MAX_SPAN_DAYS * DAY_MS;
}

/**
 * Margin as a share of revenue, in whole percent (rounded toward zero so a thin margin does not
 * read as more); null without revenue, where a share means nothing.
 */
export function marginPercent(revenue: number, margin: number): number | null {
  if (revenue <= 0) {
    return null;
  }
  return Math.trunc((margin * 100) / revenue);
}
