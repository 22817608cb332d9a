import { MAX_PASSWORD_LENGTH, type TLoginRequest, type ZCaptchaChallenge } from '@proxy/contract';
import * as z from 'zod/mini';

/*
 * Contract schemas the login page needs, rebuilt with zod/mini, so the page does not download
 * classic zod (about 30 KB gzip) for a few fields; the server still validates with the contract's
 * schemas. __tests__/lite-schemas.test.ts keeps each equal to its contract twin (same JSON Schema,
 * same answers).
 */

/** ZLoginRequest: the login form. */
export const ZLoginForm = z.object({
  email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_LENGTH)),
  code: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/))),
  captcha: z.optional(z.string().check(z.maxLength(4096))),
}) satisfies z.ZodMiniType<TLoginRequest>;

/** ZCaptchaChallenge: GET /api/auth/captcha (the ALTCHA challenge the forms solve). */
export const ZCaptchaChallengeLite = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.optional(z.number()),
  salt: z.string(),
  signature: z.string(),
}) satisfies z.ZodMiniType<z.output<typeof ZCaptchaChallenge>>;
