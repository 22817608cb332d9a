import { randomUUID } from 'node:crypto';
import { ROLE, ZOrderLogI18n, periodToHours, type Period, type TOrderLog } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { findUserById } from '../auth/index.js';
import { changeBalance } from '../ledger/index.js';
import { publish } from '../realtime/index.js';
import { releasePlacements } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { prolongUpstreams, upstreamFirst } from '../suppliers/index.js';
import * as adminRepo from './admin-repository.js';
import { logNotes } from './log-notes.js';
import { toKey, toOrder, toProxy } from './mapper.js';
import { extendProxiesAndKeys, liveProxiesAndKeys, refreshOrders } from './renew.js';
import { recordAudit } from '../audit/index.js';
import * as repo from './repository.js';
import { lockLiveKeysOfOrder, lockLiveProxiesOfOrder } from './items-repository.js';

/**
 * An admin's view of and actions on one order of the site (docs/money.md#admin-order-actions).
 * An order of another site does not exist for this admin (ORDER_NOT_EXIST).
 */

export interface AdminActor {
  id: string;
  role: number;
  siteId: string;
}

async function siteOrder(ctx: AppContext, siteId: string, id: string) {
  const order = await adminRepo.findSiteOrder(ctx.db, siteId, id);
  if (!order) {
    throw new AppError('ORDER_NOT_EXIST');
  }
  return order;
}

export async function adminOrderDetail(ctx: AppContext, siteId: string, id: string) {
  const order = await siteOrder(ctx, siteId, id);
  const email = (await findUserById(ctx.db, order.userId))?.email ?? '';
  return { ...toOrder(order), userId: order.userId, email };
}

export async function adminOrderLog(ctx: AppContext, siteId: string, id: string): Promise<TOrderLog[]> {
  const order = await siteOrder(ctx, siteId, id);
  return (await repo.listLogs(ctx.db, order.id)).map((l) => ({
    action: l.action,
    result: l.result,
    note: l.note,
    noteI18n: ZOrderLogI18n.safeParse(l.noteI18n).data ?? null,
    amount: l.amount,
    createdAt: l.createdAt.toISOString(),
  }));
}

/** A page of the order's proxies, or of its keys for a key order. */
export async function adminOrderItems(ctx: AppContext, siteId: string, id: string, page: number, limit: number) {
  const order = await siteOrder(ctx, siteId, id);
  if (order.type === 'key') {
    const r = await adminRepo.pageOrderKeys(ctx.db, order.id, page, limit);
    return { proxies: [], keys: r.rows.map((x) => toKey(x.k, x.line)), total: r.total };
  }
  const r = await adminRepo.pageOrderProxies(ctx.db, order.id, page, limit);
  return { proxies: r.rows.map((x) => toProxy(x.p, x.host)), keys: [], total: r.total };
}

/**
 * Extends the order's live proxies or keys (in use or expired, not yet locked) by a period, free
 * of charge: no ledger row, one order-log line. A cancelled order cannot be extended. Supplier
 * proxies are prolonged upstream first, as a paid renewal's are (modules/suppliers): a refusal
 * extends nothing and answers ADMIN_ERROR with the supplier's words, and the admins are alerted.
 */
export async function adminExtendOrder(ctx: AppContext, siteId: string, id: string, period: Period) {
  return upstreamFirst(ctx, () => extendAttempt(ctx, siteId, id, period));
}

function extendAttempt(ctx: AppContext, siteId: string, id: string, period: Period) {
  return ctx.db.transaction(async (tx) => {
    const order = await adminRepo.lockSiteOrder(tx, siteId, id);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    if (order.status === 'cancelled') {
      throw new AppError('ORDER_CANCELLED');
    }
    const live = await liveProxiesAndKeys(tx, order);
    const count = live.proxies.length + live.keys.length;
    if (count === 0) {
      throw new AppError('ORDER_EXPIRED');
    }
    const now = ctx.clock.now();
    await prolongUpstreams(ctx, tx, {
      free: true,
      siteId: order.siteId,
      userId: order.userId,
      proxies: live.proxies,
      hours: periodToHours(period),
      revenue: 0,
      now,
    });
    await extendProxiesAndKeys(tx, live, period, now);
    await repo.updateOrder(tx, order.id, { updatedAt: now, autoRenewFailedFor: null });
    await repo.insertLog(tx, {
      id: randomUUID(),
      orderId: order.id,
      action: 'admin_extend',
      result: 'success',
      ...logNotes.adminExtend(count, period),
      amount: 0,
      createdAt: now,
    });
    await recordAudit(ctx, tx, {
      userId: order.userId,
      action: 'order.extend',
      targetType: 'order',
      targetIds: [order.id],
      detail: { code: order.code, period, count },
    });
    await refreshOrders(tx, [order.id]);
    return toOrder(await repo.reloadOrder(tx, order.id));
  });
}

/**
 * Cancels the order: its proxies and keys are locked for good and their ports and pool addresses
 * go back to the pool, the order is marked cancelled, and `amount` coins (at most the order's
 * total) are refunded in one ledger row. The order row is locked first, so of concurrent cancels
 * one does the work and the others find it cancelled and refund nothing.
 */
export async function adminCancelOrder(ctx: AppContext, actor: AdminActor, siteId: string, id: string, amount: number) {
  return ctx.db.transaction(async (tx) => {
    const order = await adminRepo.lockSiteOrder(tx, siteId, id);
    if (!order) {
      throw new AppError('ORDER_NOT_EXIST');
    }
    if (order.status === 'cancelled') {
      return { status: 'cancelled' as const, refunded: 0, released: 0 };
    }
    if (amount > order.totalPrice) {
      throw new AppError('VALIDATION_ERROR', { field: 'amount', max: order.totalPrice });
    }
    // Money moves only for a site admin's customers; the owner may refund anyone.
    if (amount > 0 && actor.role !== ROLE.OWNER && (await findUserById(tx, order.userId))?.role !== ROLE.CUSTOMER) {
      throw new AppError('FORBIDDEN');
    }
    const now = ctx.clock.now();
    const keys = await lockLiveKeysOfOrder(tx, order.id);
    const proxies = await lockLiveProxiesOfOrder(tx, order.id);
    const proxyIds = proxies.map((p) => p.id);
    await adminRepo.lockKeysForGood(
      tx,
      keys.map((k) => k.id),
      now,
    );
    await adminRepo.lockProxiesForGood(tx, proxyIds, now);
    await releasePlacements(tx, proxyIds);
    await recordProxyChanges(tx, proxyIds);
    await adminRepo.markOrderCancelled(tx, order.id, now);
    const count = order.type === 'key' ? keys.length : proxies.length;
    if (amount > 0) {
      await changeBalance(tx, {
        userId: order.userId,
        amount,
        type: 'refund',
        content: `${order.code}: refund for the cancelled order`,
        contentI18n: { key: 'orderRefund', params: { code: order.code } },
        refType: 'order',
        refId: order.id,
        actorId: actor.id,
        at: now,
      });
    }
    await repo.insertLog(tx, {
      id: randomUUID(),
      orderId: order.id,
      action: 'admin_cancel',
      result: 'success',
      ...logNotes.adminCancel(count, amount),
      amount,
      createdAt: now,
    });
    await recordAudit(ctx, tx, {
      userId: order.userId,
      action: 'order.cancel',
      targetType: 'order',
      targetIds: [order.id],
      detail: { code: order.code, refunded: amount, count },
    });
    await publish(tx, order.userId, { type: 'order.updated', data: { id: order.id, status: 'cancelled' } });
    return { status: 'cancelled' as const, refunded: amount, released: count };
  });
}

/** One customer's proxies, for the customer page; a user of another site has none here. */
export async function adminUserProxies(ctx: AppContext, siteId: string, userId: string, page: number, limit: number) {
  const r = await adminRepo.pageUserProxies(ctx.db, siteId, userId, page, limit);
  return { items: r.rows.map((x) => toProxy(x.p, x.host)), total: r.total };
}
