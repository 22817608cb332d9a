import { keyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { lockOrdersOfProxiesOrKeys, syncOrderAutoRenew } from '../orders/index.js';
import { lockKeys, patchEvents, updateKeysById } from './queries.js';

/** POST /api/key/update-list-key and turn-on/off-auto-renew-key: comment and auto-renew of keys. */
export async function updateKeys(
  ctx: AppContext,
  userId: string,
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if (patch.autoRenew !== undefined) {
      await lockOrdersOfProxiesOrKeys(tx, userId, 'keys', unique);
    }
    const rows = await lockKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    await updateKeysById(tx, unique, { ...patch, updatedAt: ctx.clock.now() });
    await recordAudit(ctx, tx, patchEvents(userId, 'key', unique, patch));
    if (patch.autoRenew !== undefined) {
      await syncOrderAutoRenew(
        tx,
        rows.map((k) => k.orderId),
      );
    }
  });
}

export function updateKeysRoutes(app: RouteApp, opts: RouteOptions): void {
  const e = keyEndpoints;
  route(app, e.updateListKey, opts, async (req) => {
    await updateKeys(app.ctx, req.user.id, req.body.listKeyId, {
      comment: req.body.comment,
      autoRenew: req.body.autoRenew,
    });
    return { ok: true as const };
  });
  for (const [endpoint, autoRenew] of [
    [e.turnOnAutoRenewKey, true],
    [e.turnOffAutoRenewKey, false],
  ] as const) {
    route(app, endpoint, opts, async (req) => {
      await updateKeys(app.ctx, req.user.id, req.body.listKeyId, { autoRenew });
      return { ok: true as const };
    });
  }
}
