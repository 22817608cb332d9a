import { isIPv4 } from 'node:net';
import { eq } from 'drizzle-orm';
import { API_RATE_LIMIT } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordApiKeyUse } from '../audit/index.js';
import type { User } from '../auth/index.js';
import { countRateLimitHit } from '../rate-limits/index.js';
import type { Site } from '../site/index.js';

/**
 * A keyed call (docs/wire-contract.md#developer-api): one key per user, kept as its SHA-256 only,
 * honoured from 1–3 allowed IPv4 addresses, limited per minute in the shared rate_limits table so
 * every API instance counts the same window (and per UTC day, which GET /api/api/info shows).
 */

export const KEY_PREFIX = 'pk_';

export function rateLimitOf(site: Pick<Site, 'settings'>): number {
  return site.settings.apiRateLimitPerMin ?? API_RATE_LIMIT.default;
}

const minuteKey = (userId: string) => `api-key:min:${userId}`;
export const dayKey = (userId: string, now: Date) => `api-key:day:${userId}:${now.toISOString().slice(0, 10)}`;

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
function plainIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
}

export interface KeyedCall {
  user: User;
  limit: { limit: number; remaining: number; reset: number };
}

/**
 * Authenticates an `X-Api-Key` call: a known key (else 401 INVALID_KEY) of an active user of this
 * site, from one of its allowed addresses (else 403 IP_NOT_ALLOWED), then counts it against the
 * per-minute limit. `limit` is filled for the RateLimit-* headers also when the limit is exceeded,
 * in which case TOO_MANY_REQUEST {remainTime} is thrown after `onLimit` has seen it.
 */
export async function authenticateKey(
  ctx: AppContext,
  site: Site,
  key: string,
  call: { ip: string; method: string; url: string },
  onLimit: (limit: KeyedCall['limit']) => void,
): Promise<{ user: User; apiKeyHint: string }> {
  const clientIp = call.ip;
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) {
    throw new AppError('INVALID_KEY');
  }
  const found = await findUserByKeyHash(ctx.db, sha256Hex(key));
  if (!found?.user.active || found.user.siteId !== site.id) {
    throw new AppError('INVALID_KEY');
  }
  if (!found.allowedIps.includes(plainIp(clientIp))) {
    throw new AppError('IP_NOT_ALLOWED');
  }
  const max = rateLimitOf(site);
  const now = ctx.clock.now();
  const row = await countRateLimitHit(ctx.db, minuteKey(found.user.id), now, new Date(now.getTime() + 60_000));
  const count = Number(row?.count ?? 1);
  const resetMs = row ? new Date(row.expires_at).getTime() - now.getTime() : 60_000;
  const reset = Math.max(1, Math.ceil(resetMs / 1000));
  onLimit({ limit: max, remaining: Math.max(0, max - count), reset });
  if (count > max) {
    throw new AppError('TOO_MANY_REQUEST', { remainTime: reset });
  }
  const dayEnd = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  dayEnd.setUTCDate(dayEnd.getUTCDate() + 1);
  await countRateLimitHit(ctx.db, dayKey(found.user.id, now), now, dayEnd);
  const hint = found.hint ?? '';
  await recordApiKeyUse(ctx, {
    userId: found.user.id,
    hint,
    ip: plainIp(clientIp),
    method: call.method,
    path: call.url.split('?')[0]!.slice(0, 200),
  });
  return { user: found.user, apiKeyHint: hint };
}

/** The user a key hash belongs to, with the key's allowed addresses: the one query of a keyed request. */
async function findUserByKeyHash(
  db: DbOrTx,
  keyHash: string,
): Promise<{ user: User; allowedIps: string[]; hint: string | null } | undefined> {
  const rows = await db
    .select({ user: users, allowedIps: apiKeys.allowedIps, hint: apiKeys.hint })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return rows[0];
}
