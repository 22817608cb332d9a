/**
 * The abuse guards' statements (tables `rate_limits` and `used_captchas`) behind lib/rate-limit.ts
 * and lib/captcha.ts, and their purge.
 */
export {
  countRateLimitHit,
  deleteRateLimit,
  purgeExpiredLimits,
  readRateLimitCount,
  spendCaptchaSolution,
} from './repository.js';
