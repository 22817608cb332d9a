import type { TKey, TOrder, TProxy } from '@proxy/contract';
import type { orders, proxies, rotatingKeys } from '../../db/schema/index.js';

/** The rows of an order and its items, and their wire forms, which most of the module's calls answer with. */

export type OrderRow = typeof orders.$inferSelect;
export type ProxyRow = typeof proxies.$inferSelect;
export type KeyRow = typeof rotatingKeys.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(o: OrderRow): TOrder {
  return {
    id: o.id,
    code: o.code,
    type: o.type,
    product: o.product,
    country: o.country,
    quantity: o.quantity,
    period: { unit: o.periodUnit, value: o.periodValue },
    status: o.status,
    bandwidthGb: o.bandwidthGb,
    totalPrice: o.totalPrice,
    paymentType: o.paymentType,
    paidAt: iso(o.paidAt),
    expiresAt: iso(o.expiresAt),
    packageId: o.packageId,
    packageName: o.packageName,
    packageNameEng: o.packageNameEng,
    autoRenew: o.autoRenew,
    createdAt: o.createdAt.toISOString(),
  };
}

export function toProxy(p: ProxyRow, host: string): TProxy {
  return {
    id: p.id,
    orderId: p.orderId,
    type: p.type,
    kind: p.kind,
    protocol: p.protocol,
    host,
    port: p.port,
    username: p.username,
    password: p.password,
    country: p.country,
    egressIp: p.egressIp,
    packageName: p.packageName,
    tagId: p.tagId,
    comment: p.comment,
    status: p.status,
    expiresAt: p.expiresAt.toISOString(),
    autoRenew: p.autoRenew,
    ipChangeMode: p.ipChangeMode,
    changeIntervalMin: p.changeIntervalMin,
    ipChangeStatus: p.ipChangeStatus,
    ipChangedAt: iso(p.ipChangedAt),
    authIps: p.authIps,
    bandwidthLimitGb: p.bandwidthLimitGb,
    bandwidthUsedBytes: p.bandwidthUsedBytes,
    ipv4Fallback: p.ipv4Fallback,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The `host:port:user:pass` line customers paste into their tools. */
export function proxyLine(host: string, p: Pick<ProxyRow, 'port' | 'username' | 'password'>): string {
  return `${host}:${p.port}:${p.username}:${p.password}`;
}

export function toKey(k: KeyRow, current: string | null): TKey {
  return {
    id: k.id,
    orderId: k.orderId,
    key: k.key,
    country: k.country,
    status: k.status,
    expiresAt: k.expiresAt.toISOString(),
    autoRenew: k.autoRenew,
    tagId: k.tagId,
    comment: k.comment,
    minIntervalSec: k.minIntervalSec,
    current,
    createdAt: k.createdAt.toISOString(),
  };
}
