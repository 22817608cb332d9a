/**
 * Calendar days in a time zone (docs/product-rules.md#time-zones): statistics count a site's days
 * in its own zone, so an order at 23:30 UTC belongs to the next day in Asia/Ho_Chi_Minh (UTC+7).
 * Days are YYYY-MM-DD strings; instants are Dates.
 */

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in `timeZone` at `at`, read as if it were UTC (ms). */
function wallClock(at: Date, timeZone: string): number {
  const p = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** The day (YYYY-MM-DD) that `at` falls on in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);
}

/** The first instant of `day` (YYYY-MM-DD) in `timeZone`. */
export function dayStartIn(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset near that midnight, checked once more at the found instant (a DST change).
  let t = wall - (wallClock(new Date(wall), timeZone) - wall);
  t += wall - wallClock(new Date(t), timeZone);
  return new Date(t);
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month `n` months after the one `day` is in. */
export function monthStartDay(day: string, n = 0): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10);
}
