import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
