import { isIPv4 } from 'node:net';
import { API_RATE_LIMIT, MAX_API_ALLOWED_IPS, type TApiInfo } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordApiKeyUse, recordAudit } from '../audit/index.js';
import { updateUser, type User } from '../auth/index.js';
import { countRateLimitHit, readRateLimitCount } from '../rate-limits/index.js';
import type { Site } from '../site/index.js';
import * as repo from './repository.js';

/**
 * The developer API (docs/wire-contract.md#developer-api): one key per user, kept as its SHA-256
 * only, honoured from 1–3 allowed IPv4 addresses, limited per minute in the shared rate_limits
 * table so every API instance counts the same window.
 */

const KEY_PREFIX = 'pk_';

/** What screens show of a key: its first and last characters. */
export function keyHint(key: string): string {
  return `${key.slice(0, 7)}…${key.slice(-4)}`;
}

export function rateLimitOf(site: Pick<Site, 'settings'>): number {
  return site.settings.apiRateLimitPerMin ?? API_RATE_LIMIT.default;
}

const minuteKey = (userId: string) => `api-key:min:${userId}`;
const dayKey = (userId: string, now: Date) => `api-key:day:${userId}:${now.toISOString().slice(0, 10)}`;

/** A new key for the user; the previous one stops working when this commits. Only this returns the key. */
export async function rotateApiKey(ctx: AppContext, user: Pick<User, 'id' | 'siteId'>): Promise<string> {
  const apiKey = `${KEY_PREFIX}${randomToken(24)}`;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.upsertKeyHash(tx, {
      userId: user.id,
      siteId: user.siteId,
      keyHash: sha256Hex(apiKey),
      hint: keyHint(apiKey),
      now,
    });
    // GET /api/user/me shows the same masked key.
    await updateUser(tx, user.id, { apiKey: keyHint(apiKey), updatedAt: now });
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'api-key.generate',
      targetType: 'api-key',
      detail: { hint: keyHint(apiKey) },
    });
  });
  return apiKey;
}

export async function apiInfo(
  ctx: AppContext,
  user: Pick<User, 'id'>,
  site: Pick<Site, 'settings'>,
): Promise<TApiInfo> {
  const row = await repo.findApiKey(ctx.db, user.id);
  const now = ctx.clock.now();
  return {
    apiKey: row?.hint ?? null,
    allowedIps: row?.allowedIps ?? [],
    requestsToday: await readRateLimitCount(ctx.db, dayKey(user.id, now), now),
    rateLimitPerMin: rateLimitOf(site),
  };
}

/** 1–3 distinct IPv4 addresses (INVALID_IP), not the list already saved (SAME_OLD_AUTH_IP). */
export async function setAllowedIps(ctx: AppContext, user: Pick<User, 'id' | 'siteId'>, list: string[]) {
  const ips = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  if (ips.length === 0 || ips.length > MAX_API_ALLOWED_IPS || !ips.every((ip) => isIPv4(ip))) {
    throw new AppError('INVALID_IP', { max: MAX_API_ALLOWED_IPS });
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockApiKey(tx, user.id, user.siteId, now);
    const same = row.allowedIps.length === ips.length && [...row.allowedIps].sort().join() === [...ips].sort().join();
    if (same) {
      throw new AppError('SAME_OLD_AUTH_IP');
    }
    await repo.updateAllowedIps(tx, user.id, ips, now);
    await recordAudit(ctx, tx, {
      userId: user.id,
      action: 'api-key.allowed-ips',
      targetType: 'api-key',
      detail: { from: row.allowedIps, to: ips },
    });
  });
  return { allowedIps: ips };
}

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
  const found = await repo.findUserByKeyHash(ctx.db, sha256Hex(key));
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
