import { timingSafeEqual } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { TGatewayProxy, TNodeChange, TTrafficReportRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { subServers } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordProxyChanges } from './changes.js';

/** Quotas are sold in GB; the gateway counts bytes. */
export const BYTES_PER_GB = 1024 ** 3;

export interface NodeIdentity {
  id: string;
}

/** `Authorization: Node <nodeId>:<secret>` (docs/gateway-protocol.md#authentication). */
export async function authenticateNode(ctx: AppContext, header: string | undefined): Promise<NodeIdentity> {
  const m = /^Node ([0-9a-f-]{36}):(\S+)$/i.exec(header ?? '');
  if (!m) {
    throw new AppError('INVALID_TOKEN');
  }
  const [node] = await ctx.db
    .select({
      id: subServers.id,
      secretHash: subServers.secretHash,
      status: subServers.status,
      lastSeenAt: subServers.lastSeenAt,
    })
    .from(subServers)
    .where(eq(subServers.id, m[1]!))
    .limit(1);
  const given = Buffer.from(sha256Hex(m[2]!));
  const expected = Buffer.from(node?.secretHash ?? '');
  if (!node || node.status !== 'active' || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('INVALID_TOKEN');
  }
  if (!node.lastSeenAt || ctx.clock.nowMs() - node.lastSeenAt.getTime() > 10_000) {
    await touchNode(ctx, node.id);
  }
  return { id: node.id };
}

/** Marks a node as seen now (any request, or a heartbeat on its change stream). */
export async function touchNode(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.update(subServers).set({ lastSeenAt: ctx.clock.now() }).where(eq(subServers.id, id));
}

interface ProxyStateRow {
  id: string;
  port: number;
  protocol: 'http' | 'socks5';
  username: string;
  password: string;
  auth_ips: string[];
  egress_ip: string;
  status: 'using' | 'expired' | 'locked';
  bandwidth_limit_gb: number | null;
  bandwidth_used_bytes: string | number;
}

const STATE_COLUMNS = sql`p.id, p.port, p.protocol, p.username, p.password, p.auth_ips, p.egress_ip, p.status,
  p.bandwidth_limit_gb, p.bandwidth_used_bytes`;

function toGateway(r: ProxyStateRow): TGatewayProxy {
  return {
    id: r.id,
    port: r.port,
    protocol: r.protocol,
    username: r.username,
    password: r.password,
    authIps: r.auth_ips,
    egressIp: r.egress_ip,
    status: r.status,
    bandwidthLimitBytes: r.bandwidth_limit_gb === null ? null : r.bandwidth_limit_gb * BYTES_PER_GB,
    bandwidthUsedBytes: Number(r.bandwidth_used_bytes),
  };
}

async function nodeVersion(db: DbOrTx, nodeId: string): Promise<number> {
  const rows = await queryRows<{ v: string | number | null }>(
    db,
    sql`select max(id) as v from proxy_events where sub_server_id = ${nodeId}`,
  );
  return Number(rows[0]?.v ?? 0);
}

/**
 * GET node/state: every proxy that holds a listener on the node (locked ones have given their
 * port back), at a version the change stream can continue from. Read in one transaction so the
 * version and the list agree.
 */
export async function nodeState(ctx: AppContext, nodeId: string) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const version = await nodeVersion(tx, nodeId);
    const rows = await queryRows<ProxyStateRow>(
      tx,
      sql`select ${STATE_COLUMNS} from proxies p where p.sub_server_id = ${nodeId} and p.status <> 'locked' order by p.port`,
    );
    return { version, proxies: rows.map(toGateway) };
  });
}

/** The changes after `since`: one event per changed proxy, with the latest version that touched it. */
export async function nodeChangesSince(
  ctx: AppContext,
  nodeId: string,
  since: number,
  limit = 5000,
): Promise<TNodeChange[]> {
  const rows = await queryRows<ProxyStateRow & { version: string | number; proxy_id: string; present: boolean }>(
    ctx.db,
    sql`with ev as (
          select proxy_id, max(id) as version from (
            select proxy_id, id from proxy_events where sub_server_id = ${nodeId} and id > ${since} order by id limit ${limit}
          ) e group by proxy_id
        )
        select ev.proxy_id, ev.version, p.id is not null and p.status <> 'locked' and p.sub_server_id = ${nodeId} as present,
               ${STATE_COLUMNS}
        from ev left join proxies p on p.id = ev.proxy_id
        order by ev.version`,
  );
  return rows.map((r) =>
    r.present
      ? { version: Number(r.version), upsert: toGateway(r) }
      : { version: Number(r.version), deleteId: r.proxy_id },
  );
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Adds counted bytes to the node's proxies (uuid ids, at least one). The incoming ids are cast to
 * uuid, not the column to text, so each row is found through the primary key.
 */
export function addUsageQuery(nodeId: string, counters: TTrafficReportRequest['counters']): SQL {
  const values = sql.join(
    counters.map((c) => sql`(${c.proxyId}::uuid, ${c.bytesIn + c.bytesOut}::bigint)`),
    sql`, `,
  );
  return sql`update proxies p set bandwidth_used_bytes = p.bandwidth_used_bytes + v.bytes
      from (values ${values}) as v(id, bytes)
      where p.id = v.id and p.sub_server_id = ${nodeId}
      returning p.id, p.bandwidth_limit_gb, p.bandwidth_used_bytes, v.bytes`;
}

/**
 * POST node/traffic: adds the counted bytes to each proxy's usage, once per reportId when the
 * report has one (a report retried after a timeout is not counted twice). Proxies that cross their quota are announced
 * on the change stream, so every node cuts them off.
 */
export async function recordTraffic(
  ctx: AppContext,
  nodeId: string,
  report: TTrafficReportRequest,
): Promise<{ duplicate: boolean }> {
  return ctx.db.transaction(async (tx) => {
    if (report.reportId !== undefined) {
      const fresh = await queryRows<{ report_id: string }>(
        tx,
        sql`insert into traffic_reports (sub_server_id, report_id, created_at) values (${nodeId}, ${report.reportId}, ${ctx.clock.now().toISOString()})
            on conflict do nothing returning report_id`,
      );
      if (fresh.length === 0) {
        return { duplicate: true };
      }
    }
    // An id that is no uuid names no proxy; it is left out before the cast could fail.
    const counters = report.counters.filter((c) => c.bytesIn + c.bytesOut > 0 && UUID_RE.test(c.proxyId));
    if (counters.length === 0) {
      return { duplicate: false };
    }
    const crossed = await queryRows<{ id: string }>(tx, addUsageQuery(nodeId, counters));
    const over = crossed.filter((r) => {
      const row = r as unknown as {
        bandwidth_limit_gb: number | null;
        bandwidth_used_bytes: string | number;
        bytes: string | number;
      };
      if (row.bandwidth_limit_gb === null) {
        return false;
      }
      const limit = row.bandwidth_limit_gb * BYTES_PER_GB;
      const used = Number(row.bandwidth_used_bytes);
      return used >= limit && used - Number(row.bytes) < limit;
    });
    await recordProxyChanges(
      tx,
      over.map((r) => r.id),
    );
    return { duplicate: false };
  });
}
