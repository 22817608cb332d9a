import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminActiveUserRequest,
  ZAdminUpdateUserRequest,
  ZAdminUser,
  ZAdminUserListQuery,
  ZAutoRenewRequest,
  ZBalanceAdjustRequest,
  ZChangePasswordRequest,
  ZCreateAdminRequest,
  ZGenerateKeyResponse,
  ZListQuery,
  ZAdminUserScopedListQuery,
  ZMe,
  ZMoney,
  ZOk,
  ZPasswordOnly,
  ZTokens,
  ZTransaction,
  ZTurnOn2faResponse,
  ZVerify2faRequest,
  zPage,
  ROLE,
} from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { toMe, requestMeta } from '../auth/index.js';
import { listLedger } from '../ledger/index.js';
import { setPrivateAutoRenew } from '../orders/index.js';
import * as users from './service.js';

const ZIdParams = z.object({ id: z.string().uuid() });
const ok = { ok: true as const };

// eslint-disable-next-line max-lines-per-function -- route table: one short handler per endpoint of this prefix
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];
  app.addHook('preHandler', authenticate);

  app.get('/me', { schema: { tags, response: { 200: ZMe } } }, async (req) =>
    toMe(await users.getUser(app.ctx, req.user.id)),
  );

  app.get('/get-money', { schema: { tags, response: { 200: ZMoney } } }, async (req) => ({
    balance: req.user.balance,
  }));

  app.put(
    '/change-password',
    { schema: { tags, body: ZChangePasswordRequest, response: { 200: z.object({ tokens: ZTokens }) } } },
    async (req) => ({
      tokens: await users.changePassword(app.ctx, requestMeta(req), req.user.id, req.body, req.sessionId),
    }),
  );

  app.post(
    '/turn-on-2fa',
    { schema: { tags, body: ZPasswordOnly, response: { 200: ZTurnOn2faResponse } } },
    async (req) => users.turnOn2fa(app.ctx, requestMeta(req), req.user.id, req.body.password),
  );

  app.post('/verify-2fa', { schema: { tags, body: ZVerify2faRequest, response: { 200: ZOk } } }, async (req) => {
    await users.verify2fa(app.ctx, req.user.id, req.body.password, req.body.code);
    return ok;
  });

  app.post('/turn-off-2fa', { schema: { tags, body: ZVerify2faRequest, response: { 200: ZOk } } }, async (req) => {
    await users.turnOff2fa(app.ctx, req.user.id, req.body.password, req.body.code);
    return ok;
  });

  app.post('/generate-key', { schema: { tags, response: { 200: ZGenerateKeyResponse } } }, async (req) => ({
    apiKey: await users.generateApiKey(app.ctx, req.user),
  }));

  app.put('/auto-renew', { schema: { tags, body: ZAutoRenewRequest, response: { 200: ZOk } } }, async (req) => {
    await setPrivateAutoRenew(app.ctx, req.user.id, req.body.autoRenew);
    return ok;
  });

  app.get(
    '/transaction',
    { schema: { tags, querystring: ZListQuery, response: { 200: zPage(ZTransaction) } } },
    async (req) => {
      const { page, limit, search } = req.query;
      const r = await listLedger(app.ctx.db, { userId: req.user.id, page, limit, search });
      return toPage(r.items, r.total, page, limit);
    },
  );

  // ---- admin ----
  const admin = { preHandler: requireAdmin };
  const actor = (req: { user: { id: string; role: number; siteId: string } }) => ({
    id: req.user.id,
    role: req.user.role,
    siteId: req.user.siteId,
  });

  app.get(
    '/admin/detail/:id',
    { ...admin, schema: { tags, params: ZIdParams, response: { 200: ZAdminUser } } },
    async (req) => users.adminGetUser(app.ctx, actor(req), req.site.id, req.params.id),
  );

  app.get(
    '/admin/get-all-user',
    { ...admin, schema: { tags, querystring: ZAdminUserListQuery, response: { 200: zPage(ZAdminUser) } } },
    async (req) => users.listUsers(app.ctx, actor(req), req.site.id, [ROLE.CUSTOMER], req.query),
  );

  app.get(
    '/admin/get-all-admin',
    { ...admin, schema: { tags, querystring: ZAdminUserListQuery, response: { 200: zPage(ZAdminUser) } } },
    async (req) => users.listUsers(app.ctx, actor(req), req.site.id, [ROLE.OWNER, ROLE.SITE_ADMIN], req.query),
  );

  for (const path of ['/admin/update-user/:id', '/admin/update/:id']) {
    app.put(
      path,
      { ...admin, schema: { tags, params: ZIdParams, body: ZAdminUpdateUserRequest, response: { 200: ZAdminUser } } },
      async (req) => users.adminUpdateUser(app.ctx, actor(req), req.site.id, req.params.id, req.body),
    );
  }

  app.put(
    '/admin/add-to-balance/:id',
    { ...admin, schema: { tags, params: ZIdParams, body: ZBalanceAdjustRequest, response: { 200: ZMoney } } },
    async (req) =>
      users.adminAdjustBalance(
        app.ctx,
        actor(req),
        req.site.id,
        req.params.id,
        'admin_add',
        req.body.amount,
        req.body.note,
      ),
  );

  app.put(
    '/admin/refund/:id',
    { ...admin, schema: { tags, params: ZIdParams, body: ZBalanceAdjustRequest, response: { 200: ZMoney } } },
    async (req) =>
      users.adminAdjustBalance(
        app.ctx,
        actor(req),
        req.site.id,
        req.params.id,
        'refund',
        req.body.amount,
        req.body.note,
      ),
  );

  app.put(
    '/admin-active-user',
    { ...admin, schema: { tags, body: ZAdminActiveUserRequest, response: { 200: ZAdminUser } } },
    async (req) => users.adminSetActive(app.ctx, actor(req), req.site.id, req.body.userId, req.body.active),
  );

  app.post(
    '/create-admin',
    { ...admin, schema: { tags, body: ZCreateAdminRequest, response: { 200: ZAdminUser } } },
    async (req) => users.createAdmin(app.ctx, actor(req), req.site.id, req.body),
  );
};

const ZAdminTransaction = ZTransaction.extend({ email: z.string().optional() });

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['log'];
  app.addHook('preHandler', authenticate);

  app.get(
    '/list-transaction',
    { schema: { tags, querystring: ZListQuery, response: { 200: zPage(ZTransaction) } } },
    async (req) => {
      const { page, limit, search } = req.query;
      const r = await listLedger(app.ctx.db, { userId: req.user.id, page, limit, search });
      return toPage(r.items, r.total, page, limit);
    },
  );

  app.get(
    '/admin/list-transaction',
    {
      preHandler: requireAdmin,
      schema: { tags, querystring: ZAdminUserScopedListQuery, response: { 200: zPage(ZAdminTransaction) } },
    },
    async (req) => {
      const { page, limit, search, userId } = req.query;
      // A site admin sees the customers' ledger only: the owner's and admins' balances stay hidden.
      const roles = req.user.role === ROLE.OWNER ? undefined : [ROLE.CUSTOMER];
      const r = await listLedger(app.ctx.db, { siteId: req.site.id, userId, roles, page, limit, search });
      return toPage(r.items, r.total, page, limit);
    },
  );
};
