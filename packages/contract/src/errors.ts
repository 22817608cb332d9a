/**
 * The closed set of error codes the API can answer with (docs/wire-contract.md#errors),
 * and the HTTP status of each (docs/wire-contract.md#errors).
 */
export const ERROR_CODES = [
  // generic
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REUSED',
  'FORBIDDEN',
  'NOT_FOUND',
  'IP_NOT_ALLOWED',
  'UNKNOW_ERROR',
  // the database is briefly unreachable (a restart, a lost connection): try again
  'SERVICE_UNAVAILABLE',
  // the site's maintenance notice is on: customers cannot buy, renew or top up (admins can)
  'MAINTENANCE',
  // account
  'USERNAME_NOT_EXISTS',
  'USER_NOT_EXISTS',
  'WRONG_PASSWORD',
  'MISS_PASSWORD',
  // an account without a password (two sign-ups of one address disagreed): set one with forgot-password
  'PASSWORD_NOT_SET',
  'USERNAME_BANNED',
  'NOT_VERIFY_MAIL',
  'ACCOUNT_NOT_YET_VERIFY',
  'USER_EXISTS',
  'USER_ALREADY_EXISTS',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  // verification
  'WRONG_CODE',
  'VERIFY_EMAIL_FAIL',
  'VERIFY_EMAIL_FAIL_EXP',
  'VERIFY_EMAIL_ALREADY',
  'EMAIL_INVALID',
  // balance
  'NOT_ENOUGH_MONEY',
  'USER_BALANCE_NOT_ENOUGH',
  // rate limits
  'CHANGE_PASSWORD_TOO_FAST',
  'RESET_TOO_FAST',
  'GET_IP_TOO_FAST',
  'TOO_MANY_REQUEST',
  // 2FA and captcha
  'INVALID_2FA',
  'MISSING_2FA',
  'TWOFA_IS_ON',
  'TWOFA_IS_OFF',
  'INVALID_CAPTCHA',
  // google
  'GOOGLE_LOGIN',
  // the account is linked to another Google subject than the one signing in
  'GOOGLE_ACCOUNT_MISMATCH',
  // ip
  'INVALID_IP',
  'SAME_OLD_AUTH_IP',
  'SET_AUTHIP_FAIL',
  // proxy
  'PROXY_BUY_FAIL',
  'PROXY_NOT_EXISTS',
  'PROXY_NOT_VALID',
  'PROXY_EXPIRED',
  'NOT_ENOUGT_PROXY',
  'NOT_NOUGHT_PROXY',
  // key
  'NOT_ENOUGHT_KEY',
  'KEY_EXPIRED',
  'KEY_NOT_EXISTS',
  'INVALID_KEY',
  // order
  'ORDER_NOT_EXIST',
  'ORDER_EXPIRED',
  'ORDER_PROCESSING',
  'ORDER_NOT_EXPIRED',
  // the order was cancelled by an admin: nothing more can be done to it
  'ORDER_CANCELLED',
  'BANDWIDTH_MAX',
  // plan
  'PLAN_PROCESSING',
  'ALREADY_CREATE_PLAN',
  'NOT_YET_CREATE_PLAN',
  'ALREADY_BUY_PLAN',
  'ALREADY_USE_TRIAL',
  'PLAN_NOT_EXISTS',
  // country
  'INVALID_COUNTRY',
  'PLEASE_CHOOSE_COUNTRY',
  'TEST_ON_USA_PROXY',
  // catalogue admin: the site already sells this country / period price
  'COUNTRY_EXISTS',
  'PRICE_EXISTS',
  // catalogue admin: live proxies or keys still use this country / period price
  'COUNTRY_IN_USE',
  'PRICE_IN_USE',
  // tag
  'TAG_ALREADY_EXISTS',
  'TAG_NOT_EXISTS',
  // agency
  'AGENCY_ALREADY_HAVE',
  'AGENCY_NOT_ACTIVE',
  'AGENCY_NOT_EXISTS',
  'REF_ALREADY_EXISTS',
  // payment
  'PAYMENT_ALREADY_DONE',
  'PAYMENT_CANCELED',
  'PAYMENT_PENDING',
  'PAYMENT_ERROR',
  'PAYMENT_NOT_BELONG_WEBSITE',
  'PAYMENT_METHOD_DISABLED',
  'PAYMENT_NOT_EXISTS',
  'BANKING_AMOUNT_NOT_ENOUGH',
  'BANK_ERROR',
  'BANK_PROCESSING',
  'CREDIT_ERROR',
  'MOMO_ERROR',
  // admin side
  'ADMIN_ERROR',
  // site content: another tutorial of the site already has this slug
  'SLUG_EXISTS',
  'SITE_NOT_EXISTS',
  // sites admin: a host already selects another site; a host that is no valid host name
  'HOST_EXISTS',
  'INVALID_HOST',
  // a logo that is no PNG, JPEG or WebP image, or too big
  'INVALID_IMAGE',
  // an admin- or user-set URL that must lead to a public https address
  'OUTBOUND_URL_NOT_ALLOWED',
  // promotions (docs/wire-contract.md#promotions)
  'PROMOTION_NOT_EXISTS',
  'PROMOTION_ACTIVE_EXISTS',
  // alerts and webhooks (/api/notify)
  'TELEGRAM_NOT_CONFIGURED',
  'TELEGRAM_ERROR',
  'WEBHOOK_NOT_SET',
  'DELIVERY_NOT_EXISTS',
  // "paste to act" (POST /api/proxy/match): more than MATCH_MAX_LINES lines {max, lines}
  'TOO_MANY_LINES',
  // a customer proxy is still served through this supplier: it cannot be deleted
  'SUPPLIER_IN_USE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CONFLICT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'USER_EXISTS',
  'USER_ALREADY_EXISTS',
  'VERIFY_EMAIL_ALREADY',
  'TWOFA_IS_ON',
  'TWOFA_IS_OFF',
  'TAG_ALREADY_EXISTS',
  'PAYMENT_ALREADY_DONE',
  'PAYMENT_CANCELED',
  'ALREADY_CREATE_PLAN',
  'ALREADY_BUY_PLAN',
  'ALREADY_USE_TRIAL',
  'ORDER_PROCESSING',
  'PLAN_PROCESSING',
  'AGENCY_ALREADY_HAVE',
  'REF_ALREADY_EXISTS',
  'COUNTRY_EXISTS',
  'PRICE_EXISTS',
  'COUNTRY_IN_USE',
  'PRICE_IN_USE',
  'ORDER_CANCELLED',
  'PROMOTION_ACTIVE_EXISTS',
  'SLUG_EXISTS',
  'HOST_EXISTS',
  'SUPPLIER_IN_USE',
]);

const NOT_FOUND: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'NOT_FOUND',
  'USERNAME_NOT_EXISTS',
  'USER_NOT_EXISTS',
  'PROXY_NOT_EXISTS',
  'KEY_NOT_EXISTS',
  'ORDER_NOT_EXIST',
  'PLAN_NOT_EXISTS',
  'TAG_NOT_EXISTS',
  'AGENCY_NOT_EXISTS',
  'PAYMENT_NOT_EXISTS',
  'SITE_NOT_EXISTS',
  'PROMOTION_NOT_EXISTS',
  'DELIVERY_NOT_EXISTS',
]);

/** HTTP status for an error code (docs/wire-contract.md#errors). */
export function statusOf(code: ErrorCode): number {
  if (code === 'INVALID_TOKEN' || code === 'INVALID_KEY') {
    return 401;
  }
  if (code === 'TOKEN_EXPIRED' || code === 'FORBIDDEN' || code === 'IP_NOT_ALLOWED') {
    return 403;
  }
  if (NOT_FOUND.has(code)) {
    return 404;
  }
  if (CONFLICT.has(code)) {
    return 409;
  }
  if (code.endsWith('_TOO_FAST') || code === 'TOO_MANY_REQUEST') {
    return 429;
  }
  if (code === 'UNKNOW_ERROR') {
    return 500;
  }
  if (code === 'SERVICE_UNAVAILABLE' || code === 'MAINTENANCE') {
    return 503;
  }
  // The request is well-formed but its Idempotency-Key already names another request.
  if (code === 'IDEMPOTENCY_KEY_REUSED') {
    return 422;
  }
  return 400;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
