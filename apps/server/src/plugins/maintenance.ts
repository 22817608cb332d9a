import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isAdminRole } from '@proxy/contract';
import { AppError } from '../lib/errors.js';
import { activeMaintenance, findSiteSettings } from '../modules/site/index.js';

/**
 * The calls a maintenance notice pauses for customers (docs/wire-contract.md#site-content): buying,
 * renewing and amending, and creating a top-up. Completing, checking or cancelling a top-up already
 * paid for, the webhooks and every admin call keep working, so money in flight is still credited.
 */
const PAUSED: RegExp[] = [
  /^POST \/api\/(v6|v4)-proxy\/(buy-retail|buy-package\/:id)$/,
  /^POST \/api\/key\/buy-key-package\/:id$/,
  /^PUT \/api\/order\/(renew\/:id|renew-list-order|increase-bandwidth\/:id|increase-amount\/:id|change-country\/:id)$/,
  /^PUT \/api\/(v6-proxy|v4-proxy|bought-proxy)\/renew-list-proxy$/,
  /^PUT \/api\/key\/renew-list-key$/,
  /^POST \/api\/user\/([a-z-]+-create-order|payment-credit-card)$/,
];

export function isPausedDuringMaintenance(method: string, url: string): boolean {
  const line = `${method} ${url}`;
  return PAUSED.some((re) => re.test(line));
}

/** preHandler after authenticate: 503 MAINTENANCE for a customer while the site's notice is on. */
async function refuseDuringMaintenance(req: FastifyRequest): Promise<void> {
  if (req.user && isAdminRole(req.user.role)) {
    return;
  }
  // Read through (not the 10 s host cache), so a notice turned on elsewhere applies at once.
  const settings = await findSiteSettings(req.server.ctx.db, req.site.id);
  const notice = settings ? activeMaintenance(settings, req.server.ctx.clock.now()) : null;
  if (notice) {
    throw new AppError('MAINTENANCE', { message: notice.message, messageEng: notice.messageEng, until: notice.until });
  }
}

/** Appends the maintenance check to the paused routes as they are declared; register before the routes. */
export function registerMaintenanceGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => isPausedDuringMaintenance(m, route.url))) {
      return;
    }
    const before = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...before, refuseDuringMaintenance];
  });
}
