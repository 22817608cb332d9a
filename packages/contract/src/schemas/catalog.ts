import { z } from 'zod';
import { MAX_ORDER_QUANTITY, MAX_QUANTITY_STEP } from '../constants.js';
import { PERIOD_UNITS } from '../period.js';

export const PRODUCTS = ['v6', 'v4', 'key'] as const;
export type Product = (typeof PRODUCTS)[number];
export const ZProduct = z.enum(PRODUCTS);

export const ZCountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

/** `stock`: how many the supply can serve now (docs/product-rules.md#stock); `available` is stock > 0. */
export const ZCountry = z.object({
  code: z.string(),
  name: z.string(),
  available: z.boolean(),
  stock: z.number().int(),
});
export type TCountry = z.infer<typeof ZCountry>;
export const ZAdminCountry = ZCountry.extend({ enabled: z.boolean() });

export const ZPeriod = z.object({
  unit: z.enum(PERIOD_UNITS),
  value: z.number().int().min(1).max(1000),
});

export const ZRetailPrice = z.object({
  id: z.string(),
  country: z.string(),
  unit: z.enum(PERIOD_UNITS),
  price: z.number().int(),
  renewPrice: z.number().int(),
  quantityStep: z.number().int(),
  maxQuantity: z.number().int(),
});
export type TRetailPrice = z.infer<typeof ZRetailPrice>;
/** A retail row as the admin lists it: inactive ones too. */
export const ZAdminRetailPrice = ZRetailPrice.extend({ active: z.boolean() });
export type TAdminRetailPrice = z.infer<typeof ZAdminRetailPrice>;

export const ZUpdateRetailRequest = z
  .object({
    price: z.number().int().min(0).max(1_000_000_000),
    renewPrice: z.number().int().min(0).max(1_000_000_000),
    quantityStep: z.number().int().min(1).max(MAX_QUANTITY_STEP),
    maxQuantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
    active: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'empty' });

export const ZPackage = z.object({
  id: z.string(),
  name: z.string(),
  /** The English name (docs/product-rules.md#catalogue), null when none is set: English readers see `name`. */
  nameEng: z.string().nullable(),
  price: z.number().int(),
  days: z.number().int(),
  proxies: z.number().int(),
  bandwidthGb: z.number().int().nullable(),
  isTrial: z.boolean(),
  minIntervalSec: z.number().int().nullable(),
});
export type TPackage = z.infer<typeof ZPackage>;
export const ZAdminPackage = ZPackage.extend({ active: z.boolean(), product: ZProduct });

export const ZUpdatePackageRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** Empty or null clears it. */
    nameEng: z.string().trim().max(100).nullable(),
    price: z.number().int().min(0).max(1_000_000_000),
    days: z.number().int().min(1).max(3650),
    proxies: z.number().int().min(1).max(100_000),
    bandwidthGb: z.number().int().min(1).max(1_000_000).nullable(),
    minIntervalSec: z.number().int().min(0).max(86_400).nullable(),
    active: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'empty' });

/**
 * A quantity discount tier (docs/money.md#discounts): from `minQuantity` proxies on, `percent` off.
 * The minimum is at most the largest quantity one order may reach (MAX_ORDER_QUANTITY): a tier
 * beyond it could never apply, and the column is a 4-byte integer.
 */
export const ZDiscountTier = z.object({
  minQuantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
  percent: z.number().min(0).max(90),
});
export const ZBandwidthPrice = z.object({ pricePerGb: z.number().int(), maxGb: z.number().int() });

/** `?product=`: the product a list is about (the discount tiers). */
export const ZProductQuery = z.object({ product: ZProduct });
/**
 * A product's tiers, replaced as a whole: at most 20, one per minimum (the table holds one row per
 * site, product and minimum), so a repeated minimum is refused at the later tier's `minQuantity`.
 */
export const ZUpdateDiscountRequest = z.object({
  product: ZProduct,
  tiers: z
    .array(ZDiscountTier)
    .max(20)
    .superRefine((tiers, ctx) => {
      const seen = new Set<number>();
      tiers.forEach((t, i) => {
        if (seen.has(t.minQuantity)) {
          ctx.addIssue({ code: 'custom', path: [i, 'minQuantity'], message: 'duplicate minQuantity' });
        }
        seen.add(t.minQuantity);
      });
    }),
});
export const ZUpdateBandwidthRequest = z.object({
  pricePerGb: z.number().int().min(0).max(100_000_000),
  maxGb: z.number().int().min(1).max(1_000_000),
});
export const ZUpdateCountryRequest = z.object({ code: ZCountryCode, enabled: z.boolean() });

/** A coin price as an admin sets it: a whole number of coins, 0 included. */
const ZPriceCoins = z.number().int().min(0).max(1_000_000_000);

/** One period price of a country (docs/product-rules.md#catalogue). */
export const ZCreateRetailRequest = z.object({
  country: ZCountryCode,
  unit: z.enum(PERIOD_UNITS),
  price: ZPriceCoins,
  renewPrice: ZPriceCoins,
  quantityStep: z.number().int().min(1).max(10_000).optional(),
  maxQuantity: z.number().int().min(1).max(100_000).optional(),
});
export type TCreateRetailRequest = z.infer<typeof ZCreateRetailRequest>;

/**
 * POST /api/country/{product}/admin/create: a new country on sale with its period prices (each unit
 * at most once; keys may have none, their sale is by package).
 */
export const ZCreateCountryRequest = z.object({
  code: ZCountryCode,
  name: z.string().trim().min(1).max(100),
  prices: z
    .array(ZCreateRetailRequest.omit({ country: true }))
    .max(PERIOD_UNITS.length)
    .refine((p) => new Set(p.map((x) => x.unit)).size === p.length, { message: 'duplicate unit' }),
});
export type TCreateCountryRequest = z.infer<typeof ZCreateCountryRequest>;

/** POST /api/{product}-package/admin/create-package */
export const ZCreatePackageRequest = z.object({
  name: z.string().trim().min(1).max(100),
  nameEng: z.string().trim().max(100).nullable().optional().default(null),
  price: ZPriceCoins,
  days: z.number().int().min(1).max(3650),
  proxies: z.number().int().min(1).max(100_000),
  bandwidthGb: z.number().int().min(1).max(1_000_000).nullable().optional().default(null),
  minIntervalSec: z.number().int().min(0).max(86_400).nullable().optional().default(null),
});
export type TCreatePackageRequest = z.infer<typeof ZCreatePackageRequest>;

/** DELETE …/admin/delete-package/:id: removed when nobody ever bought it, else retired (off sale). */
export const ZDeletePackageResponse = z.object({ deleted: z.boolean(), package: ZAdminPackage.nullable() });
