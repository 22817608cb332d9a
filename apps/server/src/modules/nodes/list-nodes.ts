import { sql } from 'drizzle-orm';
import { nodeAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { countFreePortsByNode } from '../allocation/index.js';

/** A node counts as online when it reported or synced within this window. */
const ONLINE_WINDOW_MS = 60_000;

/** One node with its counters, as the owner's node list shows it. */
interface NodeListRow {
  id: string;
  name: string;
  host: string;
  status: 'active' | 'disabled';
  port_from: number;
  port_to: number;
  ipv6_prefix: string | null;
  last_seen_at: Date | string | null;
  proxies: string | number;
  traffic: string | number;
}

async function listNodesWithCounters(db: DbOrTx): Promise<NodeListRow[]> {
  return queryRows<NodeListRow>(
    db,
    sql`select s.id, s.name, s.host, s.status, s.port_from, s.port_to, s.ipv6_prefix, s.last_seen_at,
          (select count(*) from proxies p where p.node_id = s.id and p.status <> 'locked') as proxies,
          (select coalesce(sum(p.bandwidth_used_bytes), 0) from proxies p where p.node_id = s.id) as traffic
        from nodes s order by s.created_at`,
  );
}

async function listNodes(ctx: AppContext) {
  const [rows, freePorts] = await Promise.all([listNodesWithCounters(ctx.db), countFreePortsByNode(ctx.db)]);
  const now = ctx.clock.nowMs();
  return rows.map((r) => {
    const lastSeen = r.last_seen_at ? new Date(r.last_seen_at) : null;
    return {
      id: r.id,
      name: r.name,
      host: r.host,
      status: r.status,
      portFrom: r.port_from,
      portTo: r.port_to,
      ipv6Prefix: r.ipv6_prefix,
      lastSeenAt: lastSeen?.toISOString() ?? null,
      online: lastSeen !== null && now - lastSeen.getTime() < ONLINE_WINDOW_MS,
      proxies: Number(r.proxies),
      freePorts: freePorts.get(r.id) ?? 0,
      trafficBytes: Number(r.traffic),
    };
  });
}

/** GET list: every node with its proxies, free ports and traffic. */
export function listNodesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, nodeAdminEndpoints.list, opts, async () => listNodes(app.ctx));
}
