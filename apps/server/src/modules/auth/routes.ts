import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '@proxy/contract';
import { newAltchaChallenge } from '../../lib/captcha.js';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { requestMeta } from './request-meta.js';
import * as auth from './service.js';

const ok = { ok: true as const };

/** /api/auth/… (docs/wire-contract.md#registry): the calls of the registry's auth area. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['auth'] } };
  const e = authEndpoints;

  route(app, e.captcha, opts, async () => newAltchaChallenge(app.ctx.keys.captcha));

  route(app, e.register, opts, async (req) => {
    await auth.register(app.ctx, requestMeta(req), req.body);
    return ok;
  });

  route(app, e.receiveCode, opts, async (req) => ({
    ok: true as const,
    remainTime: await auth.receiveCode(app.ctx, requestMeta(req), req.body.email),
  }));

  route(app, e.verify, opts, async (req) => {
    await auth.verifyEmail(app.ctx, requestMeta(req), req.body.email, req.body.code);
    return ok;
  });

  route(app, e.login, opts, async (req) => auth.login(app.ctx, requestMeta(req), req.body));

  route(app, e.google, opts, async (req) =>
    auth.googleLogin(app.ctx, requestMeta(req), req.body.credential, req.body.code),
  );

  route(app, e.renewToken, opts, async (req) => auth.renewToken(app.ctx, requestMeta(req), req.body.refreshToken));

  route(app, e.logout, opts, async (req) => {
    await auth.logout(app.ctx, requestMeta(req), req.body.refreshToken);
    return ok;
  });

  route(app, e.forgotPassword, opts, async (req) => {
    await auth.forgotPassword(app.ctx, requestMeta(req), req.body.email, req.body.captcha);
    return ok;
  });

  route(app, e.checkCodeForgot, opts, async (req) => ({
    resetToken: await auth.checkCodeForgot(app.ctx, requestMeta(req), req.body.email, req.body.code),
  }));

  route(app, e.createNewPassword, opts, async (req) => {
    await auth.createNewPassword(app.ctx, requestMeta(req), req.body.resetToken, req.body.password);
    return ok;
  });
};

export const routes: ModuleRoutes = [{ plugin: authRoutes, prefix: '/auth' }];
