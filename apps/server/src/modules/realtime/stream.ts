import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventEndpoints } from '@proxy/contract';
import { openEventStream, superviseStream, trackStreams, writeEvent } from '../../lib/sse.js';
import { authenticate } from '../../plugins/auth.js';
import type { Stream } from './hub.js';
import { route } from '../../lib/route.js';

/** A comment line every ~20 s keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/**
 * How often an open stream looks at its session itself. Revocations end streams at once through
 * NOTIFY; this only catches one that was missed (e.g. while a listener connection was down).
 */
export const SESSION_CHECK_MS = 60_000;

/** The reconnect delay a browser gets when this instance shuts down (another one takes the stream). */
export const SHUTDOWN_RETRY_MS = 500;

/**
 * GET /api/events: the caller's Server-Sent Events (docs/wire-contract.md#realtime). The token comes in the
 * Authorization header or, for EventSource, as ?access_token=. The stream ends when its session
 * is revoked (logout, password change, refresh-token reuse, a ban).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // The browser's EventSource reconnects on its own after the short retry hint, through the
  // balancer to another instance, and asks for a resync there (docs/wire-contract.md#realtime).
  const open = trackStreams(app, {
    farewell: `retry: ${SHUTDOWN_RETRY_MS}\n: server shutting down, reconnect\n\n`,
    afterEnd: () => app.events.close(),
  });

  route(
    app,
    eventEndpoints.stream,
    { preHandler: authenticate, schema: { tags: ['realtime'], hide: true } },
    async (req, reply) => {
      const res = reply.raw;
      let checkSession = async (): Promise<void> => undefined;
      const stream: Stream = {
        userId: req.user.id,
        sessionId: req.sessionId,
        send: (type, data) => writeEvent(res, type, data),
        end: () => {
          res.end();
        },
        recheck: () => void checkSession(),
      };
      const unsubscribe = await app.events.subscribe(stream);
      if (!openEventStream(req, reply, unsubscribe)) {
        return;
      }
      open.add(res);
      checkSession = superviseStream(req, res, {
        heartbeatMs: HEARTBEAT_MS,
        checkMs: SESSION_CHECK_MS,
        sessionId: () => stream.sessionId,
        onClose: () => {
          unsubscribe();
          open.delete(res);
        },
      });
      // A revocation committed after authenticate but before the LISTEN above was not heard.
      void checkSession();
    },
  );
};
