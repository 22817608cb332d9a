import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { topupEndpoints } from '@proxy/contract';
import { authenticate } from '../../plugins/auth.js';
import { route } from '../../lib/route.js';
import { caller } from './caller.js';
import * as payments from './service.js';
import type { ProviderMethod } from './service.js';

/** /api/user/… — create, complete, check and cancel a top-up (docs/wire-contract.md#top-ups). */
export const topupRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { schema: { tags: ['payments'] } };
  const e = topupEndpoints;
  app.addHook('preHandler', authenticate);

  const creates = [
    [e.paypalCreate, 'paypal'],
    [e.cardCreate, 'card'],
    [e.momoCreate, 'momo'],
    [e.usdtCreate, 'usdt'],
    [e.bytepayCreate, 'bytepay'],
    [e.perfectMoneyCreate, 'perfectmoney'],
  ] as const satisfies readonly (readonly [unknown, ProviderMethod])[];
  for (const [entry, method] of creates) {
    route(app, entry, opts, async (req) => payments.createTopup(app.ctx, caller(req), method, req.body));
  }
  route(app, e.tazapayCreate, opts, async (req) => payments.createTopup(app.ctx, caller(req), 'tazapay', req.body));
  route(app, e.bankCreate, opts, async (req) => payments.createBankTopup(app.ctx, caller(req), req.body.amount));

  route(app, e.completePaypal, opts, async (req) =>
    payments.completeOrder(app.ctx, caller(req), 'paypal', req.body.orderId),
  );
  route(app, e.completeBytepay, opts, async (req) =>
    payments.completeOrder(app.ctx, caller(req), 'bytepay', req.body.orderId),
  );
  route(app, e.check, opts, async (req) => payments.checkTopup(app.ctx, caller(req), req.params.id));
  route(app, e.cancel, opts, async (req) => payments.cancelTopup(app.ctx, caller(req), req.params.id));
};
