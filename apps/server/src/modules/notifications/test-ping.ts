import { randomUUID } from 'node:crypto';
import { notifyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { emitAlert } from './events.js';
import { effective, findSettings } from './queries.js';
import { kickAlerts } from './senders.js';

/** POST /api/notify/test ("Send test"): a `ping` to the webhook (and the linked chat), delivered before the answer when it can be. */
export async function sendTestPing(ctx: AppContext, userId: string): Promise<void> {
  const s = effective(userId, await findSettings(ctx.db, userId));
  if (!s.webhookUrl) {
    throw new AppError('WEBHOOK_NOT_SET');
  }
  const ids = await emitAlert(
    ctx,
    ctx.db,
    { userId, type: 'ping', key: `ping:${userId}:${randomUUID()}`, data: { message: 'ping' } },
    { ...s, telegramChatId: null },
  );
  await kickAlerts(ctx, ids);
}

export function testPingRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, notifyEndpoints.test, opts, async (req) => {
    await sendTestPing(app.ctx, req.user.id);
    return { ok: true as const };
  });
}
