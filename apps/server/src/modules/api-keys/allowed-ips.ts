import { isIPv4 } from 'node:net';
import { eq } from 'drizzle-orm';
import { apiKeyEndpoints, MAX_API_ALLOWED_IPS } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import type { User } from '../auth/index.js';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** PUT /api/api/allowed-ips: 1–3 distinct IPv4 addresses (INVALID_IP), not the list already saved (SAME_OLD_AUTH_IP). */
export async function setAllowedIps(ctx: AppContext, user: Pick<User, 'id' | 'siteId'>, list: string[]) {
  const ips = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  if (ips.length === 0 || ips.length > MAX_API_ALLOWED_IPS || !ips.every((ip) => isIPv4(ip))) {
    throw new AppError('INVALID_IP', { max: MAX_API_ALLOWED_IPS });
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockApiKey(tx, user.id, user.siteId, now);
    const same = row.allowedIps.length === ips.length && [...row.allowedIps].sort().join() === [...ips].sort().join();
    if (same) {
      throw new AppError('SAME_OLD_AUTH_IP');
    }
    await updateAllowedIps(tx, user.id, ips, now);
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'api-key.allowed-ips',
      targetType: 'api-key',
      detail: { from: row.allowedIps, to: ips },
    });
  });
  return { allowedIps: ips };
}

/** Locks the user's key row for a read-modify-write of its allowed IPs (created empty when missing). */
async function lockApiKey(db: DbOrTx, userId: string, siteId: string, now: Date): Promise<ApiKeyRow> {
  await db.insert(apiKeys).values({ userId, siteId, updatedAt: now }).onConflictDoNothing();
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).for('update').limit(1);
  return rows[0]!;
}

async function updateAllowedIps(db: DbOrTx, userId: string, allowedIps: string[], now: Date): Promise<void> {
  await db.update(apiKeys).set({ allowedIps, updatedAt: now }).where(eq(apiKeys.userId, userId));
}

export function allowedIpsRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, apiKeyEndpoints.allowedIps, opts, async (req) => setAllowedIps(app.ctx, req.user, req.body.allowedIps));
}
