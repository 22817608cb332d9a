import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNodeState, ZOk, ZTrafficReportRequest } from '@proxy/contract';
import { PROXY_CHANGES_CHANNEL } from './repository/index.js';
import {
  authenticateNode,
  nodeChangesSince,
  nodeState,
  nodeStateJson,
  recordTraffic,
  touchNode,
} from './node-service.js';

const HEARTBEAT_MS = 15_000;

/** The gateway node protocol under /api/sub-server/node (docs/gateway-protocol.md). */
// eslint-disable-next-line max-lines-per-function -- route table: one short handler per endpoint of this prefix
export const nodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sub-server'];
  // Open change streams, ended when the server shuts down (they would hold it open otherwise).
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) {
      end();
    }
  });

  app.get('/node/state', { schema: { tags, response: { 200: ZNodeState } } }, async (req, reply) => {
    const node = await authenticateNode(app.ctx, req.headers.authorization);
    // SERIALIZER=generic keeps the reference path (objects through zod): compiled-serializer.test.ts
    // builds an app with it and compares its answer with this JSON written by PostgreSQL.
    if (app.ctx.config.SERIALIZER === 'generic') {
      return nodeState(app.ctx, node.id);
    }
    // A string is sent as it is: Fastify serialises only objects (the schema still documents it).
    const raw = reply as unknown as FastifyReply;
    return raw.type('application/json; charset=utf-8').send(await nodeStateJson(app.ctx, node.id));
  });

  app.post(
    '/node/traffic',
    { schema: { tags, body: ZTrafficReportRequest, response: { 200: ZOk.extend({ duplicate: z.boolean() }) } } },
    async (req) => {
      const node = await authenticateNode(app.ctx, req.headers.authorization);
      const key = req.headers['idempotency-key'];
      const reportId = req.body.reportId ?? (typeof key === 'string' && key.length > 0 ? key.slice(0, 100) : undefined);
      const r = await recordTraffic(app.ctx, node.id, { ...req.body, reportId });
      return { ok: true as const, duplicate: r.duplicate };
    },
  );

  /**
   * Server-Sent Events: the changes after `since`, then each new one as it is committed. Woken by
   * Postgres NOTIFY, so a change made through any API instance reaches nodes following another.
   */
  app.get(
    '/node/changes',
    { schema: { tags, querystring: z.object({ since: z.coerce.number().int().min(0).default(0) }) } },
    // eslint-disable-next-line max-lines-per-function -- one change stream's whole life (replay, listen, heartbeat, close), in order
    async (req, reply) => {
      const node = await authenticateNode(app.ctx, req.headers.authorization);
      let version = req.query.since;
      let closed = false;
      let pending: Promise<void> | null = null;
      let again = false;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');

      const pump = async () => {
        do {
          again = false;
          const changes = await nodeChangesSince(app.ctx, node.id, version);
          for (const c of changes) {
            if (closed) {
              return;
            }
            res.write(`id: ${c.version}\ndata: ${JSON.stringify(c)}\n\n`);
            version = Math.max(version, c.version);
          }
          // A full page means more may be waiting.
          again ||= changes.length >= 5000;
        } while (again && !closed);
      };
      const wake = () => {
        if (closed) {
          return;
        }
        if (pending) {
          again = true;
          return;
        }
        pending = pump()
          .catch((err: unknown) => {
            req.log.warn({ err }, 'node change stream failed');
            res.end();
          })
          .finally(() => {
            pending = null;
          });
      };
      let unlisten: () => Promise<void>;
      try {
        unlisten = await app.ctx.database.listen(
          PROXY_CHANGES_CHANNEL,
          (payload) => {
            if (payload === node.id) {
              wake();
            }
          },
          // Wake-ups were lost while the listener was down: catch up from the last version sent.
          { onResume: wake },
        );
      } catch (err) {
        // The node reconnects with backoff and resyncs in full.
        req.log.warn({ err }, 'node change stream: no listener');
        res.end();
        return;
      }
      const heartbeat = setInterval(() => {
        res.write(': keep-alive\n\n');
        // A node that only follows the stream is still online.
        void touchNode(app.ctx, node.id).catch(() => undefined);
      }, HEARTBEAT_MS);
      const close = () => {
        if (closed) {
          return;
        }
        closed = true;
        streams.delete(end);
        clearInterval(heartbeat);
        void unlisten();
      };
      const end = () => {
        close();
        res.end();
      };
      streams.add(end);
      req.raw.on('close', close);
      // A node gone while the LISTEN above was awaited has already fired its 'close'.
      if (req.raw.destroyed || res.destroyed) {
        close();
        return;
      }
      wake();
    },
  );
};
