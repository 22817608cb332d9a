import { isIPv4 } from 'node:net';
import { MAX_AUTH_IPS } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { proxyLine, type ProxyRow } from '../orders/index.js';
import * as repo from './repository.js';
import { cooldownLeft, lockOwnedProxies } from './queries.js';
import { nextEgress, swapEgressHolder } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { findNodeHost } from '../nodes/index.js';
import { recordAudit } from '../audit/index.js';

/** The least time between two manual IP resets of one proxy. */
export const RESET_MIN_SECONDS = 60;

type ProxyType = repo.ProxyScope | undefined;

/**
 * docs/product-rules.md#auth-ips: up to 3 IPv4 addresses, format checked, not the same list again,
 * not on a locked proxy.
 */
export function normaliseAuthIps(list: string[]): string[] {
  const ips = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  if (ips.length === 0 || ips.length > MAX_AUTH_IPS || !ips.every((ip) => isIPv4(ip))) {
    throw new AppError('INVALID_IP', { max: MAX_AUTH_IPS });
  }
  return ips;
}

export async function setAuthIps(ctx: AppContext, userId: string, type: ProxyType, ids: string[], list: string[]) {
  const ips = normaliseAuthIps(list);
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status === 'locked')) {
      throw new AppError('PROXY_EXPIRED');
    }
    const same = (a: string[]) => a.length === ips.length && [...a].sort().join() === [...ips].sort().join();
    if (rows.every((p) => same(p.authIps))) {
      throw new AppError('SAME_OLD_AUTH_IP');
    }
    await repo.updateProxiesById(
      tx,
      rows.map((p) => p.id),
      { authIps: ips, updatedAt: ctx.clock.now() },
    );
    await recordProxyChanges(
      tx,
      rows.map((p) => p.id),
    );
    await recordAudit(ctx, tx, {
      userId,
      action: 'proxy.auth-ip',
      targetType: 'proxy',
      targetIds: rows.map((p) => p.id),
      detail: { authIps: ips },
    });
  });
  return ips;
}

/** Gives one proxy a new egress address (rotation, manual reset, key get-new-ip), in the caller's transaction. */
export async function rotateEgress(
  ctx: AppContext,
  tx: Tx,
  p: ProxyRow,
  product: 'v6' | 'v4' | 'key',
): Promise<ProxyRow> {
  const next = await nextEgress(tx, {
    product,
    country: p.country,
    nodeId: p.nodeId,
    current: p.egressIp,
    currentId: p.egressIpId,
  });
  const now = ctx.clock.now();
  if (!next) {
    // The code is the contract's; the reason tells the customer it is the pool that is empty.
    throw new AppError('NOT_ENOUGT_PROXY', { reason: 'noFreeAddress', product, country: p.country, available: 0 });
  }
  if (next.egressIpId) {
    // Per-address pools: take the new address and give the old one back, in one statement.
    await swapEgressHolder(tx, p.id, next.egressIpId);
  }
  const row = await repo.setProxyEgress(tx, p.id, next, now);
  await recordProxyChanges(tx, [p.id]);
  return row;
}

/** POST reset-ip-manual: a new egress for each proxy, at most once a minute per proxy. */
export async function resetIps(ctx: AppContext, userId: string, type: ProxyType, ids: string[]) {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status !== 'using')) {
      throw new AppError('PROXY_EXPIRED');
    }
    const remain = cooldownLeft(
      rows.map((p) => p.ipChangedAt),
      RESET_MIN_SECONDS,
      ctx.clock.nowMs(),
    );
    if (remain > 0) {
      throw new AppError('RESET_TOO_FAST', { remainTime: remain });
    }
    const out: { id: string; egressIp: string; ipChangedAt: string }[] = [];
    for (const p of rows) {
      const r = await rotateEgress(ctx, tx, p, p.type);
      out.push({ id: r.id, egressIp: r.egressIp, ipChangedAt: r.ipChangedAt!.toISOString() });
    }
    await recordAudit(
      ctx,
      tx,
      rows.map((p, i) => ({
        userId,
        action: 'proxy.ip-change' as const,
        targetType: 'proxy' as const,
        targetIds: [p.id],
        detail: { from: p.egressIp, to: out[i]!.egressIp },
      })),
    );
    return out;
  });
}

/**
 * POST /api/v6-proxy/update-ipv4-fallback: the caller's IPv6 proxies reach IPv4-only destinations
 * from their node's IPv4 egress, or stop to. The nodes hear of it on the change stream; turning it
 * off closes the tunnels open through it (docs/gateway-protocol.md#ipv4-fallback).
 */
export async function setIpv4Fallback(ctx: AppContext, userId: string, ids: string[], enabled: boolean) {
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, 'v6');
    const changed = rows.filter((p) => p.ipv4Fallback !== enabled).map((p) => p.id);
    if (changed.length === 0) {
      return;
    }
    await repo.updateProxiesById(tx, changed, { ipv4Fallback: enabled, updatedAt: ctx.clock.now() });
    await recordProxyChanges(tx, changed);
    await recordAudit(ctx, tx, {
      userId,
      action: 'proxy.ipv4-fallback',
      targetType: 'proxy',
      targetIds: changed,
      detail: { enabled },
    });
  });
}

/** POST update-reset-ip-type: auto rotation every 15–1000 minutes, or manual. */
export async function setResetType(
  ctx: AppContext,
  userId: string,
  type: ProxyType,
  ids: string[],
  mode: 'auto' | 'manual',
  intervalMin: number | undefined,
) {
  if (mode === 'auto' && intervalMin === undefined) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.intervalMin', message: 'required for auto' }] });
  }
  await ctx.db.transaction(async (tx) => {
    const rows = await lockOwnedProxies(tx, userId, ids, type);
    if (rows.some((p) => p.status === 'locked')) {
      throw new AppError('PROXY_EXPIRED');
    }
    await repo.updateProxiesById(
      tx,
      rows.map((p) => p.id),
      {
        ipChangeMode: mode,
        kind: mode === 'auto' ? 'rotating' : 'static',
        changeIntervalMin: mode === 'auto' ? intervalMin! : null,
        updatedAt: ctx.clock.now(),
      },
    );
    await recordAudit(ctx, tx, {
      userId,
      action: 'proxy.rotation',
      targetType: 'proxy',
      targetIds: rows.map((p) => p.id),
      detail: mode === 'auto' ? { mode, intervalMin } : { mode },
    });
  });
}

/**
 * POST /api/key/get-new-ip?keyRotate=…: the key itself authenticates. It gets a fresh egress on
 * its listener, no faster than its minimum interval (GET_IP_TOO_FAST with remainTime).
 */
export async function getNewIp(ctx: AppContext, siteId: string, key: string, authIp: string | undefined) {
  const ips = authIp ? normaliseAuthIps([authIp]) : null;
  return ctx.db.transaction(async (tx) => {
    const k = await repo.lockKeyByValue(tx, siteId, key);
    if (!k || !k.proxyId) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    if (k.status !== 'using') {
      throw new AppError('KEY_EXPIRED');
    }
    const remain = cooldownLeft([k.lastNewIpAt], k.minIntervalSec, ctx.clock.nowMs());
    if (remain > 0) {
      throw new AppError('GET_IP_TOO_FAST', { remainTime: remain });
    }
    const p = await repo.lockProxy(tx, k.proxyId);
    if (!p) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    if (ips) {
      await repo.setProxyAuthIps(tx, p.id, ips);
    }
    const rotated = await rotateEgress(ctx, tx, p, 'key');
    await repo.updateKeysById(tx, [k.id], { lastNewIpAt: ctx.clock.now(), updatedAt: ctx.clock.now() });
    await recordAudit(ctx, tx, {
      userId: k.userId,
      action: 'key.new-ip',
      targetType: 'key',
      targetIds: [k.id],
      detail: { from: p.egressIp, to: rotated.egressIp, ...(ips ? { authIps: ips } : {}) },
    });
    const host = (await findNodeHost(tx, p.nodeId)) ?? '';
    return {
      proxy: proxyLine(host, rotated),
      host,
      port: rotated.port,
      username: rotated.username,
      password: rotated.password,
      protocol: rotated.protocol,
      egressIp: rotated.egressIp,
      nextChangeIn: k.minIntervalSec,
    };
  });
}
