import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TNodeChange } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import type { RouteApp } from '../../lib/route.js';
import {
  authenticateNode,
  PROXY_CHANGES_CHANNEL,
  STATE_COLUMNS,
  toGateway,
  touchNode,
  UPSTREAM_JOIN,
  type ProxyStateRow,
} from './queries.js';

const HEARTBEAT_MS = 15_000;

/**
 * GET /api/sub-server/node/changes (docs/gateway-protocol.md#changes), Server-Sent Events: the
 * changes after `since`, then each new one as it is committed. Woken by Postgres NOTIFY, so a
 * change made through any API instance reaches nodes following another. `streams` holds the end
 * of every open stream, for the plugin to close them when the server shuts down.
 */
// eslint-disable-next-line max-lines-per-function -- one route: the stream's whole life below, in order
export function nodeChangesRoute(app: RouteApp, tags: string[], streams: Set<() => void>): void {
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
}

/** The changes after `since`: one event per changed proxy, with the latest version that touched it. */
export async function nodeChangesSince(
  ctx: AppContext,
  nodeId: string,
  since: number,
  limit = 5000,
): Promise<TNodeChange[]> {
  const rows = await listChangedProxies(ctx.db, nodeId, since, limit);
  return rows.map((r) =>
    r.present
      ? { version: Number(r.version), upsert: toGateway(r, ctx.keys.secrets) }
      : { version: Number(r.version), deleteId: r.proxy_id },
  );
}

/** The proxies changed after `since` (up to `limit` events), each with the latest version that touched it. */
export async function listChangedProxies(db: DbOrTx, nodeId: string, since: number, limit: number) {
  return queryRows<ProxyStateRow & { version: string | number; proxy_id: string; present: boolean }>(
    db,
    sql`with ev as (
          select proxy_id, max(id) as version from (
            select proxy_id, id from proxy_events where node_id = ${nodeId} and id > ${since} order by id limit ${limit}
          ) e group by proxy_id
        )
        select ev.proxy_id, ev.version, p.id is not null and p.status <> 'locked' and p.node_id = ${nodeId} as present,
               ${STATE_COLUMNS}
        from ev left join proxies p on p.id = ev.proxy_id ${UPSTREAM_JOIN}
        order by ev.version`,
  );
}
