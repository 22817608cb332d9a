import { EMAIL_RE } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { verifyAltcha, verifyRecaptcha } from '../../lib/captcha.js';
import { AppError } from '../../lib/errors.js';
import type { Site } from '../site/index.js';

export interface RequestMeta {
  site: Site;
  ip: string;
  userAgent: string;
}

// Rate limits (issue: "per client IP and per account"). Windows are fixed, in seconds.
export const LIMITS = {
  loginIp: { max: 30, windowSec: 600 },
  // Sign-in attempts that need no captcha: per address (from anywhere) and per source address.
  // Past them every attempt needs one; nobody is locked out (docs/security.md#sign-in).
  loginFreeAccount: { max: 3, windowSec: 600 },
  loginFreeIp: { max: 10, windowSec: 600 },
  otpIp: { max: 20, windowSec: 3600 },
  otpAccount: { max: 8, windowSec: 3600 },
  registerIp: { max: 10, windowSec: 3600 },
} as const;

export function assertEmail(email: string): void {
  if (!EMAIL_RE.test(email)) {
    throw new AppError('EMAIL_INVALID');
  }
}

export async function checkCaptcha(ctx: AppContext, meta: RequestMeta, token: string | undefined): Promise<void> {
  if (ctx.config.CAPTCHA === 'off') {
    return;
  }
  const recaptcha = meta.site.settings.recaptcha;
  if (recaptcha?.secretKey) {
    return verifyRecaptcha(recaptcha.secretKey, token, meta.ip);
  }
  return verifyAltcha(ctx.db, ctx.keys.captcha, token);
}
