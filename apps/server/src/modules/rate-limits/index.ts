/**
 * The abuse guards' statements, touched only by raw SQL: `rate_limits` (fixed-window counters
 * shared by every instance; lib/rate-limit.ts) and `used_captchas` (spent ALTCHA solutions;
 * lib/captcha.ts), and their purge.
 */
export { countRateLimitHit, deleteRateLimit, readRateLimitCount } from './limit-requests.js';
export { spendCaptchaSolution } from './spend-captcha.js';
export { purgeExpiredLimits } from './purge-limits.js';
