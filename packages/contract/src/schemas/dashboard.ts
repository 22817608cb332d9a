import { z } from 'zod';

/** GET /api/dashboard/summary: `tzOffset` is the browser's Date#getTimezoneOffset (minutes), so "this month" is the viewer's. */
export const ZDashboardSummaryQuery = z.object({
  tzOffset: z.coerce.number().int().min(-840).max(840).optional().default(0),
});

/** Renewal prices of a group of items for one day, week or month; null where the period is not sold. */
export const ZRenewPrices = z.object({
  day: z.number().int().nullable(),
  week: z.number().int().nullable(),
  month: z.number().int().nullable(),
});

/**
 * The items of one product (v6 or v4 retail proxies, rotating keys) that are in use and expire
 * within 7 days: what one click renews (renew-list-proxy, renew-list-key).
 */
export const ZExpiringGroup = z.object({
  product: z.enum(['v6', 'v4', 'key']),
  count: z.number().int(),
  ids: z.array(z.string()),
  firstExpiresAt: z.string(),
  renewPrices: ZRenewPrices,
});

export const ZDashboardSummary = z.object({
  balance: z.number().int(),
  /** Coins spent since `monthStart` (purchases, renewals and amendments, less refunds). */
  monthSpend: z.number().int(),
  monthStart: z.string(),
  /** Proxies and keys in use, by product. */
  active: z.object({ v6: z.number().int(), v4: z.number().int(), key: z.number().int() }),
  expiring: z.array(ZExpiringGroup),
  /** Package proxies expiring within 7 days: they renew with their package (order list, auto-renew). */
  expiringPackageProxies: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
export type TExpiringGroup = z.infer<typeof ZExpiringGroup>;
