import { boughtProxyEndpoints, keyEndpoints, typedProxyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { lockUserKeys, lockUserProxiesOfType, setKeysTag, setProxiesTag, type ProxyScope } from '../proxies/index.js';
import { ok, ownTag } from './queries.js';

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * Puts rows of the caller under one of their tags, or takes them out of it, in one transaction
 * with its audit rows. `lock` takes the caller's rows among `ids`: any id it does not return is
 * unknown (`missing`), and nothing changes.
 */
async function tagRows(
  ctx: AppContext,
  userId: string,
  tag: { id: string; name: string },
  ids: string[],
  untag: boolean,
  rows: {
    type: 'proxy' | 'key';
    missing: 'PROXY_NOT_EXISTS' | 'KEY_NOT_EXISTS';
    lock: (tx: Tx, ids: string[]) => Promise<unknown[]>;
    set: (tx: Tx, ids: string[], tagId: string, untag: boolean) => Promise<void>;
  },
): Promise<void> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    if ((await rows.lock(tx, unique)).length !== unique.length) {
      throw new AppError(rows.missing);
    }
    await rows.set(tx, unique, tag.id, untag);
    await recordAudit(ctx, tx, {
      userId,
      action: `${rows.type}.${untag ? 'untag' : 'tag'}`,
      targetType: rows.type,
      targetIds: unique,
      detail: { tag: tag.name },
    });
  });
}

/**
 * The caller's proxies (of the tag's type) under a tag or out of it. Only the proxies the route
 * serves count (`scope`: /api/bought-proxy is the package proxies alone), as in every other proxy
 * call; any other id is unknown.
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
  const tagType = tag.tagType;
  if (tagType === 'key') {
    throw new AppError('TAG_NOT_EXISTS');
  }
  await tagRows(ctx, userId, tag, ids, untag, {
    type: 'proxy',
    missing: 'PROXY_NOT_EXISTS',
    lock: (tx, unique) => lockUserProxiesOfType(tx, userId, tagType, scope, unique),
    set: setProxiesTag,
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
  await tagRows(ctx, userId, tag, ids, untag, {
    type: 'key',
    missing: 'KEY_NOT_EXISTS',
    lock: (tx, unique) => lockUserKeys(tx, userId, unique),
    set: setKeysTag,
  });
}

/** tag-proxy/:tagId and untag-proxy/:tagId under /api/{v6,v4,bought}-proxy. */
export function tagProxyRoutes(app: RouteApp, scope: 'v6' | 'v4' | 'bought', opts: RouteOptions): void {
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
export function tagKeyRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, keyEndpoints.tagKey, opts, async (req) => {
    await tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId);
    return ok;
  });
  route(app, keyEndpoints.untagKey, opts, async (req) => {
    await tagKeys(app.ctx, req.user.id, req.params.id, req.body.listKeyId, true);
    return ok;
  });
}
