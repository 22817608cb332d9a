/** The abuse guards' statements behind lib/rate-limit.ts and lib/captcha.ts, and their purge. */
export {
  countRateLimitHit,
  deleteRateLimit,
  purgeExpiredLimits,
  readRateLimitCount,
  spendCaptchaSolution,
} from './repository.js';
