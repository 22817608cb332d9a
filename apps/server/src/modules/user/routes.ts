import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logEndpoints, userAdminEndpoints, userEndpoints, ROLE } from '@proxy/contract';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { toPage } from '../../lib/paging.js';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { requestMeta } from '../auth/index.js';
import { listLedger } from '../ledger/index.js';
import { setPrivateAutoRenew } from '../orders/index.js';
import * as users from './service.js';

const ok = { ok: true as const };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['user'] } };
  const e = userEndpoints;
  app.addHook('preHandler', authenticate);

  route(app, e.me, opts, (req) => users.ownView(app.ctx.db, req.user.id));

  route(app, e.getMoney, opts, (req) => users.money(app.ctx.db, req.user.id));

  route(app, e.changePassword, opts, async (req) => ({
    tokens: await users.changePassword(app.ctx, requestMeta(req), req.user.id, req.body, req.sessionId),
  }));

  route(app, e.turnOn2fa, opts, async (req) =>
    users.turnOn2fa(app.ctx, requestMeta(req), req.user.id, req.body.password),
  );

  route(app, e.verify2fa, opts, (req) => users.verify2fa(app.ctx, req.user.id, req.body.password, req.body.code));

  route(app, e.regenerateRecoveryCodes, opts, (req) =>
    users.regenerateRecoveryCodes(app.ctx, req.user.id, req.body.code),
  );

  route(app, e.turnOff2fa, opts, (req) =>
    users.turnOff2fa(app.ctx, req.user.id, req.body.password, req.body.code).then(() => ok),
  );

  route(app, e.generateKey, opts, async (req) => ({ apiKey: await users.generateApiKey(app.ctx, req.user) }));

  route(app, e.autoRenew, opts, async (req) => {
    await setPrivateAutoRenew(app.ctx, req.user.id, req.body.autoRenew);
    return ok;
  });

  route(app, e.transaction, opts, async (req) => {
    const { page, limit, search } = req.query;
    const r = await listLedger(app.ctx.db, { userId: req.user.id, page, limit, search });
    return toPage(r.items, r.total, page, limit);
  });

  // ---- admin ----
  const admin = { ...opts, preHandler: requireAdmin };
  const a = userAdminEndpoints;
  const actor = (req: { user: { id: string; role: number; siteId: string } }) => ({
    id: req.user.id,
    role: req.user.role,
    siteId: req.user.siteId,
  });

  route(app, a.detail, admin, async (req) => users.adminGetUser(app.ctx, actor(req), req.site.id, req.params.id));

  route(app, a.getAllUser, admin, async (req) =>
    users.listUsers(app.ctx, actor(req), req.site.id, [ROLE.CUSTOMER], req.query),
  );

  route(app, a.getAllAdmin, admin, async (req) =>
    users.listUsers(app.ctx, actor(req), req.site.id, [ROLE.OWNER, ROLE.SITE_ADMIN], req.query),
  );

  for (const entry of [a.updateUser, a.update]) {
    route(app, entry, admin, async (req) =>
      users.adminUpdateUser(app.ctx, actor(req), req.site.id, req.params.id, req.body),
    );
  }

  for (const [entry, kind] of [
    [a.addToBalance, 'admin_add'],
    [a.refund, 'refund'],
  ] as const) {
    route(app, entry, admin, async (req) =>
      users.adminAdjustBalance(app.ctx, actor(req), req.site.id, req.params.id, kind, req.body.amount, req.body.note),
    );
  }

  route(app, a.activeUser, admin, async (req) =>
    users.adminSetActive(app.ctx, actor(req), req.site.id, req.body.userId, req.body.active),
  );

  route(app, a.createAdmin, admin, async (req) => users.createAdmin(app.ctx, actor(req), req.site.id, req.body));
};

/** /api/log/… (the ledger). */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['log'] } };
  app.addHook('preHandler', authenticate);

  route(app, logEndpoints.listTransaction, opts, async (req) => {
    const { page, limit, search } = req.query;
    const r = await listLedger(app.ctx.db, { userId: req.user.id, page, limit, search });
    return toPage(r.items, r.total, page, limit);
  });

  route(app, logEndpoints.adminListTransaction, { ...opts, preHandler: requireAdmin }, async (req) => {
    const { page, limit, search, userId } = req.query;
    // A site admin sees the customers' ledger only: the owner's and admins' balances stay hidden.
    const roles = req.user.role === ROLE.OWNER ? undefined : [ROLE.CUSTOMER];
    const r = await listLedger(app.ctx.db, { siteId: req.site.id, userId, roles, page, limit, search });
    return toPage(r.items, r.total, page, limit);
  });
};

export const routes: ModuleRoutes = [
  { plugin: userRoutes, prefix: '/user' },
  { plugin: logRoutes, prefix: '/log' },
];
