import { eq } from 'drizzle-orm';
import { apiKeyEndpoints, type TApiInfo } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import type { User } from '../auth/index.js';
import { readRateLimitCount } from '../rate-limits/index.js';
import type { Site } from '../site/index.js';
import { dayKey, rateLimitOf } from './authenticate-key.js';

/** GET /api/api/info: the key's hint, its allowed IPs, today's calls and the per-minute limit. */
export async function apiInfo(
  ctx: AppContext,
  user: Pick<User, 'id'>,
  site: Pick<Site, 'settings'>,
): Promise<TApiInfo> {
  const row = await findApiKey(ctx.db, user.id);
  const now = ctx.clock.now();
  return {
    apiKey: row?.hint ?? null,
    allowedIps: row?.allowedIps ?? [],
    requestsToday: await readRateLimitCount(ctx.db, dayKey(user.id, now), now),
    rateLimitPerMin: rateLimitOf(site),
  };
}

/** The key row of a user (undefined before the first generate or allowed-IPs call). */
async function findApiKey(db: DbOrTx, userId: string): Promise<typeof apiKeys.$inferSelect | undefined> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).limit(1);
  return rows[0];
}

export function apiInfoRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, apiKeyEndpoints.info, opts, async (req) => apiInfo(app.ctx, req.user, req.site));
}
