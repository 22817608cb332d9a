import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isUuid, type TGatewayProxy } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { decryptSecret, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { findNodeCredential, markNodeSeen } from '../nodes/index.js';

/** The statements and rules two or more of the node protocol's use cases share. */

/** Quotas are sold in GB; the gateway counts bytes. */
export const BYTES_PER_GB = 1024 ** 3;

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

export interface NodeIdentity {
  id: string;
}

/** `Authorization: Node <nodeId>:<secret>` (docs/gateway-protocol.md#authentication). */
export async function authenticateNode(ctx: AppContext, header: string | undefined): Promise<NodeIdentity> {
  const m = /^Node ([0-9a-f-]{36}):(\S+)$/i.exec(header ?? '');
  // The id column is a uuid: anything else would fail the query, not the credential.
  if (!m || !isUuid(m[1]!)) {
    throw new AppError('INVALID_TOKEN');
  }
  const node = await findNodeCredential(ctx.db, m[1]!);
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
  await markNodeSeen(ctx.db, id, ctx.clock.now());
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

export const STATE_COLUMNS = sql`p.id, p.port, p.protocol, p.username, p.password, p.auth_ips, p.egress_ip, p.status,
  p.bandwidth_limit_gb, p.bandwidth_used_bytes, p.ipv4_fallback, u.protocol as up_protocol, u.host as up_host, u.port as up_port,
  u.username_sealed as up_username, u.password_sealed as up_password`;
/** The serving upstream of a resold proxy, if any. */
export const UPSTREAM_JOIN = sql`left join upstream_proxies u on u.proxy_id = p.id and u.status = 'serving'`;

type UpstreamColumns = Pick<ProxyStateRow, 'up_protocol' | 'up_host' | 'up_port' | 'up_username' | 'up_password'>;

/** The upstream of a chained proxy, its credentials opened for the node only. */
export function upstreamOf(r: UpstreamColumns, secrets: Buffer): TGatewayProxy['upstream'] {
  if (r.up_protocol === null || r.up_host === null || r.up_port === null) {
    return null;
  }
  const user = r.up_username === null ? null : decryptSecret(secrets, r.up_username);
  const pass = r.up_password === null ? null : decryptSecret(secrets, r.up_password);
  return {
    protocol: r.up_protocol,
    host: r.up_host,
    port: r.up_port,
    username: user !== null && pass !== null ? user : null,
    password: user !== null && pass !== null ? pass : null,
  };
}

export function toGateway(r: ProxyStateRow, secrets: Buffer): TGatewayProxy {
  const upstream = upstreamOf(r, secrets);
  return {
    // Only a chained proxy carries the field: a direct one reads as it always did.
    ...(upstream ? { upstream } : {}),
    // Only when on: a node of an older build reads the state as before.
    ...(r.ipv4_fallback ? { ipv4Fallback: true } : {}),
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
