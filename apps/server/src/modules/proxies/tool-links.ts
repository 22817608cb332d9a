import { randomUUID } from 'node:crypto';
import type { TListLink } from '@proxy/contract';
import { proxyUrl } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { hmacHex, randomToken, sha256Hex } from '../../lib/crypto.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { toolLinkMisses } from '../../lib/metrics.js';
import { notifyChannel } from '../realtime/index.js';
import { toProxy } from '../orders/index.js';
import { renderExport } from './export.js';
import { getNewIp, resetIps, RESET_MIN_SECONDS } from './operations.js';
import * as repo from './repository.js';
import { lockProxies } from './queries.js';
import * as links from './tool-links-repository.js';
import { TOOL_LINKS_CHANNEL, type LinkCache } from './tool-links-cache.js';

/*
 * Links for tools (docs/tool-links.md): per-proxy change-IP and current-proxy URLs, and list
 * subscription URLs. A URL's token is its only credential: 256 bits, stored as its SHA-256 and found
 * through a unique index, so a guess costs one index probe whatever it looks like and nothing is
 * compared byte by byte in JavaScript. Misses answer NOT_FOUND, count in /metrics and in a
 * per-address window that turns a flood into TOO_MANY_REQUEST.
 */

/** Misses one address may make in a minute before it is refused (docs/tool-links.md#bad-input). */
export const LINK_MISSES_PER_MINUTE = 30;
/** List URLs one account may hold. */
export const LIST_LINKS_MAX = 50;

/** The per-proxy token: recomputable from its nonce, so the table shows the same URL again. */
function tokenOf(ctx: AppContext, nonce: string): string {
  return Buffer.from(hmacHex(ctx.keys.toolLinks, `link:${nonce}`), 'hex').toString('base64url');
}

function urlsOf(origin: string, token: string) {
  return {
    changeIpUrl: `${origin}/api/proxy/l/${token}/change-ip`,
    currentUrl: `${origin}/api/proxy/l/${token}/current`,
  };
}

/** The caller's proxies and keys among ids, locked so two issues agree on one nonce. */
async function lockOwnedProxiesAndKeys(tx: DbOrTx, userId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const proxyIds = (await lockProxies(tx, userId, unique)).map((p) => p.id);
  const rest = unique.filter((id) => !proxyIds.includes(id));
  const keyIds = rest.length ? (await repo.lockKeys(tx, userId, rest)).map((k) => k.id) : [];
  // A batch (docs/wire-contract.md#batches): one id that is not the caller's refuses it all.
  if (proxyIds.length + keyIds.length !== unique.length) {
    throw new AppError('PROXY_NOT_EXISTS');
  }
  return { proxyIds, keyIds };
}

/** POST /api/proxy/links: each proxy's (or key's) URLs, made on first asking and the same after. */
export async function issueLinks(
  ctx: AppContext,
  caller: { userId: string; siteId: string },
  ids: string[],
  origin: string,
) {
  return ctx.db.transaction(async (tx) => {
    const { proxyIds, keyIds } = await lockOwnedProxiesAndKeys(tx, caller.userId, ids);
    const existing = await links.findLinks(tx, proxyIds, keyIds);
    const nonceOf = new Map(existing.map((l) => [(l.proxyId ?? l.keyId)!, l.nonce]));
    const fresh = [...proxyIds.map((id) => ({ id, key: false })), ...keyIds.map((id) => ({ id, key: true }))]
      .filter((t) => !nonceOf.has(t.id))
      .map((t) => {
        const nonce = randomToken(16);
        nonceOf.set(t.id, nonce);
        return {
          id: randomUUID(),
          userId: caller.userId,
          siteId: caller.siteId,
          proxyId: t.key ? null : t.id,
          keyId: t.key ? t.id : null,
          nonce,
          tokenHash: sha256Hex(tokenOf(ctx, nonce)),
          createdAt: ctx.clock.now(),
        };
      });
    await links.insertLinks(tx, fresh);
    return [...new Set(ids)].map((id) => ({ proxyId: id, ...urlsOf(origin, tokenOf(ctx, nonceOf.get(id)!)) }));
  });
}

/**
 * POST /api/proxy/links/revoke: the old URLs answer 404 from the commit on, on every instance: the
 * notice that empties their caches goes out with the commit, and the answer waits until this
 * instance has heard it back.
 */
export async function revokeLinks(ctx: AppContext, userId: string, ids: string[], cache: LinkCache): Promise<void> {
  const notice = cache.revoked(userId);
  try {
    await ctx.db.transaction(async (tx) => {
      const { proxyIds, keyIds } = await lockOwnedProxiesAndKeys(tx, userId, ids);
      await links.deleteLinks(tx, proxyIds, keyIds);
      await notifyChannel(tx, TOOL_LINKS_CHANNEL, notice.payload);
    });
  } catch (err) {
    notice.cancel();
    throw err;
  }
  await notice.heard();
}

async function miss(ctx: AppContext, ip: string, kind: 'proxy' | 'list'): Promise<never> {
  toolLinkMisses.inc({ kind });
  await hitLimit(ctx.db, ctx.clock, { key: `toollink-miss:${ip}`, max: LINK_MISSES_PER_MINUTE, windowSec: 60 });
  throw new AppError('NOT_FOUND');
}

async function resolve(ctx: AppContext, cache: LinkCache, siteId: string, token: string, ip: string) {
  // Hash whatever came: a malformed token costs the same lookup as a well-formed one.
  const hash = sha256Hex(token);
  let link = cache.get(siteId, hash);
  if (!link) {
    const version = cache.version;
    link = await links.resolveLink(ctx.db, siteId, hash);
    if (!link) {
      return miss(ctx, ip, 'proxy');
    }
    if (link.status === 'using' && link.port !== null) {
      // Read once here, not on every call the cached row answers.
      if (typeof link.ip_changed_at === 'string') {
        link.ip_changed_at = new Date(link.ip_changed_at);
      }
      cache.set(siteId, hash, link, version);
    }
  }
  // An expired or deleted proxy (or key) has no current line and no IP to change.
  if (link.status !== 'using' || link.port === null) {
    throw new AppError('NOT_FOUND');
  }
  return { link, hash };
}

/** The change-IP URLs the caller's proxies already have (a preset writes them; none is made here). */
export async function changeIpUrlsOf(ctx: AppContext, userId: string, proxyIds: string[], origin: string) {
  const wanted = new Set(proxyIds);
  const existing = wanted.size ? await links.findUserProxyLinks(ctx.db, userId) : [];
  return new Map(
    existing
      .filter((l) => wanted.has(l.proxyId!))
      .map((l) => [l.proxyId!, urlsOf(origin, tokenOf(ctx, l.nonce)).changeIpUrl]),
  );
}

/** GET changeIpUrl: reset-ip-manual's rule for a proxy, get-new-ip's for a key. */
export async function changeIpByLink(ctx: AppContext, cache: LinkCache, siteId: string, token: string, ip: string) {
  const { link, hash } = await resolve(ctx, cache, siteId, token, ip);
  if (link.key_id) {
    const r = await getNewIp(ctx, siteId, link.key_value!, undefined);
    return { egressIp: r.egressIp, nextChangeIn: r.nextChangeIn };
  }
  // A tool polling its URL mostly comes too soon: refuse those from the lookup's row without
  // queueing on the proxy's lock; resetIps checks again under the lock for the ones let through.
  const changed = link.ip_changed_at;
  const last = changed === null ? 0 : typeof changed === 'string' ? Date.parse(changed) : changed.getTime();
  const remain = Math.ceil((last + RESET_MIN_SECONDS * 1000 - ctx.clock.nowMs()) / 1000);
  if (remain > 0) {
    throw new AppError('RESET_TOO_FAST', { remainTime: remain });
  }
  const [r] = await resetIps(ctx, link.user_id, undefined, [link.proxy_id!]);
  // Its change time moved: the next call must not be let through from the old one.
  cache.forget(siteId, hash);
  return { egressIp: r!.egressIp, nextChangeIn: RESET_MIN_SECONDS };
}

/** GET currentUrl: the proxy's line, or its URL form with the credentials percent-escaped. */
export async function currentByLink(
  ctx: AppContext,
  cache: LinkCache,
  siteId: string,
  token: string,
  ip: string,
  form: 'line' | 'url',
): Promise<string> {
  const { link: l } = await resolve(ctx, cache, siteId, token, ip);
  const p = { host: l.host!, port: l.port!, username: l.username!, password: l.password!, protocol: l.protocol! };
  return form === 'url' ? proxyUrl(p) : `${p.host}:${p.port}:${p.username}:${p.password}`;
}

type ListFilter = links.ProxyListLinkRow['filter'];

/** POST /api/proxy/list-links: the URL is shown once; only its hash is kept. */
export async function createListLink(
  ctx: AppContext,
  caller: { userId: string; siteId: string },
  input: { name: string; filter: ListFilter; format: 'txt' | 'csv' | 'json'; template?: string },
  origin: string,
) {
  if (input.filter.tagId && !(await links.tagOwned(ctx.db, caller.userId, input.filter.tagId))) {
    throw new AppError('TAG_NOT_EXISTS');
  }
  const token = randomToken(32);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    // The owner's list of URLs is answered whole (docs/tool-links.md), so it is bounded here; the
    // lock makes parallel creations count one after the other.
    await links.lockUserListLinks(tx, caller.userId);
    if ((await links.countListLinks(tx, caller.userId)) >= LIST_LINKS_MAX) {
      throw new AppError('VALIDATION_ERROR', { field: 'listLinks', max: LIST_LINKS_MAX });
    }
    await links.insertListLink(tx, {
      id,
      userId: caller.userId,
      siteId: caller.siteId,
      name: input.name,
      filter: input.filter,
      format: input.format,
      template: input.template ?? null,
      tokenHash: sha256Hex(token),
      createdAt: ctx.clock.now(),
    });
  });
  return { id, url: `${origin}/api/proxy/list/${token}` };
}

export async function listListLinks(ctx: AppContext, userId: string, siteId: string): Promise<TListLink[]> {
  const rows = await links.listListLinks(ctx.db, userId, siteId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    filter: r.filter,
    format: r.format,
    createdAt: r.createdAt.toISOString(),
    lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null,
    lastFetchIp: r.lastFetchIp,
    lastUserAgent: r.lastUserAgent,
    fetches: r.fetches,
  }));
}

export async function deleteListLink(ctx: AppContext, userId: string, siteId: string, id: string): Promise<void> {
  if (!(await links.deleteListLink(ctx.db, userId, siteId, id))) {
    throw new AppError('NOT_FOUND');
  }
}

/** GET a list URL: the owner's proxies matching the filter now, as export-all writes them. */
export async function fetchList(
  ctx: AppContext,
  siteId: string,
  token: string,
  fetch: { ip: string; userAgent: string | undefined },
) {
  const link = await links.touchListLink(ctx.db, siteId, sha256Hex(token), {
    at: ctx.clock.now(),
    ip: fetch.ip,
    userAgent: fetch.userAgent?.slice(0, 300) ?? null,
  });
  if (!link) {
    return miss(ctx, fetch.ip, 'list');
  }
  const rows = await repo.allProxies(ctx.db, {
    userId: link.userId,
    type: link.filter.type,
    status: link.filter.status,
    country: link.filter.country,
    tagId: link.filter.tagId,
    search: '',
  });
  return renderExport(
    rows.map((x) => toProxy(x.p, x.host)),
    link.format,
    link.template ?? undefined,
  );
}
