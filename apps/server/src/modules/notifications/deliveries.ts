import { notifyEndpoints, type TNotifyDelivery } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { offsetOf, toPage } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { listUserOutbox, retryUserOutboxRow, type UserOutboxRow } from '../outbox/index.js';
import { kickAlerts } from './senders.js';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toDelivery(r: UserOutboxRow): TNotifyDelivery {
  const channel = r.kind === 'mail' ? 'email' : r.kind === 'telegram' ? 'telegram' : 'webhook';
  const status = r.sent_at !== null ? 'delivered' : r.attempts >= r.max_attempts ? 'failed' : 'pending';
  return {
    id: r.id,
    type: r.type ?? 'mail',
    channel,
    status,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: iso(r.created_at)!,
    deliveredAt: iso(r.sent_at),
  };
}

/** GET /api/notify/deliveries: the caller's alert deliveries, newest first. */
export async function listDeliveries(ctx: AppContext, userId: string, q: { page: number; limit: number }) {
  const rows = await listUserOutbox(ctx.db, userId, { limit: q.limit, offset: offsetOf(q.page, q.limit) });
  return toPage(rows.map(toDelivery), Number(rows[0]?.total ?? 0), q.page, q.limit);
}

/** POST /api/notify/deliveries/:id/retry: another attempt at one of the caller's deliveries, now; 404 for anyone else's. */
export async function retryDelivery(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await retryUserOutboxRow(ctx.db, userId, id, ctx.clock.now()))) {
    throw new AppError('DELIVERY_NOT_EXISTS');
  }
  await kickAlerts(ctx, [id]);
}

export function deliveriesRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, notifyEndpoints.deliveries, opts, async (req) => listDeliveries(app.ctx, req.user.id, req.query));
  route(app, notifyEndpoints.retryDelivery, opts, async (req) => {
    await retryDelivery(app.ctx, req.user.id, req.params.id);
    return { ok: true as const };
  });
}
