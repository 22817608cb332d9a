import { boughtProxyEndpoints, keyEndpoints, typedProxyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { lockUserKeys, lockUserProxiesOfType, setKeysTag, setProxiesTag, type ProxyScope } from '../proxies/index.js';
import { ok, ownTag } from './queries.js';

/**
 * Puts the caller's proxies (of the tag's type) under a tag, or takes them out of it. Only the
 * proxies the route serves count (`scope`: /api/bought-proxy is the package proxies alone), as
 * in every other proxy call; any other id is unknown.
 */
export async function tagProxies(
  ctx: AppContext,
  userId: string,
  scope: ProxyScope,
  tagId: string,
  ids: string[],
  untag = false,
): Promise<void> {
  const tag = await ownTag(ctx.db, userId, tagId);
  if (tag.tagType === 'key') {
    throw new AppError('TAG_NOT_EXISTS');
  }
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await lockUserProxiesOfType(tx, userId, tag.tagType as 'v6' | 'v4', scope, unique);
    if (rows.length !== unique.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
    await setProxiesTag(tx, unique, tagId, untag);
    await recordAudit(ctx, tx, {
      userId,
      action: untag ? 'proxy.untag' : 'proxy.tag',
      targetType: 'proxy',
      targetIds: unique,
      detail: { tag: tag.name },
    });
  });
}

/** The same for the caller's rotating keys, under a tag of type `key`. */
export async function tagKeys(
  ctx: AppContext,
  userId: string,
  tagId: string,
  ids: string[],
  untag = false,
): Promise<void> {
  const tag = await ownTag(ctx.db, userId, tagId);
  if (tag.tagType !== 'key') {
    throw new AppError('TAG_NOT_EXISTS');
  }
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await lockUserKeys(tx, userId, unique);
    if (rows.length !== unique.length) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    await setKeysTag(tx, unique, tagId, untag);
    await recordAudit(ctx, tx, {
      userId,
      action: untag ? 'key.untag' : 'key.tag',
      targetType: 'key',
      targetIds: unique,
      detail: { tag: tag.name },
    });
  });
}

/** tag-proxy/:tagId and untag-proxy/:tagId under /api/{v6,v4,bought}-proxy. */
export function tagProxyRoutes(app: RouteApp, scope: 'v6' | 'v4' | 'bought', opts: object): void {
  const e = scope === 'bought' ? boughtProxyEndpoints : typedProxyEndpoints(scope);
  route(app, e.tagProxy, opts, async (req) => {
    await tagProxies(app.ctx, req.user.id, scope, req.params.id, req.body.listProxyId);
    return ok;
  });
  route(app, e.untagProxy, opts, async (req) => {
    await tagProxies(app.ctx, req.user.id, scope, req.params.id, req.body.listProxyId, true);
    return ok;
  });
}

/** tag-key/:tagId and untag-key/:tagId under /api/key. */
export function tagKeyRoutes(app: RouteApp, opts: object): void {
  route(app, keyEndpoints.tagKey, opts, async (req) => {
    await tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId);
    return ok;
  });
  route(app, keyEndpoints.untagKey, opts, async (req) => {
    await tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId, true);
    return ok;
  });
}
