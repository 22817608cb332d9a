import { z } from 'zod';
import { ZInstantFrom, ZInstantTo, ZId } from './common.js';

/** One deposit-bonus tier: a top-up of at least `minAmount` coins gets `percent` % on top. */
export const ZPromotionTier = z.object({
  minAmount: z.number().int().positive().max(1_000_000_000_000),
  percent: z.number().int().min(1).max(100),
});

/** Tiers ascending by minAmount, strictly (docs/money.md#promotions). */
const ZTiers = z
  .array(ZPromotionTier)
  .min(1)
  .max(10)
  .refine((tiers) => tiers.every((t, i) => i === 0 || t.minAmount > tiers[i - 1]!.minAmount), {
    message: 'tiers must be ascending by minAmount',
  });

/** `Promotion` (docs/wire-contract.md#promotions). `active` is the admin's switch; at most one per site. */
export const ZPromotion = z.object({
  id: z.string(),
  name: z.string(),
  tiers: z.array(ZPromotionTier),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type TPromotion = z.infer<typeof ZPromotion>;

const ZPromotionFields = z.object({
  name: z.string().trim().min(1).max(120),
  tiers: ZTiers,
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }).nullable().optional(),
  active: z.boolean().optional(),
});

const endsAfterStart = (p: { startsAt?: string; endsAt?: string | null }) =>
  !p.startsAt || !p.endsAt || Date.parse(p.endsAt) > Date.parse(p.startsAt);

/** POST /api/promotion/add */
export const ZPromotionCreateRequest = ZPromotionFields.refine(endsAfterStart, {
  message: 'endsAt must be after startsAt',
  path: ['endsAt'],
});
export type TPromotionCreateRequest = z.infer<typeof ZPromotionCreateRequest>;

/** PUT /api/promotion/update/:id: any of the fields. */
export const ZPromotionUpdateRequest = ZPromotionFields.partial().refine(endsAfterStart, {
  message: 'endsAt must be after startsAt',
  path: ['endsAt'],
});
export type TPromotionUpdateRequest = z.infer<typeof ZPromotionUpdateRequest>;

/** GET /api/promotion/stats?promotionId&from&to: bonuses granted (by credit time). */
export const ZPromotionStatsQuery = z.object({
  promotionId: ZId.optional(),
  from: ZInstantFrom.optional(),
  to: ZInstantTo.optional(),
});

export const ZPromotionStats = z.object({
  bonusCoins: z.number().int(),
  topups: z.number().int(),
  users: z.number().int(),
  byTier: z.array(
    z.object({
      minAmount: z.number().int(),
      percent: z.number().int(),
      topups: z.number().int(),
      users: z.number().int(),
      bonusCoins: z.number().int(),
    }),
  ),
});
export type TPromotionStats = z.infer<typeof ZPromotionStats>;
