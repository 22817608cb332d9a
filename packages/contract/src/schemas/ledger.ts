import { z } from 'zod';
import { PERIOD_UNITS } from '../period.js';
import { ZProduct } from './catalog.js';
import { ZTopupI18n } from './payments.js';

/**
 * Periods as stored in ledger descriptions. Looser than a request's ZPeriod on purpose: a response
 * must never fail over a row written under older limits.
 */
export const ZStoredPeriod = z.object({ unit: z.enum(PERIOD_UNITS), value: z.number().int() });

/** What a promotion row is the bonus of: the top-up's description, or its free text. */
const ZPromotionOf = z.object({ topup: ZTopupI18n.optional(), text: z.string().optional() });

/**
 * A ledger row's description as a translation key and its parameters (the web renders
 * `ledger.<key>` in the reader's language); `content` keeps the same in English for API clients.
 * Rows whose content is free text (an admin's note, a bank transfer's content) have none.
 */
export const ZLedgerI18n = z.discriminatedUnion('key', [
  ...ZTopupI18n.options,
  z.object({
    key: z.literal('buyRetail'),
    params: z.object({
      code: z.string(),
      quantity: z.number().int(),
      product: ZProduct,
      country: z.string(),
      period: ZStoredPeriod,
    }),
  }),
  z.object({
    key: z.literal('buyPackage'),
    params: z.object({
      code: z.string(),
      package: z.string(),
      /** The package's English name when it had one (absent on older rows). */
      packageEng: z.string().nullable().optional(),
      quantity: z.number().int(),
      product: ZProduct,
      country: z.string(),
      days: z.number().int(),
    }),
  }),
  z.object({
    key: z.literal('buyKeys'),
    params: z.object({
      code: z.string(),
      package: z.string(),
      packageEng: z.string().nullable().optional(),
      quantity: z.number().int(),
      country: z.string(),
    }),
  }),
  z.object({
    key: z.enum(['renewOrder', 'autoRenewOrder']),
    params: z.object({ code: z.string(), count: z.number().int(), period: ZStoredPeriod }),
  }),
  z.object({
    key: z.literal('renewProxies'),
    params: z.object({ count: z.number().int(), product: ZProduct, period: ZStoredPeriod }),
  }),
  z.object({ key: z.literal('renewKeys'), params: z.object({ count: z.number().int(), period: ZStoredPeriod }) }),
  z.object({ key: z.literal('bandwidth'), params: z.object({ code: z.string(), gb: z.number().int() }) }),
  z.object({
    key: z.literal('increaseAmount'),
    params: z.object({
      code: z.string(),
      quantity: z.number().int(),
      product: ZProduct,
      country: z.string(),
      hours: z.number().int(),
    }),
  }),
  z.object({
    key: z.literal('changeCountry'),
    params: z.object({
      code: z.string(),
      count: z.number().int(),
      from: z.string(),
      to: z.string(),
      hours: z.number().int(),
    }),
  }),
  z.object({ key: z.literal('promotion'), params: ZPromotionOf }),
  z.object({ key: z.enum(['adminAdd', 'refund']), params: z.object({}) }),
  z.object({ key: z.literal('orderRefund'), params: z.object({ code: z.string() }) }),
  // docs/money.md#agency: the owner's commission on a member's top-up, and transfers to members.
  z.object({
    key: z.literal('agencyCommission'),
    params: z.object({ email: z.string(), amount: z.number().int(), percent: z.number().int() }),
  }),
  z.object({ key: z.literal('agencyTransferOut'), params: z.object({ email: z.string() }) }),
  z.object({ key: z.literal('agencyTransferIn'), params: z.object({ agency: z.string() }) }),
]);
export type TLedgerI18n = z.infer<typeof ZLedgerI18n>;
export type LedgerI18nKey = TLedgerI18n['key'];
