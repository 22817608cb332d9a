import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/auth.js';

/** A comment line every ~20 s keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/**
 * GET /api/events: the caller's Server-Sent Events (API.md "Realtime"). The token comes in the
 * Authorization header or, for EventSource, as ?access_token=.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Open streams would keep app.close() waiting forever; end them first.
  app.addHook('preClose', async () => {
    for (const res of open) {
      res.end();
    }
    open.clear();
    await app.events.close();
  });

  app.get('/events', { preHandler: authenticate, schema: { tags: ['realtime'], hide: true } }, async (req, reply) => {
    const res = reply.raw;
    const unsubscribe = await app.events.subscribe(req.user.id, (type, data) => {
      res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 5000\n: connected\n\n');
    open.add(res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    };
    req.raw.once('close', cleanup);
    res.once('close', cleanup);
  });
};
