/** Business constants (docs/product-rules.md#constants). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/**
 * docs/security.md#two-factor: a recovery code, five and five base-32 letters ("k3m7q-x2p4a"). Here,
 * not beside the zod schemas, so the sign-in page can check it without loading zod.
 */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;
export const RECOVERY_CODE_LENGTH = 11;
/** The authenticator app's code: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** The second factor at sign-in (trimmed, lower case): the app's code or a recovery code. */
export function isSecondFactorCode(code: string): boolean {
  return TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code);
}
export const MAX_AUTH_IPS = 3;
/** The default retail quantity step of IPv6 (a site's prices may set another, up to MAX_QUANTITY_STEP). */
export const QUANTITY_STEP = 50;
export const MAX_QUANTITY_STEP = 10_000;
/** The most ids one batch call takes (docs/wire-contract.md#batches). */
export const MAX_BATCH_IDS = 1000;
/** The most proxies one request may ask for (a buy, an increase) and the highest maximum a price may set. */
export const MAX_ORDER_QUANTITY = 100_000;
export const RESET_INTERVAL_MIN = 15;
export const RESET_INTERVAL_MAX = 1000;
/** Days from expiry to lock (the port and address go back to the pool); a site setting. */
export const LOCK_DAYS = { default: 7, min: 1, max: 90 } as const;
export const PROXY_PASSWORD_MIN = 10;
export const PROXY_PASSWORD_MAX = 20;
/**
 * docs/product-rules.md#proxy-passwords: a proxy password change takes effect within 2 minutes and
 * cannot be repeated faster.
 */
export const PROXY_PASSWORD_CHANGE_SECONDS = 120;

/** docs/money.md#coins: dollar display is coins / 24000; a USD payment credits cents × 240 coins. */
export const COINS_PER_USD = 24000;
export const COINS_PER_CENT = 240;

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 500;

export const LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';
export const DEFAULT_COLOR = '#2196F3';

/** Numeric roles (docs/product-rules.md#roles): 0 owner, 2 site admin, 1 customer. */
export const ROLE = { OWNER: 0, CUSTOMER: 1, SITE_ADMIN: 2 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export function isAdminRole(role: number): boolean {
  return role === ROLE.OWNER || role === ROLE.SITE_ADMIN;
}

/** Email OTP (docs/wire-contract.md#auth): 6 digits, 10 minutes, 5 attempts; a new code at most once a minute. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;

/** Default deposit promotion tiers (docs/money.md#promotions). */
export const DEFAULT_PROMOTION = {
  tiers: [
    { minAmount: 1_000_000, percent: 10 },
    { minAmount: 5_000_000, percent: 15 },
  ],
} as const;
