import { addDays, dayStartIn } from '@proxy/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The helpers the statistics' statements share, and the site a figure is counted for. Revenue is
 * the ledger's SPEND_TRANSACTION_TYPES: purchases, renewals and amendments (negative amounts), less refunds.
 */

export const DAY_MS = 86_400_000;

export const list = (xs: readonly string[]): SQL =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
export const n = (v: unknown): number => Number(v ?? 0);
export const iso = (d: Date) => d.toISOString();

/** A site and the time zone its days are counted in (docs/product-rules.md#time-zones). */
export interface SiteDays {
  id: string;
  timeZone: string;
}

/** [from 00:00, the day after `to` 00:00) in the site's time zone. */
export function rangeOf(q: { from: string; to: string }, timeZone: string): { from: Date; to: Date } {
  return { from: dayStartIn(q.from, timeZone), to: dayStartIn(addDays(q.to, 1), timeZone) };
}
