import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { captchaRoute } from './captcha.js';
import { forgotPasswordRoutes } from './forgot-password.js';
import { googleRoute } from './google.js';
import { loginRoute } from './login.js';
import { logoutRoute } from './logout.js';
import { registerRoutes } from './register.js';
import { renewTokenRoute } from './renew-token.js';

/** /api/auth/… (docs/wire-contract.md#registry): the calls of the registry's auth area. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['auth'] } };
  captchaRoute(app, opts);
  registerRoutes(app, opts);
  loginRoute(app, opts);
  googleRoute(app, opts);
  renewTokenRoute(app, opts);
  logoutRoute(app, opts);
  forgotPasswordRoutes(app, opts);
};

export const routes: ModuleRoutes = [{ plugin: authRoutes, prefix: '/auth' }];
