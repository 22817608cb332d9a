import { sql, type SQL } from 'drizzle-orm';
import type { TTrafficReportRequest } from '@proxy/contract';
import { queryRows, type DbOrTx, type Tx } from '../../../db/client.js';

/** One row of the change log that nodes follow: proxy `proxy_id` of node `node_id` changed. */
export interface ProxyEventRow {
  id: string | number;
  node_id: string;
  proxy_id: string;
}

/** A traffic report already counted, so a retry of it is not counted twice. */
export interface TrafficReportRow {
  node_id: string;
  report_id: string;
  created_at: Date | string;
}

/** A proxy as a node serves it. */
export interface ProxyStateRow {
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
  ipv4_fallback: boolean;
  /** The upstream a supplier's proxy is chained through (modules/suppliers), credentials sealed. */
  up_protocol: 'http' | 'socks5' | null;
  up_host: string | null;
  up_port: number | null;
  up_username: string | null;
  up_password: string | null;
}

/** A proxy's usage after a traffic report added `bytes` to it. */
export interface UsageRow {
  id: string;
  bandwidth_limit_gb: number | null;
  bandwidth_used_bytes: string | number;
  bytes: string | number;
}

/** The NOTIFY channel of the change log: each payload is the id of a node whose proxies changed. */
export const PROXY_CHANGES_CHANNEL = 'proxy_changes';

/**
 * Records that proxies changed (credentials, auth IPs, status, expiry, egress, quota), in the
 * caller's transaction: one proxy_events row per proxy, and a NOTIFY that wakes the change stream
 * of each node concerned. NOTIFY is transactional: listeners hear of it only once the change is
 * committed, and not at all if it rolls back.
 */
export async function recordProxyChanges(tx: DbOrTx, proxyIds: string[]): Promise<void> {
  if (proxyIds.length === 0) {
    return;
  }
  const ids = sql.join(
    [...new Set(proxyIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    with ins as (
      insert into proxy_events (node_id, proxy_id)
      select node_id, id from proxies where id in (${ids})
      returning node_id
    )
    select pg_notify(${PROXY_CHANGES_CHANNEL}, n.node_id::text) from (select distinct node_id from ins) n`);
}

/** The node's latest change version (0 before any). */
export async function nodeVersion(db: DbOrTx, nodeId: string): Promise<number> {
  const rows = await queryRows<{ v: string | number | null }>(
    db,
    sql`select max(id) as v from proxy_events where node_id = ${nodeId}`,
  );
  return Number(rows[0]?.v ?? 0);
}

const STATE_COLUMNS = sql`p.id, p.port, p.protocol, p.username, p.password, p.auth_ips, p.egress_ip, p.status,
  p.bandwidth_limit_gb, p.bandwidth_used_bytes, p.ipv4_fallback, u.protocol as up_protocol, u.host as up_host, u.port as up_port,
  u.username_sealed as up_username, u.password_sealed as up_password`;
/** The serving upstream of a resold proxy, if any. */
const UPSTREAM_JOIN = sql`left join upstream_proxies u on u.proxy_id = p.id and u.status = 'serving'`;

/** So that the version and the proxy list of a node state agree (first statement of the transaction). */
export async function setRepeatableRead(tx: Tx): Promise<void> {
  await tx.execute(sql`set transaction isolation level repeatable read`);
}

/** Every proxy that holds a listener on the node, by port. */
export async function listNodeProxies(db: DbOrTx, nodeId: string): Promise<ProxyStateRow[]> {
  return queryRows<ProxyStateRow>(
    db,
    sql`select ${STATE_COLUMNS} from proxies p ${UPSTREAM_JOIN} where p.node_id = ${nodeId} and p.status <> 'locked' order by p.port`,
  );
}

/**
 * One proxy of a node state as JSON written by PostgreSQL, split where `upstream` goes: `head` is
 * the object up to `egressIp`, `tail` the rest with the closing brace. A chained proxy's sealed
 * upstream comes beside them, for the server to open and insert.
 */
export type ProxyStateJsonRow = Pick<
  ProxyStateRow,
  'up_protocol' | 'up_host' | 'up_port' | 'up_username' | 'up_password'
> & {
  head: string;
  tail: string;
};

/** A JSON string as JSON.stringify writes it (PostgreSQL escapes the same characters the same way). */
const jsonText = (column: string) => `to_json(${column}::text)::text`;

/**
 * listNodeProxies written as JSON by PostgreSQL, byte for byte what toGateway and the generic
 * serializer write (node-service.ts nodeStateJson): the keys in the contract's order, `ipv4Fallback`
 * only when on, the auth IPs without the spaces jsonb's text form has (a uuid needs no escaping).
 * PostgreSQL builds the 10,000 strings of a large node in about the time it takes to send the rows,
 * and the server then joins strings instead of parsing 16 columns a row into objects.
 */
const STATE_JSON_COLUMNS = sql.raw(`'{"id":"' || p.id::text || '","port":' || p.port::text
  || ',"protocol":' || ${jsonText('p.protocol')} || ',"username":' || ${jsonText('p.username')}
  || ',"password":' || ${jsonText('p.password')} || ',"authIps":'
  || case when jsonb_array_length(p.auth_ips) = 0 then '[]' else '[' || (
       select string_agg(to_json(e.ip)::text, ',' order by e.n) from jsonb_array_elements_text(p.auth_ips) with ordinality e(ip, n)
     ) || ']' end
  || ',"egressIp":' || ${jsonText('p.egress_ip')} as head,
  case when p.ipv4_fallback then ',"ipv4Fallback":true' else '' end || ',"status":' || ${jsonText('p.status')}
  || ',"bandwidthLimitBytes":' || coalesce((p.bandwidth_limit_gb::bigint * ${1024 ** 3})::text, 'null')
  || ',"bandwidthUsedBytes":' || p.bandwidth_used_bytes::text || '}' as tail,
  u.protocol as up_protocol, u.host as up_host, u.port as up_port, u.username_sealed as up_username,
  u.password_sealed as up_password`);

/** listNodeProxies as PostgreSQL-written JSON (ProxyStateJsonRow), in the same order. */
export async function listNodeProxiesJson(db: DbOrTx, nodeId: string): Promise<ProxyStateJsonRow[]> {
  return queryRows<ProxyStateJsonRow>(
    db,
    sql`select ${STATE_JSON_COLUMNS} from proxies p ${UPSTREAM_JOIN} where p.node_id = ${nodeId} and p.status <> 'locked' order by p.port`,
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

/** Records a report id; false when it was already recorded (a retried report). */
export async function insertTrafficReport(tx: Tx, nodeId: string, reportId: string, at: Date): Promise<boolean> {
  const fresh = await queryRows<Pick<TrafficReportRow, 'report_id'>>(
    tx,
    sql`insert into traffic_reports (node_id, report_id, created_at) values (${nodeId}, ${reportId}, ${at.toISOString()})
            on conflict do nothing returning report_id`,
  );
  return fresh.length > 0;
}

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
      where p.id = v.id and p.node_id = ${nodeId}
      returning p.id, p.bandwidth_limit_gb, p.bandwidth_used_bytes, v.bytes`;
}

export async function addUsage(
  tx: Tx,
  nodeId: string,
  counters: TTrafficReportRequest['counters'],
): Promise<UsageRow[]> {
  return queryRows<UsageRow>(tx, addUsageQuery(nodeId, counters));
}

/**
 * Maintenance: drops the node change log and traffic reports older than a day. Nodes that were
 * away longer than this resync in full instead of replaying changes.
 */
export async function purgeOldNodeEvents(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.execute(sql`delete from proxy_events where created_at < ${dayAgo}`);
  await db.execute(sql`delete from traffic_reports where created_at < ${dayAgo}`);
}
