import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The response headers of a Server-Sent Events stream (no caching, no proxy buffering). */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/**
 * Takes the reply over as a browser's event stream (reconnect after 5 s). A client gone while the
 * handler awaited (authentication, a LISTEN) has already fired its 'close', so no cleanup hooked
 * afterwards would run: then `onGone` runs, the socket is dropped and the result is null.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply, onGone: () => void): ServerResponse | null {
  const res = reply.raw;
  reply.hijack();
  if (req.raw.destroyed || res.destroyed) {
    onGone();
    res.destroy();
    return null;
  }
  res.writeHead(200, SSE_HEADERS);
  res.write('retry: 5000\n: connected\n\n');
  return res;
}

/**
 * Keeps an open stream alive with a comment line every `heartbeatMs` and checks every `checkMs`
 * that its session still stands (a stream opened with an API key has none): once its user is gone
 * or inactive or the session revoked, the stream ends. When either side closes it, both timers stop
 * and `onClose` runs (it may run more than once, so it must be idempotent). Returns the check, for
 * a stream that also runs it at other times.
 */
export function superviseStream(
  req: FastifyRequest,
  res: ServerResponse,
  opts: {
    heartbeatMs: number;
    checkMs: number;
    /** The session to check, read at each check (another may take the stream over); default req.sessionId. */
    sessionId?: () => string;
    onClose: () => void;
  },
): () => Promise<void> {
  // Handed in by app.ts: the stream modules sit below auth, which publishes ended sessions through realtime.
  const { sessionUser, ctx } = req.server;
  const userId = req.user.id;
  const viaApiKey = req.viaApiKey;
  const check = async (): Promise<void> => {
    if (viaApiKey) {
      return;
    }
    const sessionId = opts.sessionId?.() ?? req.sessionId;
    const user = await sessionUser(ctx.db, userId, sessionId).catch(() => null);
    // null: the database did not answer, which is no reason to drop a stream.
    if (user !== null && (!user?.active || user.sessionRevoked)) {
      cleanup();
      res.end();
    }
  };
  const heartbeat = setInterval(() => res.write(': ping\n\n'), opts.heartbeatMs);
  heartbeat.unref();
  const sessionCheck = setInterval(() => void check(), opts.checkMs);
  sessionCheck.unref();
  const cleanup = () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    opts.onClose();
  };
  req.raw.once('close', cleanup);
  res.once('close', cleanup);
  return check;
}

/**
 * What a stream may hold unsent. A client that stops reading (a frozen tab, a stalled link) would
 * otherwise make every event pile up in the server's memory; past this the stream is cut, and the
 * browser's EventSource reconnects and resyncs.
 */
export const MAX_UNSENT_BYTES = 1 << 20;

/** Writes one event (`event:` and a JSON `data:` line) to an open stream. */
export function writeEvent(res: ServerResponse, type: string, data: unknown): void {
  if (res.destroyed) {
    return;
  }
  res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  if (res.writableLength > MAX_UNSENT_BYTES) {
    res.destroy();
  }
}

/**
 * The streams a route plugin has open. Open streams would keep app.close() waiting forever, so they
 * are ended first (with `farewell` written last, e.g. a short retry hint), then `afterEnd` runs.
 */
export function trackStreams(
  app: FastifyInstance,
  opts: { farewell?: string; afterEnd: () => Promise<void> },
): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) {
      res.end(opts.farewell);
    }
    open.clear();
    await opts.afterEnd();
  });
  return open;
}
