import { z } from 'zod';
import { ZDayBound } from './common.js';
import { PAYMENT_METHODS } from './payments.js';

const int = () => z.number().int();

/** GET /api/stats/admin/get-total-stats (docs/wire-contract.md#stats). Money fields are coins. */
export const ZTotalStats = z.object({
  users: int(),
  newUsersToday: int(),
  newUsersMonth: int(),
  activeProxies: z.object({ v6: int(), v4: int() }),
  activeKeys: int(),
  balanceHeld: int(),
  /** Coins spent on purchases and renewals (less refunds), today and this month (UTC). */
  revenueToday: int(),
  revenueMonth: int(),
  /** The previous period up to the same point: yesterday until this time, last month until this day and time. */
  revenuePrevDay: int(),
  revenuePrevMonth: int(),
  /** Coins credited by top-ups today, bonus excluded. */
  topupsToday: int(),
  pendingTopups: int(),
  heldTopups: int(),
  /** Proxies and keys in use that expire within 7 days, and what renewing each for its own period would bring. */
  expiringSoon: z.object({ proxies: int(), keys: int(), renewalRevenue: int() }),
});
export type TTotalStats = z.infer<typeof ZTotalStats>;

/** from/to: days of the site's time zone (a date, or the UTC day of a date-time), both included; at most 366 days. */
export const ZStatsRangeQuery = z
  .object({ from: ZDayBound, to: ZDayBound })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    message: 'at most 366 days',
    path: ['to'],
  });
export type TStatsRangeQuery = z.infer<typeof ZStatsRangeQuery>;

export const ZTopupsByMethod = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m, int()])) as Record<
    (typeof PAYMENT_METHODS)[number],
    ReturnType<typeof int>
  >,
);

export const ZStatsDay = z.object({
  date: z.string(),
  revenue: int(),
  topups: ZTopupsByMethod,
  newUsers: int(),
  orders: int(),
  proxiesSold: int(),
  renewals: int(),
});
export type TStatsDay = z.infer<typeof ZStatsDay>;

/** GET /api/stats/admin/get-stats-daily?from&to: every UTC day of the range, empty ones included. */
export const ZStatsDaily = z.object({ days: z.array(ZStatsDay) });
export type TStatsDaily = z.infer<typeof ZStatsDaily>;

/** GET /api/stats/admin/get-stats-breakdown?from&to: sales per product, renewals per product and country. */
export const ZStatsBreakdown = z.object({
  products: z.array(z.object({ product: z.string(), orders: int(), proxiesSold: int(), revenue: int() })),
  /** renewed: renewals in the range; expired: items that reached their expiry in the range; rate = renewed ÷ expired. */
  renewals: z.array(
    z.object({ product: z.string(), country: z.string(), renewed: int(), expired: int(), rate: z.number().nullable() }),
  ),
});
export type TStatsBreakdown = z.infer<typeof ZStatsBreakdown>;

/** GET /api/stats/admin/stock: free addresses per product, country and pool (node), with the pace of the last 14 days. */
export const ZStockRow = z.object({
  type: z.string(),
  country: z.string(),
  pool: z.string(),
  total: int(),
  used: int(),
  /** null: a prefix or shared address, which does not run out. */
  free: int().nullable(),
  /** Items of this product and country sold per day over the last 14 days. */
  soldPerDay: z.number(),
  /** free ÷ soldPerDay, or null when nothing sold or unlimited. */
  daysLeft: z.number().nullable(),
});
export const ZStock = z.array(ZStockRow);
export type TStockRow = z.infer<typeof ZStockRow>;
export type TStock = z.infer<typeof ZStock>;
