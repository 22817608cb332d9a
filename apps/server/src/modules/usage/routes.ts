import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageEndpoints } from '@proxy/contract';
import { route, type ModuleRoutes } from '../../lib/route.js';
import { openEventStream, superviseStream, trackStreams, writeEvent } from '../../lib/sse.js';
import { authenticate } from '../../plugins/auth.js';
import { UsageHub, type UsageStream } from './hub.js';
import { proxyHistory } from './service.js';

/** A comment line every ~20 s keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How often an open stream checks that its session still stands. */
const SESSION_CHECK_MS = 60_000;

/**
 * /api/usage (docs/wire-contract.md#usage): a proxy's traffic history and the live stream of the
 * caller's proxies' traffic. Both see only the caller's own proxies.
 */
export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Handed in by app.ts (auth sits above this module), as for GET /api/events.
  const { sessionUser } = app;
  const tags = ['usage'];
  const hub = new UsageHub(app.ctx.database, app.log, () => app.ctx.clock.nowMs());
  const open = trackStreams(app, { afterEnd: () => hub.close() });

  route(app, usageEndpoints.proxy, { preHandler: authenticate, schema: { tags } }, async (req) =>
    proxyHistory(app.ctx, req.user.id, req.params.id, req.query),
  );

  /** SSE: `usage {proxyId, bytesIn, bytesOut, at}` per proxy of the caller with new traffic. Token as for /api/events. */
  route(app, usageEndpoints.live, { preHandler: authenticate, schema: { tags, hide: true } }, async (req, reply) => {
    const res = reply.raw;
    const stream: UsageStream = {
      userId: req.user.id,
      send: (event) => writeEvent(res, 'usage', event),
    };
    const unsubscribe = await hub.subscribe(stream);
    if (!openEventStream(req, reply, unsubscribe)) {
      return;
    }
    open.add(res);
    const sessionId = req.sessionId;
    const viaApiKey = req.viaApiKey;
    const checkSession = async () => {
      if (viaApiKey) {
        return;
      }
      const user = await sessionUser(app.ctx.db, stream.userId, sessionId).catch(() => null);
      if (user !== null && (!user?.active || user.sessionRevoked)) {
        res.end();
      }
    };
    superviseStream(req, res, {
      heartbeatMs: HEARTBEAT_MS,
      checkMs: SESSION_CHECK_MS,
      check: checkSession,
      onClose: () => {
        unsubscribe();
        open.delete(res);
      },
    });
  });
};

export const routes: ModuleRoutes = [{ plugin: usageRoutes, prefix: '/usage' }];
