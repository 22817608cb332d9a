import { ZOk } from '../schemas/common.js';
import {
  ZCaptchaChallenge,
  ZCheckCodeForgotRequest,
  ZCheckCodeForgotResponse,
  ZCreateNewPasswordRequest,
  ZForgotPasswordRequest,
  ZGoogleLoginRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZReceiveCodeRequest,
  ZReceiveCodeResponse,
  ZRegisterRequest,
  ZRenewTokenRequest,
  ZTokens,
  ZVerifyRequest,
} from '../schemas/auth.js';
import { endpoint } from './define.js';

/**
 * /api/auth/… (docs/wire-contract.md#registry): sign-up, sign-in and password reset. The rate
 * limits (TOO_MANY_REQUEST with data.remainTime) and captchas are the server's, per call.
 */
export const authEndpoints = {
  captcha: endpoint('GET', '/auth/captcha', { response: ZCaptchaChallenge }),
  register: endpoint('POST', '/auth/register', {
    body: ZRegisterRequest,
    response: ZOk,
    errors: [
      'EMAIL_INVALID',
      'TOO_MANY_REQUEST',
      'INVALID_CAPTCHA',
      'AGENCY_NOT_EXISTS',
      'AGENCY_NOT_ACTIVE',
      'USER_EXISTS',
    ],
  }),
  receiveCode: endpoint('POST', '/auth/receive-code', {
    body: ZReceiveCodeRequest,
    response: ZReceiveCodeResponse,
    errors: ['TOO_MANY_REQUEST', 'USER_NOT_EXISTS', 'VERIFY_EMAIL_ALREADY'],
  }),
  verify: endpoint('POST', '/auth/verify', {
    body: ZVerifyRequest,
    response: ZOk,
    errors: ['TOO_MANY_REQUEST', 'USER_NOT_EXISTS', 'VERIFY_EMAIL_ALREADY', 'WRONG_CODE', 'VERIFY_EMAIL_FAIL_EXP'],
  }),
  login: endpoint('POST', '/auth/login', {
    body: ZLoginRequest,
    response: ZLoginResponse,
    errors: [
      'TOO_MANY_REQUEST',
      'INVALID_CAPTCHA',
      // also for an address with no account: the answer does not tell which
      'WRONG_PASSWORD',
      'GOOGLE_LOGIN',
      'PASSWORD_NOT_SET',
      'NOT_VERIFY_MAIL',
      'USERNAME_BANNED',
      'MISSING_2FA',
      'INVALID_2FA',
    ],
  }),
  google: endpoint('POST', '/auth/google', {
    body: ZGoogleLoginRequest,
    response: ZLoginResponse,
    errors: [
      'TOO_MANY_REQUEST',
      'INVALID_TOKEN',
      'USER_EXISTS',
      'GOOGLE_ACCOUNT_MISMATCH',
      'USERNAME_BANNED',
      'MISSING_2FA',
      'INVALID_2FA',
    ],
  }),
  renewToken: endpoint('POST', '/auth/renew-token', {
    body: ZRenewTokenRequest,
    response: ZTokens,
    errors: ['INVALID_TOKEN'],
  }),
  logout: endpoint('POST', '/auth/logout', { body: ZLogoutRequest, response: ZOk }),
  forgotPassword: endpoint('POST', '/auth/forgot-password', {
    body: ZForgotPasswordRequest,
    response: ZOk,
    errors: ['TOO_MANY_REQUEST', 'INVALID_CAPTCHA'],
  }),
  checkCodeForgot: endpoint('POST', '/auth/check-code-forgot', {
    body: ZCheckCodeForgotRequest,
    response: ZCheckCodeForgotResponse,
    errors: ['TOO_MANY_REQUEST', 'WRONG_CODE', 'VERIFY_EMAIL_FAIL_EXP'],
  }),
  createNewPassword: endpoint('PUT', '/auth/create-new-password', {
    body: ZCreateNewPasswordRequest,
    response: ZOk,
    errors: ['INVALID_TOKEN', 'TOKEN_EXPIRED'],
  }),
};
