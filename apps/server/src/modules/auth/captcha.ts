import { authEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { newAltchaChallenge, verifyAltcha, verifyRecaptcha } from '../../lib/captcha.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import type { RequestMeta } from './guards.js';

/**
 * The captcha of sign-in, registration and password reset: the site's reCAPTCHA when it has a
 * secret key, else the app's own proof of work (ALTCHA), whose challenges this call hands out.
 */
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

/** GET /api/auth/captcha: a new ALTCHA challenge. */
export function captchaRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, authEndpoints.captcha, opts, async () => newAltchaChallenge(app.ctx.keys.captcha));
}
