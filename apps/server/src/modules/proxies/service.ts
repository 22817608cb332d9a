import type { ProxyPreset, TKey, TProxy } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { lockOrdersOfProxiesOrKeys, refreshOrders, syncOrderAutoRenew, toKey, toProxy } from '../orders/index.js';
import { releasePlacements } from '../allocation/index.js';
import { recordProxyChanges } from '../node-protocol/index.js';
import { recordAudit, type AuditEventInput } from '../audit/index.js';
import { renderExport, renderPresetExport } from './export.js';
import { listProxiesJson } from './list-repository.js';
import * as repo from './repository.js';
import { lockProxies } from './queries.js';
import { changeIpUrlsOf } from './tool-links.js';

/** Deletes keys for good: their listeners stop and go back to the pool. No refund. */
export async function deleteKeys(ctx: AppContext, userId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    await lockOrdersOfProxiesOrKeys(tx, userId, 'keys', unique);
    const rows = await repo.lockKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    const now = ctx.clock.now();
    const proxyIds = rows.map((k) => k.proxyId).filter((x): x is string => x !== null);
    await repo.updateKeysById(tx, unique, { status: 'locked', lockedAt: now, proxyId: null, updatedAt: now });
    if (proxyIds.length) {
      await repo.updateProxiesById(tx, proxyIds, { status: 'locked', lockedAt: now, updatedAt: now });
      await releasePlacements(tx, proxyIds);
      await recordProxyChanges(tx, proxyIds);
    }
    await refreshOrders(
      tx,
      rows.map((k) => k.orderId).filter((x): x is string => x !== null),
    );
    await recordAudit(ctx, tx, { userId, action: 'key.delete', targetType: 'key', targetIds: unique });
  });
}

/** The trail rows of a comment or auto-renew change to proxies or keys. */
function patchEvents(
  userId: string,
  kind: 'proxy' | 'key',
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
): AuditEventInput[] {
  const events: AuditEventInput[] = [];
  if (patch.comment !== undefined) {
    events.push({
      userId,
      action: `${kind}.comment`,
      targetType: kind,
      targetIds: ids,
      detail: { comment: patch.comment },
    });
  }
  if (patch.autoRenew !== undefined) {
    events.push({
      userId,
      action: `${kind}.auto-renew`,
      targetType: kind,
      targetIds: ids,
      detail: { autoRenew: patch.autoRenew },
    });
  }
  return events;
}

/**
 * A package is sold and renewed as one (one price for all its proxies; renew-list-proxy refuses
 * its proxies), so its proxies share one auto-renew flag: setting it on one sets it on the package.
 */
export async function updateProxies(
  ctx: AppContext,
  userId: string,
  type: repo.ProxyScope | undefined,
  ids: string[],
  patch: { comment?: string; autoRenew?: boolean },
) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if (patch.autoRenew !== undefined) {
      // The flag reaches the orders (syncOrderAutoRenew) and a package's other proxies.
      await lockOrdersOfProxiesOrKeys(tx, userId, 'proxies', unique);
    }
    const rows = await lockProxies(tx, userId, unique, type);
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    const now = ctx.clock.now();
    await repo.updateProxiesById(tx, unique, { ...patch, updatedAt: now });
    await recordAudit(ctx, tx, patchEvents(userId, 'proxy', unique, patch));
    if (patch.autoRenew === undefined) {
      return;
    }
    const packages = [
      ...new Set(rows.filter((p) => p.packageName !== null && p.orderId !== null).map((p) => p.orderId!)),
    ];
    if (packages.length) {
      await repo.setPackageProxiesAutoRenew(tx, userId, packages, patch.autoRenew, now);
    }
    await syncOrderAutoRenew(
      tx,
      rows.map((p) => p.orderId),
    );
  });
}

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
    const rows = await repo.lockKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    await repo.updateKeysById(tx, unique, { ...patch, updatedAt: ctx.clock.now() });
    await recordAudit(ctx, tx, patchEvents(userId, 'key', unique, patch));
    if (patch.autoRenew !== undefined) {
      await syncOrderAutoRenew(
        tx,
        rows.map((k) => k.orderId),
      );
    }
  });
}

/** A page of the customer's proxies as JSON text built by PostgreSQL (see list-repository.ts). */
export async function listProxiesPageJson(ctx: AppContext, f: repo.ProxyFilter) {
  return listProxiesJson(ctx.db, f);
}

/** The same page as columns to read beside the caller's session (plugins/auth.ts authenticateWith). */
export { listStatementOf, pageOf } from './list-repository.js';

/**
 * export-all: a selection is a batch (docs/wire-contract.md#batches): one id that is not the
 * caller's refuses the whole export, so a mixed selection never silently drops rows.
 */
export async function exportProxies(
  ctx: AppContext,
  userId: string,
  scope: repo.ProxyScope,
  q: {
    ids?: string[];
    status?: repo.ProxyFilter['status'];
    country?: string;
    format: Parameters<typeof renderExport>[1];
    template?: string;
    preset?: ProxyPreset;
  },
  origin: string,
) {
  const ids = q.ids === undefined ? undefined : [...new Set(q.ids)];
  if (ids !== undefined) {
    const owned = await repo.allProxies(ctx.db, { ids, userId, type: scope, search: '' });
    if (owned.length !== ids.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
  }
  const rows = await repo.allProxies(ctx.db, {
    ids,
    userId,
    type: scope,
    status: q.status,
    country: q.country,
    search: '',
  });
  const proxies: TProxy[] = rows.map((x) => toProxy(x.p, x.host));
  if (q.preset) {
    const urls =
      q.preset === 'dolphin'
        ? await changeIpUrlsOf(
            ctx,
            userId,
            proxies.map((p) => p.id),
            origin,
          )
        : undefined;
    return renderPresetExport(proxies, q.preset, urls);
  }
  return { ...renderExport(proxies, q.format, q.template), ext: q.format };
}

type KeyFilter = Omit<Parameters<typeof repo.listKeys>[1], 'userId' | 'siteId' | 'searchEmail'>;

export async function listOwnKeys(ctx: AppContext, userId: string, f: KeyFilter) {
  const r = await repo.listKeys(ctx.db, { ...f, userId });
  return { items: r.rows.map((x) => toKey(x.k, x.line)), total: r.total };
}

/** The admin list of a site's keys, also found by their customer's e-mail. */
export async function listSiteKeys(ctx: AppContext, siteId: string, f: KeyFilter & { userId?: string }) {
  const r = await repo.listKeys(ctx.db, { ...f, siteId, searchEmail: true });
  return {
    items: r.rows.map((x) => Object.assign(toKey(x.k, x.line), { userId: x.k.userId, email: x.email })),
    total: r.total,
  };
}

/** The key export: one `key [host:port:user:pass]` line per key, or the keys as JSON. */
export async function exportKeys(ctx: AppContext, userId: string, format: 'txt' | 'json') {
  const r = await repo.listKeys(ctx.db, { userId, search: '', page: 1, limit: 100_000 });
  const keys: TKey[] = r.rows.map((x) => toKey(x.k, x.line));
  return {
    body:
      format === 'json'
        ? JSON.stringify(keys)
        : keys.map((k) => `${k.key}${k.current ? ` ${k.current}` : ''}`).join('\n') + '\n',
    contentType: format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
  };
}
