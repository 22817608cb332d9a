import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { toolLinkEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { proxyLinks } from '../../db/schema/index.js';
import { hmacHex, randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { notifyChannel } from '../realtime/index.js';
import { lockKeys, lockProxies } from './queries.js';
import { TOOL_LINKS_CHANNEL, type LinkCache } from './tool-links-cache.js';

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

async function findLinks(db: DbOrTx, proxyIds: string[], keyIds: string[]) {
  const out: (typeof proxyLinks.$inferSelect)[] = [];
  if (proxyIds.length) {
    out.push(...(await db.select().from(proxyLinks).where(inArray(proxyLinks.proxyId, proxyIds))));
  }
  if (keyIds.length) {
    out.push(...(await db.select().from(proxyLinks).where(inArray(proxyLinks.keyId, keyIds))));
  }
  return out;
}

async function insertLinks(db: DbOrTx, rows: (typeof proxyLinks.$inferInsert)[]): Promise<void> {
  if (rows.length) {
    await db.insert(proxyLinks).values(rows);
  }
}

async function deleteLinks(db: DbOrTx, proxyIds: string[], keyIds: string[]): Promise<void> {
  if (proxyIds.length) {
    await db.delete(proxyLinks).where(inArray(proxyLinks.proxyId, proxyIds));
  }
  if (keyIds.length) {
    await db.delete(proxyLinks).where(inArray(proxyLinks.keyId, keyIds));
  }
}

/** The caller's proxies and keys among ids, locked so two issues agree on one nonce. */
async function lockOwnedProxiesAndKeys(tx: DbOrTx, userId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const proxyIds = (await lockProxies(tx, userId, unique)).map((p) => p.id);
  const rest = unique.filter((id) => !proxyIds.includes(id));
  const keyIds = rest.length ? (await lockKeys(tx, userId, rest)).map((k) => k.id) : [];
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
    const existing = await findLinks(tx, proxyIds, keyIds);
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
    await insertLinks(tx, fresh);
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
      await deleteLinks(tx, proxyIds, keyIds);
      await notifyChannel(tx, TOOL_LINKS_CHANNEL, notice.payload);
    });
  } catch (err) {
    notice.cancel();
    throw err;
  }
  await notice.heard();
}

/**
 * The owner's per-proxy links, by owner rather than by an id list: an export may hold 100,000
 * proxies, more than one statement takes parameters.
 */
async function findUserProxyLinks(db: DbOrTx, userId: string) {
  return db
    .select({ proxyId: proxyLinks.proxyId, nonce: proxyLinks.nonce })
    .from(proxyLinks)
    .where(and(eq(proxyLinks.userId, userId), sql`${proxyLinks.proxyId} is not null`));
}

/** The change-IP URLs the caller's proxies already have (a preset writes them; none is made here). */
export async function changeIpUrlsOf(ctx: AppContext, userId: string, proxyIds: string[], origin: string) {
  const wanted = new Set(proxyIds);
  const existing = wanted.size ? await findUserProxyLinks(ctx.db, userId) : [];
  return new Map(
    existing
      .filter((l) => wanted.has(l.proxyId!))
      .map((l) => [l.proxyId!, urlsOf(origin, tokenOf(ctx, l.nonce)).changeIpUrl]),
  );
}

export function issueLinksRoutes(app: RouteApp, auth: RouteOptions, cache: LinkCache): void {
  route(app, toolLinkEndpoints.issueLinks, auth, async (req) =>
    issueLinks(app.ctx, { userId: req.user.id, siteId: req.site.id }, req.body.listProxyId, requestOrigin(req)),
  );
  route(app, toolLinkEndpoints.revokeLinks, auth, async (req) => {
    await revokeLinks(app.ctx, req.user.id, req.body.listProxyId, cache);
    return { ok: true as const };
  });
}
