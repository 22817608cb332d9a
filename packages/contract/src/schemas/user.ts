import { z } from 'zod';
import { ZListQuery, ZId } from './common.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, TOTP_CODE_PATTERN } from '../constants.js';
import { ZLedgerI18n } from './ledger.js';

export const ZMe = z.object({
  id: z.string(),
  email: z.string(),
  role: z.number().int(),
  balance: z.number().int(),
  apiKey: z.string().nullable(),
  ownerAgency: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  autoRenewPrivate: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type TMe = z.infer<typeof ZMe>;

export const ZMoney = z.object({ balance: z.number().int() });

/**
 * docs/product-rules.md#passwords: old and new password required, the new one at least 6 long and equal to its
 * confirmation. A Google-only account sets a password by giving the same value as old and new.
 */
export const ZChangePasswordRequest = z
  .object({
    password: z.string().max(MAX_PASSWORD_LENGTH),
    passwordConfirm: z.string().max(MAX_PASSWORD_LENGTH),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.newPassword === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'incorrectPassword',
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZPasswordOnly = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
export const ZTurnOn2faResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const ZVerify2faRequest = z.object({
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
  code: z.string().trim().regex(TOTP_CODE_PATTERN),
});
/** Recovery codes, shown once: when 2FA is turned on and when they are made anew. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const ZVerify2faResponse = z.object({ ok: z.literal(true), recoveryCodes: z.array(z.string()) });
/** A new set of recovery codes needs a current code from the app. */
export const ZRegenerateRecoveryCodesRequest = z.object({
  code: z.string().trim().regex(TOTP_CODE_PATTERN),
});
export const ZGenerateKeyResponse = z.object({ apiKey: z.string() });
export const ZAutoRenewRequest = z.object({ autoRenew: z.boolean() });

/** Admin views of users. */
export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  role: z.number().int(),
  /** null where the viewer may not see it: a site admin sees customers' balances only. */
  balance: z.number().int().nullable(),
  siteId: z.string(),
  active: z.boolean(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserListQuery = z.object({
  ...ZListQuery.shape,
});

export const ZAdminUpdateUserRequest = z
  .object({
    role: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    active: z.boolean().optional(),
    emailVerified: z.boolean().optional(),
    password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH).optional(),
    disable2fa: z.literal(true).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'empty' });

export const ZAdminActiveUserRequest = z.object({ userId: ZId, active: z.boolean() });

export const ZBalanceAdjustRequest = z.object({
  amount: z.number().int().positive().max(1_000_000_000_000),
  note: z.string().trim().max(500).optional().default(''),
});

export const ZCreateAdminRequest = z.object({
  email: z.string().trim().toLowerCase().min(3).max(254),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH),
  siteId: ZId.optional(),
});

export const TRANSACTION_TYPES = [
  'topup',
  'admin_add',
  'buy_proxy_v6',
  'buy_proxy_v4',
  'buy_key',
  'renew_key',
  'auto_renew_key',
  'refund',
  'increase_bandwidth',
  'increase_amount',
  'change_country',
  'promotion',
  'admin_topup',
  'credit_card',
  'renew_private',
  'auto_renew_private',
  'renew',
  'auto_renew',
  'credit',
  'admin_deduct',
  'agency_commission',
  'agency_transfer_out',
  'agency_transfer_in',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * What counts as spending (a customer's) and revenue (a site's): purchases, renewals and amendments
 * (negative amounts), less refunds (positive).
 */
export const SPEND_TRANSACTION_TYPES = [
  'buy_proxy_v6',
  'buy_proxy_v4',
  'buy_key',
  'renew',
  'auto_renew',
  'renew_key',
  'auto_renew_key',
  'renew_private',
  'auto_renew_private',
  'increase_bandwidth',
  'increase_amount',
  'change_country',
  'refund',
] as const satisfies readonly TransactionType[];

export const ZTransaction = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  content: z.string(),
  /** `content` for translation; absent or null when it is free text (an admin's note). */
  contentI18n: ZLedgerI18n.nullable().optional(),
  balanceBefore: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;
