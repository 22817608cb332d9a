import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/**
 * The `data` of the error answers that carry some (docs/wire-contract.md#errors), by code. The
 * server's `AppError(code, data)` is typed from this map, so a code sent with a shape not listed
 * here does not compile; the web reads `data` through the same types (ApiError.dataOf). A code
 * missing from the map carries no data. Kept out of errors.ts so that the web's first load, which
 * imports the codes, carries no schema.
 */

/** Seconds to wait before trying again (also the `Retry-After` header). */
const ZRemainTime = z.object({ remainTime: z.number().int().nonnegative() });

/** One refused input: where (`body.field`, or the path as an array) and why. */
export const ZErrorIssue = z.object({
  path: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
  message: z.string(),
});

/** What an outside provider or service failed at (for the operator; never shown as is). */
const ZReason = z.object({ reason: z.string() });

/** The supply could not serve the order: how many it can (`reason` when the pool is empty). */
const ZShortage = z.object({
  available: z.number().int().nonnegative(),
  reason: z.literal('noFreeAddress').optional(),
  product: z.enum(['v6', 'v4', 'key']).optional(),
  country: z.string().optional(),
});

/** Live proxies or keys still use the country or price. */
const ZInUse = z.object({ count: z.number().int().positive() });

export const ERROR_DATA = {
  /** Bad input: the issues, and for some rules the bounds the input broke. */
  VALIDATION_ERROR: z.object({
    issues: z.array(ZErrorIssue).optional(),
    /** The field a rule refused, when there are no issues (e.g. `amount` above `max`). */
    field: z.string().optional(),
    max: z.number().optional(),
    /** Retail quantities: the price's step and maximum, and the order's current quantity. */
    quantityStep: z.number().int().optional(),
    maxQuantity: z.number().int().optional(),
    quantity: z.number().int().optional(),
    /** Top-up amounts: the multiple of coins an amount must be. */
    step: z.number().int().optional(),
  }),
  /** The key already names another request: the order (or agency transfer) it names. */
  IDEMPOTENCY_KEY_REUSED: z.union([z.object({ orderId: z.string() }), z.object({ transferId: z.string() })]),
  /** A product the site does not sell. */
  FORBIDDEN: z.object({ product: z.enum(['v6', 'v4', 'key']) }),
  MAINTENANCE: z.object({ message: z.string(), messageEng: z.string(), until: z.string().nullable() }),
  TOO_MANY_REQUEST: ZRemainTime,
  CHANGE_PASSWORD_TOO_FAST: ZRemainTime,
  RESET_TOO_FAST: ZRemainTime,
  GET_IP_TOO_FAST: ZRemainTime,
  /** Too many addresses (`max`), or what a range must be. */
  INVALID_IP: z.union([z.object({ max: z.number().int() }), z.object({ message: z.string() })]),
  NOT_ENOUGT_PROXY: ZShortage,
  NOT_ENOUGHT_KEY: ZShortage,
  ORDER_NOT_EXPIRED: z.object({ orderId: z.string() }),
  BANDWIDTH_MAX: z.object({ maxGb: z.number().int(), currentGb: z.number().int() }),
  COUNTRY_IN_USE: ZInUse,
  PRICE_IN_USE: ZInUse,
  PAYMENT_ERROR: ZReason,
  CREDIT_ERROR: ZReason,
  /** MoMo's own result code, or what failed on the way. */
  MOMO_ERROR: z.union([z.object({ resultCode: z.number().nullable() }), ZReason]),
  /** `reason` 'supplierRefused': a supplier refused a prolong, in its own words (`supplierMessage`). */
  ADMIN_ERROR: ZReason.extend({ supplierMessage: z.string().optional() }),
  /** The smallest top-up of the method, in coins. */
  BANKING_AMOUNT_NOT_ENOUGH: z.object({ minAmount: z.number().int() }),
  INVALID_HOST: z.object({ host: z.string() }),
  /** The hosts that already select another site. */
  HOST_EXISTS: z.object({ hosts: z.array(z.string()) }),
  /** The site a new site's catalogue was to be copied from. */
  SITE_NOT_EXISTS: z.object({ copyCatalogFrom: z.string() }),
  INVALID_IMAGE: z.object({ maxBytes: z.number().int() }),
  OUTBOUND_URL_NOT_ALLOWED: z.object({ field: z.string(), issues: z.array(ZErrorIssue) }),
  /**
   * A charge the balance cannot cover, in coins: its price, the balance, and what is missing
   * (at least 1; a balance credited meanwhile can make price - balance smaller).
   */
  NOT_ENOUGH_MONEY: z.object({
    price: z.number().int().positive(),
    balance: z.number().int().nonnegative(),
    short: z.number().int().positive(),
  }),
  /** "Paste to act": at most `max` lines, `lines` sent. */
  TOO_MANY_LINES: z.object({ max: z.number().int(), lines: z.number().int() }),
} as const satisfies { [C in ErrorCode]?: z.ZodType };

export type ErrorDataCode = keyof typeof ERROR_DATA;

/** The `data` of an error answer with code `C` (never for a code that carries none). */
export type ErrorData<C extends ErrorCode> = C extends ErrorDataCode ? z.output<(typeof ERROR_DATA)[C]> : never;

/** The arguments after the code: the data of a code that carries some (optional), none otherwise. */
export type ErrorDataArgs<C extends ErrorCode> = C extends ErrorDataCode ? [data?: ErrorData<C>] : [];

/** An error answer; `data` is typed by its code from ERROR_DATA. */
export type ErrorBody<C extends ErrorCode = ErrorCode> = C extends ErrorCode
  ? { message: C; data?: ErrorData<C> }
  : never;
