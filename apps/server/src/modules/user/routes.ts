import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { accountSettingsRoutes } from './account-settings.js';
import { adjustBalanceRoutes } from './adjust-balance.js';
import { changePasswordRoute } from './change-password.js';
import { createAdminRoute } from './create-admin.js';
import { logTransactionsRoutes, ownTransactionsRoute } from './list-transactions.js';
import { meRoutes } from './me.js';
import { twoFactorRoutes } from './two-factor.js';
import { setActiveRoute, updateUserRoutes } from './update-user.js';
import { viewUsersRoutes } from './view-users.js';

/** /api/user/…: the caller's account, and the admin's calls on the site's users. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['user'] } };
  app.addHook('preHandler', authenticate);
  meRoutes(app, opts);
  changePasswordRoute(app, opts);
  twoFactorRoutes(app, opts);
  accountSettingsRoutes(app, opts);
  ownTransactionsRoute(app, opts);

  const admin = { ...opts, preHandler: requireAdmin };
  viewUsersRoutes(app, admin);
  updateUserRoutes(app, admin);
  adjustBalanceRoutes(app, admin);
  setActiveRoute(app, admin);
  createAdminRoute(app, admin);
};

/** /api/log/… (the ledger). */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['log'] } };
  app.addHook('preHandler', authenticate);
  logTransactionsRoutes(app, opts, { ...opts, preHandler: requireAdmin });
};

export const routes: ModuleRoutes = [
  { plugin: userRoutes, prefix: '/user' },
  { plugin: logRoutes, prefix: '/log' },
];
