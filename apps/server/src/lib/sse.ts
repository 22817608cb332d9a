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
 * Keeps an open stream alive with a comment line every `heartbeatMs` and re-checks its session
 * every `checkMs`; when either side closes it, both timers stop and `onClose` runs (it may run
 * twice, once per side, so it must be idempotent).
 */
export function superviseStream(
  req: FastifyRequest,
  res: ServerResponse,
  opts: { heartbeatMs: number; checkMs: number; check: () => Promise<void>; onClose: () => void },
): void {
  const heartbeat = setInterval(() => res.write(': ping\n\n'), opts.heartbeatMs);
  heartbeat.unref();
  const sessionCheck = setInterval(() => void opts.check(), opts.checkMs);
  sessionCheck.unref();
  const cleanup = () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    opts.onClose();
  };
  req.raw.once('close', cleanup);
  res.once('close', cleanup);
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
