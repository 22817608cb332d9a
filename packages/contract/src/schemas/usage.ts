import { z } from 'zod';
import { ZInstantFrom, ZInstantTo } from './common.js';

// ---- proxy bandwidth usage (GET /api/usage/*; docs/wire-contract.md#usage) ----

export const USAGE_STEPS = ['minute', 'hour', 'day'] as const;
export type UsageStep = (typeof USAGE_STEPS)[number];

/** The length of one bucket of each step. Buckets are UTC minutes, hours and days. */
export const USAGE_STEP_MS: Record<UsageStep, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/**
 * How far back each step is kept (the history API answers zeros before that): minutes for a day,
 * hours for 30 days, days for good.
 */
export const USAGE_HISTORY_MS: Record<UsageStep, number | null> = {
  minute: 24 * 3_600_000,
  hour: 30 * 86_400_000,
  day: null,
};

/** The range a query without from/to covers: the last hour, day or 30 days. */
export const USAGE_DEFAULT_RANGE_MS: Record<UsageStep, number> = {
  minute: 3_600_000,
  hour: 86_400_000,
  day: 30 * 86_400_000,
};

/** The most buckets one answer holds (a day of minutes, two months of hours, four years of days). */
export const USAGE_MAX_POINTS = 1500;

/**
 * GET /api/usage/proxy/:id?from&to&step. `from`/`to` are dates or ISO instants (to defaults to now, from
 * to the step's default range before it), rounded down to the step's buckets; at most
 * USAGE_MAX_POINTS buckets.
 */
export const ZUsageHistoryQuery = z
  .object({
    step: z.enum(USAGE_STEPS).default('minute'),
    from: ZInstantFrom.optional(),
    to: ZInstantTo.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
    path: ['from'],
  })
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      (Date.parse(q.to) - Date.parse(q.from)) / USAGE_STEP_MS[q.step] <= USAGE_MAX_POINTS,
    { message: `at most ${USAGE_MAX_POINTS} buckets`, path: ['from'] },
  );
export type TUsageHistoryQuery = z.infer<typeof ZUsageHistoryQuery>;

/** One bucket: its start and the bytes counted in it (0 for a bucket without traffic). */
export const ZUsagePoint = z.object({
  at: z.string(),
  /** Client → destination (upload). */
  bytesIn: z.number().int(),
  /** Destination → client (download). */
  bytesOut: z.number().int(),
});
export type TUsagePoint = z.infer<typeof ZUsagePoint>;

/** A proxy sold with a bandwidth quota (a package): the quota, what is used and what is left, in bytes. */
export const ZUsageQuota = z.object({
  limitBytes: z.number().int(),
  usedBytes: z.number().int(),
  leftBytes: z.number().int(),
});
export type TUsageQuota = z.infer<typeof ZUsageQuota>;

/** The answer: every bucket of the range, oldest first, empty ones as zeros. */
export const ZUsageHistory = z.object({
  points: z.array(ZUsagePoint),
  step: z.enum(USAGE_STEPS),
  from: z.string(),
  to: z.string(),
  /** null for a proxy without a quota. */
  quota: ZUsageQuota.nullable(),
});
export type TUsageHistory = z.infer<typeof ZUsageHistory>;

/**
 * The `usage` event of GET /api/usage/live (SSE): the bytes a proxy of the caller moved since the
 * previous event for it, about once a second while it has traffic; `at` is when they were reported.
 */
export const ZUsageLiveEvent = z.object({
  proxyId: z.string(),
  bytesIn: z.number().int(),
  bytesOut: z.number().int(),
  at: z.string(),
});
export type TUsageLiveEvent = z.infer<typeof ZUsageLiveEvent>;
