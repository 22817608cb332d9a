import { z } from 'zod';
import { ZListQuery, ZId } from './common.js';
import { COINS_PER_CENT } from '../constants.js';

/** The top-up methods (docs/money.md#payment-methods); each is switched on per site. */
export const PAYMENT_METHODS = [
  'bank',
  'paypal',
  'card',
  'momo',
  'perfectmoney',
  'usdt',
  'bytepay',
  'tazapay',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);

/** pending → success | failed | cancelled | expired (docs/money.md#top-ups). */
export const TOPUP_STATUSES = ['pending', 'success', 'failed', 'cancelled', 'expired'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** The currency a method is paid in: VND is credited 1:1 in coins, USD (and USDT) at cents × 240. */
export const PAYMENT_CURRENCY: Record<PaymentMethod, 'VND' | 'USD'> = {
  bank: 'VND',
  momo: 'VND',
  paypal: 'USD',
  card: 'USD',
  perfectmoney: 'USD',
  usdt: 'USD',
  bytepay: 'USD',
  tazapay: 'USD',
};

/**
 * The smallest top-up per method, in coins (docs/money.md#minimums: above 0; 10,000 coins for bank
 * transfers, 1 dollar for PayPal, 1 cent for the other USD methods). Two exceptions come from the
 * providers themselves: MoMo takes at least 10,000 VND here too, and Stripe refuses card charges
 * under $0.50.
 */
export const PAYMENT_MIN_COINS: Record<PaymentMethod, number> = {
  bank: 10_000,
  momo: 10_000,
  paypal: 100 * COINS_PER_CENT,
  card: 50 * COINS_PER_CENT,
  perfectmoney: COINS_PER_CENT,
  usdt: COINS_PER_CENT,
  bytepay: COINS_PER_CENT,
  tazapay: COINS_PER_CENT,
};

/** The largest single top-up, in coins: 1 billion (≈ 41,666 USD). */
export const PAYMENT_MAX_COINS = 1_000_000_000;

/** Amounts of a USD method are whole cents, i.e. a multiple of 240 coins. */
export function paymentStepCoins(method: PaymentMethod): number {
  return PAYMENT_CURRENCY[method] === 'USD' ? COINS_PER_CENT : 1;
}

/** Every user's fixed bank-transfer code: this prefix and 6 characters without look-alikes (0/O, 1/I/L). */
export const CODE_BILL_PREFIX = 'NAP';
export const CODE_BILL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_BILL_LENGTH = 6;

export interface PromotionTier {
  minAmount: number;
  percent: number;
}

/**
 * docs/money.md#promotions: the tier of the site's active promotion a top-up of `amount` gets, the
 * best one it reaches (at or above its threshold): the highest percent, the first of equal ones.
 * Null when it reaches none. The server records this tier with the bonus it credits.
 */
export function promotionTier<T extends PromotionTier>(
  amount: number,
  promotion: { tiers: readonly T[] } | null,
): T | null {
  if (!promotion || amount <= 0) {
    return null;
  }
  let best: T | null = null;
  for (const t of promotion.tiers) {
    if (amount >= t.minAmount && t.percent > (best?.percent ?? 0)) {
      best = t;
    }
  }
  return best;
}

/**
 * docs/money.md#promotions: the deposit bonus of the site's active promotion, the best tier the amount
 * reaches (`promotionTier`). Integer coins, rounded down. The one rule: the top-up page shows it and
 * the server credits it.
 */
export function promotionBonus(amount: number, promotion: { tiers: readonly PromotionTier[] } | null): number {
  const tier = promotionTier(amount, promotion);
  return tier ? Math.floor((amount * Math.round(tier.percent * 100)) / 10_000) : 0;
}

// ---- requests ----

/** Every top-up amount is an integer number of coins (docs/money.md#coins); USD methods take whole cents. */
const ZCoins = z.number().int().positive().max(PAYMENT_MAX_COINS);

export const ZTopupCreateRequest = z.object({ amount: ZCoins });
export type TTopupCreateRequest = z.infer<typeof ZTopupCreateRequest>;

export const ZTazapayCreateRequest = z.object({
  amount: ZCoins,
  /** ISO 3166-1 alpha-2 of the payer, which Tazapay needs to offer local methods. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase()),
});
export type TTazapayCreateRequest = z.infer<typeof ZTazapayCreateRequest>;

/** complete-paypal-payment and bytepay-complete-order: the provider's order id. */
export const ZCompleteOrderRequest = z.object({ orderId: z.string().trim().min(1).max(200) });

export const ZBillQuery = z.object({ amount: z.coerce.number().int().positive().max(PAYMENT_MAX_COINS).optional() });

// ---- responses ----

export const ZPaymentMethodInfo = z.object({
  method: ZPaymentMethod,
  currency: z.enum(['VND', 'USD']),
  /** Coins. */
  minAmount: z.number().int(),
  /** Amounts must be a multiple of this many coins (240 = one cent for USD methods). */
  step: z.number().int(),
});
export type TPaymentMethodInfo = z.infer<typeof ZPaymentMethodInfo>;

export const ZBankAccount = z.object({
  bankName: z.string(),
  bin: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});

/** GET /api/bill/get-bill */
export const ZBill = z.object({
  codeBill: z.string(),
  /** null when the site has no bank transfer. */
  bank: ZBankAccount.nullable(),
  /** The VietQR (EMVCo) payload with codeBill as its content; with ?amount= it carries the amount. */
  qrPayload: z.string().nullable(),
  methods: z.array(ZPaymentMethodInfo),
  /** The bank simulator (no real account configured): admins can post a test transfer. */
  simulator: z.boolean(),
});
export type TBill = z.infer<typeof ZBill>;

/** What the payer does next; only the fields of the method are set. */
export const ZTopupInstructions = z.object({
  /** The provider's order/session id (PayPal order, Stripe session, MoMo order, …). */
  orderId: z.string().nullable(),
  /** Where to send the payer (PayPal approval, Stripe Checkout, MoMo, bytepay, Tazapay). */
  redirectUrl: z.string().nullable(),
  /** A QR to show: the VietQR payload (bank) or the MoMo QR link. */
  qrPayload: z.string().nullable(),
  /** USDT: the address to pay and the exact amount in USDT (6 decimals), on the network. */
  address: z.string().nullable(),
  payAmount: z.string().nullable(),
  network: z.string().nullable(),
  /** Perfect Money SCI: the form to post from the browser. */
  form: z
    .object({ action: z.string(), method: z.literal('POST'), fields: z.record(z.string(), z.string()) })
    .nullable(),
});
export type TTopupInstructions = z.infer<typeof ZTopupInstructions>;

export const TOPUP_CURRENCIES = ['VND', 'USD', 'USDT'] as const;

/**
 * A top-up's description as a translation key and its parameters (the web renders
 * `ledger.<key>`); `content` keeps the same in English. `amount` is in minor units of `currency`.
 * `note` is an admin's free text, shown as written.
 */
export const ZTopupI18n = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('topup'),
    params: z.object({
      method: ZPaymentMethod,
      amount: z.number().int(),
      currency: z.enum(TOPUP_CURRENCIES),
      note: z.string().optional(),
    }),
  }),
  z.object({
    key: z.literal('topupBank'),
    params: z.object({ amount: z.number().int(), code: z.string(), note: z.string().optional() }),
  }),
]);
export type TTopupI18n = z.infer<typeof ZTopupI18n>;

export const ZTopup = z.object({
  id: z.string(),
  method: ZPaymentMethod,
  content: z.string(),
  /** `content` for translation; absent or null for free text (a bank transfer's own content). */
  contentI18n: ZTopupI18n.nullable().optional(),
  /** Coins credited (or to be credited), without the bonus. */
  amount: z.number().int(),
  bonus: z.number().int(),
  status: z.enum(TOPUP_STATUSES),
  /** Set when a payment arrived but did not match and waits for an admin (not credited). */
  held: z.boolean(),
  createdAt: z.string(),
});
export type TTopup = z.infer<typeof ZTopup>;

/** The answer of every create/complete/check/cancel call. */
export const ZTopupDetail = ZTopup.extend({
  currency: z.enum(TOPUP_CURRENCIES),
  /** The amount in the provider's currency, as a decimal string (e.g. "10.00", "10.001234", "100000"). */
  providerAmount: z.string(),
  expiresAt: z.string().nullable(),
  instructions: ZTopupInstructions,
});
export type TTopupDetail = z.infer<typeof ZTopupDetail>;

export const ZTopupListQuery = z.object({
  ...ZListQuery.shape,
  status: z.enum(TOPUP_STATUSES).optional(),
  method: ZPaymentMethod.optional(),
});

/** The admin view: whose top-up, and why it is held. */
/**
 * Why a payment waits for an admin, as a translation key and parameters (the web renders
 * `notes.held.<key>`); `heldReason` keeps the same in English. Amounts are as the provider sent them.
 */
export const ZHeldReasonI18n = z.discriminatedUnion('key', [
  z.object({ key: z.enum(['unmatched', 'ambiguous', 'noProviderTxn']), params: z.object({}) }),
  z.object({
    key: z.literal('amount'),
    params: z.object({ got: z.string(), expected: z.string(), currency: z.string() }),
  }),
  z.object({ key: z.enum(['currency', 'payee']), params: z.object({ got: z.string(), expected: z.string() }) }),
  z.object({ key: z.literal('belowMinimum'), params: z.object({ min: z.number().int() }) }),
  z.object({ key: z.literal('paidAfter'), params: z.object({ status: z.string() }) }),
  z.object({ key: z.literal('transferType'), params: z.object({ type: z.string() }) }),
  /** `at`: when an admin credited the top-up of this amount that this transfer may be (ISO). */
  z.object({ key: z.literal('markedPaid'), params: z.object({ at: z.string() }) }),
]);
export type THeldReasonI18n = z.infer<typeof ZHeldReasonI18n>;

export const ZAdminTopup = ZTopupDetail.omit({ instructions: true }).extend({
  userId: z.string().nullable(),
  email: z.string().nullable(),
  heldReason: z.string().nullable(),
  heldReasonI18n: ZHeldReasonI18n.nullable().optional(),
  providerOrderId: z.string().nullable(),
  providerTxnId: z.string().nullable(),
  creditedAt: z.string().nullable(),
});
export type TAdminTopup = z.infer<typeof ZAdminTopup>;

export const ZAdminTopupListQuery = ZTopupListQuery.extend({
  /** Only payments that wait for an admin: held ones and unmatched bank transfers. */
  held: z.enum(['0', '1']).optional(),
  /** One customer's top-ups (the customer page). */
  userId: ZId.optional(),
});

/** PUT /api/bill/admin/topup/:id — mark paid; `amount` overrides what is credited (e.g. a held mismatch). */
export const ZAdminMarkPaidRequest = z.object({
  amount: ZCoins.optional(),
  note: z.string().trim().max(500).optional().default(''),
});

/** PUT /api/bill/admin/topup/:id/assign — credit an unmatched bank transfer to a user. */
export const ZAdminAssignTopupRequest = z.object({ userId: ZId });

/** POST /api/bill/admin/bank-simulate — the bank simulator: a transfer as the bank webhook would post it. */
export const ZBankSimulateRequest = z.object({
  content: z.string().trim().min(1).max(500),
  amount: ZCoins,
});

/** POST /api/webhook/bank — SePay's webhook body. */
export const ZSepayWebhook = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(100)]),
  gateway: z.string().max(100).optional().default(''),
  transactionDate: z.string().max(50).optional().default(''),
  accountNumber: z.string().max(50).optional().default(''),
  code: z.string().max(100).nullable().optional(),
  content: z.string().max(1000).optional().default(''),
  transferType: z.string().max(10),
  transferAmount: z.number().int().positive().max(1_000_000_000_000),
  accumulated: z.number().optional(),
  subAccount: z.string().max(50).nullable().optional(),
  referenceCode: z.string().max(100).nullable().optional(),
  description: z.string().max(1000).optional(),
});
export type TSepayWebhook = z.infer<typeof ZSepayWebhook>;

// ---- admin configuration of the methods ----

/**
 * Per method: its plain settings and its secrets. Secrets are stored encrypted and never returned;
 * the admin view says only whether each is set. In an update, a secret given as a string is set,
 * null clears it, and an absent one is kept.
 */
export const PAYMENT_METHOD_FIELDS = {
  bank: { plain: ['bankName', 'bin', 'accountNumber', 'accountName'], secret: ['webhookKey'] },
  paypal: { plain: ['baseUrl', 'clientId', 'webhookId'], secret: ['clientSecret'] },
  card: { plain: ['baseUrl'], secret: ['secretKey', 'webhookSecret'] },
  momo: { plain: ['baseUrl', 'partnerCode', 'accessKey'], secret: ['secretKey'] },
  perfectmoney: { plain: ['sciUrl', 'payeeAccount', 'payeeName'], secret: ['alternatePassphrase'] },
  usdt: { plain: ['baseUrl', 'address', 'contractAddress'], secret: ['apiKey'] },
  bytepay: { plain: ['baseUrl'], secret: ['apiKey', 'ipnSecret'] },
  tazapay: { plain: ['baseUrl', 'apiKey'], secret: ['apiSecret', 'webhookSecret'] },
} as const satisfies Record<PaymentMethod, { plain: readonly string[]; secret: readonly string[] }>;

/** Fields an enabled method cannot work without (the base URLs have defaults). */
export const PAYMENT_METHOD_REQUIRED: Record<PaymentMethod, readonly string[]> = {
  bank: ['bankName', 'bin', 'accountNumber', 'accountName'],
  paypal: ['clientId', 'clientSecret', 'webhookId'],
  card: ['secretKey', 'webhookSecret'],
  momo: ['partnerCode', 'accessKey', 'secretKey'],
  perfectmoney: ['payeeAccount', 'alternatePassphrase'],
  usdt: ['address'],
  bytepay: ['baseUrl', 'apiKey', 'ipnSecret'],
  tazapay: ['apiKey', 'apiSecret', 'webhookSecret'],
};

const plainValue = z.string().trim().max(500).nullable().optional();
const secretValue = z.string().min(1).max(2000).nullable().optional();
const url = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
  .nullable()
  .optional();

export const ZPaymentMethodUpdate = {
  bank: z.object({
    enabled: z.boolean().optional(),
    bankName: plainValue,
    bin: z
      .string()
      .regex(/^\d{6}$/, 'the 6-digit NAPAS BIN')
      .nullable()
      .optional(),
    accountNumber: z
      .string()
      .regex(/^[0-9A-Za-z]{1,19}$/)
      .nullable()
      .optional(),
    accountName: plainValue,
    webhookKey: z.string().min(8).max(200).nullable().optional(),
  }),
  paypal: z.object({
    enabled: z.boolean().optional(),
    baseUrl: url,
    clientId: plainValue,
    webhookId: plainValue,
    clientSecret: secretValue,
  }),
  card: z.object({ enabled: z.boolean().optional(), baseUrl: url, secretKey: secretValue, webhookSecret: secretValue }),
  momo: z.object({
    enabled: z.boolean().optional(),
    baseUrl: url,
    partnerCode: plainValue,
    accessKey: plainValue,
    secretKey: secretValue,
  }),
  perfectmoney: z.object({
    enabled: z.boolean().optional(),
    sciUrl: url,
    payeeAccount: z
      .string()
      .regex(/^U\d{5,12}$/, 'a USD account such as U1234567')
      .nullable()
      .optional(),
    payeeName: plainValue,
    alternatePassphrase: secretValue,
  }),
  usdt: z.object({
    enabled: z.boolean().optional(),
    baseUrl: url,
    address: z
      .string()
      .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'a TRON base58 address')
      .nullable()
      .optional(),
    contractAddress: z
      .string()
      .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'a TRON base58 address')
      .nullable()
      .optional(),
    apiKey: secretValue,
  }),
  bytepay: z.object({ enabled: z.boolean().optional(), baseUrl: url, apiKey: secretValue, ipnSecret: secretValue }),
  tazapay: z.object({
    enabled: z.boolean().optional(),
    baseUrl: url,
    apiKey: plainValue,
    apiSecret: secretValue,
    webhookSecret: secretValue,
  }),
} satisfies Record<PaymentMethod, z.ZodType>;

/** The admin view of one method: plain values, and for each secret only whether it is set. */
export const ZPaymentMethodConfigView = z.object({
  method: ZPaymentMethod,
  enabled: z.boolean(),
  values: z.record(z.string(), z.string().nullable()),
  secretsSet: z.record(z.string(), z.boolean()),
  /** The URL to give the provider for its webhooks (or the Perfect Money STATUS_URL). */
  webhookUrl: z.string().nullable(),
});
export type TPaymentMethodConfigView = z.infer<typeof ZPaymentMethodConfigView>;

export const ZPaymentConfig = z.object({
  /** The public base URL for provider redirects and webhooks; null means the request's own origin. */
  publicUrl: z.string().nullable(),
  methods: z.array(ZPaymentMethodConfigView),
});
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

export const ZPaymentPublicUrlUpdate = z.object({ publicUrl: url });
