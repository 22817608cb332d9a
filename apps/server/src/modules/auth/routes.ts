import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  ZOk,
  ZReceiveCodeRequest,
  ZReceiveCodeResponse,
  ZRegisterRequest,
  ZRenewTokenRequest,
  ZTokens,
  ZVerifyRequest,
} from '@proxy/contract';
import { newAltchaChallenge } from '../../lib/captcha.js';
import { requestMeta } from './request-meta.js';
import * as auth from './service.js';

const ok = { ok: true as const };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];

  app.get('/captcha', { schema: { tags, response: { 200: ZCaptchaChallenge } } }, async () =>
    newAltchaChallenge(app.ctx.keys.captcha),
  );

  app.post('/register', { schema: { tags, body: ZRegisterRequest, response: { 200: ZOk } } }, async (req) => {
    await auth.register(app.ctx, requestMeta(req), req.body);
    return ok;
  });

  app.post(
    '/receive-code',
    { schema: { tags, body: ZReceiveCodeRequest, response: { 200: ZReceiveCodeResponse } } },
    async (req) => ({
      ok: true as const,
      remainTime: await auth.receiveCode(app.ctx, requestMeta(req), req.body.email),
    }),
  );

  app.post('/verify', { schema: { tags, body: ZVerifyRequest, response: { 200: ZOk } } }, async (req) => {
    await auth.verifyEmail(app.ctx, requestMeta(req), req.body.email, req.body.code);
    return ok;
  });

  app.post('/login', { schema: { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } } }, async (req) =>
    auth.login(app.ctx, requestMeta(req), req.body),
  );

  app.post('/google', { schema: { tags, body: ZGoogleLoginRequest, response: { 200: ZLoginResponse } } }, async (req) =>
    auth.googleLogin(app.ctx, requestMeta(req), req.body.credential, req.body.code),
  );

  app.post('/renew-token', { schema: { tags, body: ZRenewTokenRequest, response: { 200: ZTokens } } }, async (req) =>
    auth.renewToken(app.ctx, requestMeta(req), req.body.refreshToken),
  );

  app.post('/logout', { schema: { tags, body: ZLogoutRequest, response: { 200: ZOk } } }, async (req) => {
    await auth.logout(app.ctx, requestMeta(req), req.body.refreshToken);
    return ok;
  });

  app.post(
    '/forgot-password',
    { schema: { tags, body: ZForgotPasswordRequest, response: { 200: ZOk } } },
    async (req) => {
      await auth.forgotPassword(app.ctx, requestMeta(req), req.body.email, req.body.captcha);
      return ok;
    },
  );

  app.post(
    '/check-code-forgot',
    { schema: { tags, body: ZCheckCodeForgotRequest, response: { 200: ZCheckCodeForgotResponse } } },
    async (req) => ({
      resetToken: await auth.checkCodeForgot(app.ctx, requestMeta(req), req.body.email, req.body.code),
    }),
  );

  app.put(
    '/create-new-password',
    { schema: { tags, body: ZCreateNewPasswordRequest, response: { 200: ZOk } } },
    async (req) => {
      await auth.createNewPassword(app.ctx, requestMeta(req), req.body.resetToken, req.body.password);
      return ok;
    },
  );
};
