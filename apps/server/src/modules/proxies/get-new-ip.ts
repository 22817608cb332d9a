import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { keyEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { proxies, rotatingKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp } from '../../lib/route.js';
import { recordAudit } from '../audit/index.js';
import { findNodeHost } from '../nodes/index.js';
import { proxyLine, type ProxyRow } from '../orders/index.js';
import { cooldownLeft, updateKeysById } from './queries.js';
import { rotateEgress } from './rotate-egress.js';
import { normaliseAuthIps } from './set-auth-ips.js';

type KeyRow = typeof rotatingKeys.$inferSelect;

/** A key by its own value on a site, locked for update (get-new-ip authenticates with it). */
async function lockKeyByValue(db: DbOrTx, siteId: string, key: string): Promise<KeyRow | undefined> {
  const [k] = await db
    .select()
    .from(rotatingKeys)
    .where(and(eq(rotatingKeys.key, key), eq(rotatingKeys.siteId, siteId)))
    .for('update');
  return k;
}

async function lockProxy(db: DbOrTx, id: string): Promise<ProxyRow | undefined> {
  const [p] = await db.select().from(proxies).where(eq(proxies.id, id)).for('update');
  return p;
}

/** A key's listener takes the authorised address given with get-new-ip (updated_at untouched, as before). */
async function setProxyAuthIps(db: DbOrTx, proxyId: string, ips: string[]): Promise<void> {
  await db.update(proxies).set({ authIps: ips }).where(eq(proxies.id, proxyId));
}

/**
 * POST /api/key/get-new-ip?keyRotate=…: the key itself authenticates. It gets a fresh egress on
 * its listener, no faster than its minimum interval (GET_IP_TOO_FAST with remainTime).
 */
export async function getNewIp(ctx: AppContext, siteId: string, key: string, authIp: string | undefined) {
  const ips = authIp ? normaliseAuthIps([authIp]) : null;
  return ctx.db.transaction(async (tx) => {
    const k = await lockKeyByValue(tx, siteId, key);
    if (!k || !k.proxyId) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    if (k.status !== 'using') {
      throw new AppError('KEY_EXPIRED');
    }
    const remain = cooldownLeft([k.lastNewIpAt], k.minIntervalSec, ctx.clock.nowMs());
    if (remain > 0) {
      throw new AppError('GET_IP_TOO_FAST', { remainTime: remain });
    }
    const p = await lockProxy(tx, k.proxyId);
    if (!p) {
      throw new AppError('KEY_NOT_EXISTS');
    }
    if (ips) {
      await setProxyAuthIps(tx, p.id, ips);
    }
    const rotated = await rotateEgress(ctx, tx, p, 'key');
    await updateKeysById(tx, [k.id], { lastNewIpAt: ctx.clock.now(), updatedAt: ctx.clock.now() });
    await recordAudit(ctx, tx, {
      userId: k.userId,
      action: 'key.new-ip',
      targetType: 'key',
      targetIds: [k.id],
      detail: { from: p.egressIp, to: rotated.egressIp, ...(ips ? { authIps: ips } : {}) },
    });
    const host = (await findNodeHost(tx, p.nodeId)) ?? '';
    return {
      proxy: proxyLine(host, rotated),
      host,
      port: rotated.port,
      username: rotated.username,
      password: rotated.password,
      protocol: rotated.protocol,
      egressIp: rotated.egressIp,
      nextChangeIn: k.minIntervalSec,
    };
  });
}

/** POST and GET /api/key/get-new-ip: authenticated by the key itself, rate-limited per client address. */
export function getNewIpRoutes(app: RouteApp, tags: string[]): void {
  // Keys authenticate by themselves: limit guessing per client address. The GET form is the
  // "change IP" link antidetect browsers call; both verbs share the key's spacing and this limit.
  const newIp = async (
    req: { ip: string; site: { id: string } },
    reply: FastifyReply,
    key: string,
    authIp?: string,
  ) => {
    void reply.header('cache-control', 'no-store');
    await hitLimit(app.ctx.db, app.ctx.clock, { key: `newip:${req.ip}`, max: 120, windowSec: 60 });
    return getNewIp(app.ctx, req.site.id, key, authIp);
  };

  route(app, keyEndpoints.getNewIp, { schema: { tags } }, async (req, reply) =>
    newIp(req, reply, req.query.keyRotate, req.body?.authIp),
  );
  route(app, keyEndpoints.getNewIpGet, { schema: { tags } }, async (req, reply) =>
    newIp(req, reply, req.query.keyRotate),
  );
}
