import { userEndpoints } from '@proxy/contract';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { rotateApiKey } from '../api-keys/index.js';
import { setPrivateAutoRenew } from '../orders/index.js';

/**
 * POST /api/user/generate-key (a new developer-API key; the old one stops at once) and PUT
 * /api/user/auto-renew (the default of the caller's private proxies): account settings whose rules
 * are modules/api-keys' and modules/orders'.
 */
export function accountSettingsRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, userEndpoints.generateKey, opts, async (req) => ({ apiKey: await rotateApiKey(app.ctx, req.user) }));
  route(app, userEndpoints.autoRenew, opts, async (req) => {
    await setPrivateAutoRenew(app.ctx, req.user.id, req.body.autoRenew);
    return { ok: true as const };
  });
}
