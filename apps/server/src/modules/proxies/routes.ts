import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { changePasswordRoute } from './change-password.js';
import { deleteKeysRoute } from './delete-keys.js';
import { exportProxiesRoute } from './export-proxies.js';
import { fetchListRoute } from './fetch-list.js';
import { followLinkRoutes } from './follow-link.js';
import { getNewIpRoutes } from './get-new-ip.js';
import { issueLinksRoutes } from './issue-links.js';
import { listKeysRoutes } from './list-keys.js';
import { listProxiesRoute } from './list-proxies.js';
import { manageListLinksRoutes } from './manage-list-links.js';
import { matchRoute } from './match.js';
import type { ProxyScope } from './queries.js';
import { renewKeysRoute, renewProxiesRoute } from './renew.js';
import { resetIpsRoute } from './reset-ips.js';
import { setAuthIpsRoute } from './set-auth-ips.js';
import { setIpv4FallbackRoute } from './set-ipv4-fallback.js';
import { setResetTypeRoute } from './set-reset-type.js';
import { LinkCache } from './tool-links-cache.js';
import { updateKeysRoutes } from './update-keys.js';
import { updateProxiesRoute } from './update-proxies.js';

/**
 * The proxy calls under /api/v6-proxy and /api/v4-proxy, and under /api/bought-proxy for the
 * private IPv4 proxies from packages (docs/wire-contract.md#proxies: the same calls; change-password there takes
 * listBoughtProxyId). Each call sees only the proxies of its scope.
 */
export function proxyRoutes(type: 'v6' | 'v4', variant: 'typed' | 'bought' = 'typed'): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = [variant === 'bought' ? 'bought-proxy' : `${type}-proxy`];
    const scope: ProxyScope = variant === 'bought' ? 'bought' : type;
    app.addHook('preHandler', authenticate);
    listProxiesRoute(app, tags, scope);
    exportProxiesRoute(app, tags, scope, type);
    renewProxiesRoute(app, tags, scope);
    updateProxiesRoute(app, tags, scope);
    setAuthIpsRoute(app, tags, scope);
    resetIpsRoute(app, tags, scope);
    setResetTypeRoute(app, tags, scope);
    if (scope === 'v6') {
      setIpv4FallbackRoute(app, tags);
    }
    changePasswordRoute(app, tags, scope);
  };
}

/** /api/key/…: get-new-ip (authenticated by the key itself) and the key holder's calls. */
export const keyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['key'];
  const auth = { preHandler: authenticate, schema: { tags } };
  getNewIpRoutes(app, tags);
  listKeysRoutes(app, auth, { preHandler: [authenticate, requireAdmin], schema: { tags } });
  renewKeysRoute(app, auth);
  updateKeysRoutes(app, auth);
  deleteKeysRoute(app, auth);
};

/** POST /api/proxy/match: "paste to act" on /manage-proxy. */
export const proxyMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  matchRoute(app);
};

/** /api/proxy/links and /api/proxy/list-links (the owner's calls) and the secret URLs themselves. */
export const toolLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['proxy'];
  const auth = { preHandler: authenticate, schema: { tags } };
  const cache = new LinkCache(app.ctx.database);
  const unfollow = await cache.follow();
  app.addHook('onClose', async () => unfollow());
  issueLinksRoutes(app, auth, cache);
  manageListLinksRoutes(app, auth);
  followLinkRoutes(app, { schema: { tags } }, cache);
  fetchListRoute(app, { schema: { tags } });
};

export const routes: ModuleRoutes = [
  { plugin: proxyRoutes('v6'), prefix: '/v6-proxy' },
  { plugin: proxyRoutes('v4'), prefix: '/v4-proxy' },
  { plugin: proxyRoutes('v4', 'bought'), prefix: '/bought-proxy' },
  { plugin: keyRoutes, prefix: '/key' },
  { plugin: proxyMatchRoutes, prefix: '/proxy' },
  { plugin: toolLinkRoutes, prefix: '/proxy' },
];
