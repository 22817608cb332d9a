import { isSecondFactorCode, MAX_PASSWORD_LENGTH, type TLoginRequest, type ZCaptchaChallenge } from '@proxy/contract';
import type { z } from 'zod';
import type { ClientErrorKey } from '@/lib/form-errors';
import { number, object, optional, string, type Reader } from '@/lib/plain-reader';

/*
 * Contract schemas the login page needs, as plain code, so the page downloads neither zod nor a
 * form library for a few fields; the server still validates with the contract's schemas.
 * __tests__/lite-schemas.test.ts keeps each equal to its contract twin (same values, same error
 * texts through formErrorMap).
 */

export type LoginField = 'email' | 'password' | 'code';
export type LoginFormValues = Pick<TLoginRequest, LoginField>;

/** What the login form's fields hold (an empty 2FA field is no code). */
export interface LoginFormInput {
  email: string;
  password: string;
  code?: string;
}

export type LoginFormCheck =
  | { data: LoginFormValues; errors?: undefined }
  | { data?: undefined; errors: Partial<Record<LoginField, ClientErrorKey>> };

/**
 * ZLoginRequest's rules for the form's fields, with the client message formErrorMap names for each
 * failing field: an empty value is 'fieldIsEmpty', a bad e-mail or code its format message.
 */
export function checkLoginForm(input: LoginFormInput): LoginFormCheck {
  const errors: Partial<Record<LoginField, ClientErrorKey>> = {};
  // ZEmail: trim, lower case, 1 to 254 characters.
  const email = input.email.trim().toLowerCase();
  if (email.length === 0) {
    errors.email = 'fieldIsEmpty';
  } else if (email.length > 254) {
    errors.email = 'emailInvalid';
  }
  // ZAnyPassword: 1 to MAX_PASSWORD_LENGTH characters; formErrorMap has no other text for it.
  if (input.password.length === 0 || input.password.length > MAX_PASSWORD_LENGTH) {
    errors.password = 'fieldIsEmpty';
  }
  const code = input.code?.trim().toLowerCase();
  if (code !== undefined && !isSecondFactorCode(code)) {
    errors.code = code === '' ? 'fieldIsEmpty' : 'codeInvalid';
  }
  if (Object.keys(errors).length > 0) {
    return { errors };
  }
  return { data: code === undefined ? { email, password: input.password } : { email, password: input.password, code } };
}

/** ZCaptchaChallenge: GET /api/auth/captcha (the ALTCHA challenge the forms solve). */
export const readCaptchaChallenge: Reader<z.output<typeof ZCaptchaChallenge>> = object({
  algorithm: string,
  challenge: string,
  maxnumber: optional(number),
  salt: string,
  signature: string,
});
