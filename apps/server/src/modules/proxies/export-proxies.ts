import type { ProxyPreset, TProxy } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { route, type RouteApp } from '../../lib/route.js';
import { toProxy } from '../orders/index.js';
import { renderExport, renderPresetExport } from './export.js';
import { changeIpUrlsOf } from './issue-links.js';
import { allProxies, proxyEndpointsOf, type ProxyFilter, type ProxyScope } from './queries.js';

/**
 * GET export-all: a selection is a batch (docs/wire-contract.md#batches): one id that is not the
 * caller's refuses the whole export, so a mixed selection never silently drops rows.
 */
export async function exportProxies(
  ctx: AppContext,
  userId: string,
  scope: ProxyScope,
  q: {
    ids?: string[];
    status?: ProxyFilter['status'];
    country?: string;
    format: Parameters<typeof renderExport>[1];
    template?: string;
    preset?: ProxyPreset;
  },
  origin: string,
) {
  const ids = q.ids === undefined ? undefined : [...new Set(q.ids)];
  if (ids !== undefined) {
    const owned = await allProxies(ctx.db, { ids, userId, type: scope, search: '' });
    if (owned.length !== ids.length) {
      throw new AppError('PROXY_NOT_EXISTS');
    }
  }
  const rows = await allProxies(ctx.db, {
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

export function exportProxiesRoute(app: RouteApp, tags: string[], scope: ProxyScope, type: 'v6' | 'v4'): void {
  route(app, proxyEndpointsOf(scope).exportAll, { schema: { tags } }, async (req, reply) => {
    const out = await exportProxies(app.ctx, req.user.id, scope, req.query, requestOrigin(req));
    const name = req.query.preset ? `proxies-${type}-${req.query.preset}` : `proxies-${type}`;
    return reply
      .header('content-type', out.contentType)
      .header('content-disposition', `attachment; filename="${name}.${out.ext}"`)
      .send(out.body);
  });
}
