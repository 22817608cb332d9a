import { z } from 'zod';
import {
  isSecondFactorCode,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  OTP_LENGTH,
  TOTP_CODE_PATTERN,
} from '../constants.js';
import { ZMe } from './user.js';

/** The format check is the service's (EMAIL_INVALID); the schema only bounds the size. */
export const ZEmail = z.string().trim().toLowerCase().min(1).max(254);
export const ZPassword = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
/** Login accepts any non-empty password: older accounts may predate the length rule. */
const ZAnyPassword = z.string().min(1).max(MAX_PASSWORD_LENGTH);
export const ZOtpCode = z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`));
export const ZTotpCode = z.string().trim().regex(TOTP_CODE_PATTERN);
/** The second factor at sign-in: the app's 6-digit code, or one recovery code (any case). */
export const ZSecondFactorCode = z.string().trim().toLowerCase().refine(isSecondFactorCode);
/**
 * docs/product-rules.md#registration: an agency coupon starts with a lowercase letter and holds
 * letters, digits and hyphens.
 */
export const ZAgencyCode = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9-]*$/)
  .max(64);
export const ZCaptcha = z.string().max(4096).optional();

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const ZRegisterRequest = z
  .object({
    email: ZEmail,
    password: ZPassword,
    passwordConfirm: z.string().max(MAX_PASSWORD_LENGTH),
    agencyCode: ZAgencyCode.optional(),
    captcha: ZCaptcha,
    /** The page's language: the account's language for mails and alerts (en on a forced-English site). */
    lang: z.enum(['vi', 'en']).optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'incorrectPassword',
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZReceiveCodeRequest = z.object({ email: ZEmail });
export const ZReceiveCodeResponse = z.object({ ok: z.literal(true), remainTime: z.number().int() });

export const ZVerifyRequest = z.object({ email: ZEmail, code: ZOtpCode });

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: ZAnyPassword,
  code: ZSecondFactorCode.optional(),
  captcha: ZCaptcha,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TTokens = z.infer<typeof ZTokens>;

export const ZLoginResponse = z.object({ tokens: ZTokens, user: ZMe });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZGoogleLoginRequest = z.object({
  credential: z.string().min(1).max(8192),
  /**
   * The TOTP code or a recovery code, for an account with 2FA on (the first try without it answers
   * MISSING_2FA).
   */
  code: ZSecondFactorCode.optional(),
});

export const ZRenewTokenRequest = z.object({ refreshToken: z.string().min(1).max(512) });
export const ZLogoutRequest = z.object({ refreshToken: z.string().min(1).max(512) });

export const ZForgotPasswordRequest = z.object({ email: ZEmail, captcha: ZCaptcha });
export const ZCheckCodeForgotRequest = z.object({ email: ZEmail, code: ZOtpCode });
export const ZCheckCodeForgotResponse = z.object({ resetToken: z.string() });
export const ZCreateNewPasswordRequest = z.object({
  resetToken: z.string().min(1).max(2048),
  password: ZPassword,
});

export const ZCaptchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
