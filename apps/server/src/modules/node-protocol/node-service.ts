import { timingSafeEqual } from 'node:crypto';
import { isUuid, type TGatewayProxy, type TNodeChange, type TTrafficReportRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { decryptSecret, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordMinuteUsage } from '../usage/index.js';
import * as repo from './repository/index.js';
import type { ProxyStateJsonRow, ProxyStateRow } from './repository/index.js';

/** Quotas are sold in GB; the gateway counts bytes. */
export const BYTES_PER_GB = 1024 ** 3;

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
  const node = await repo.findNodeCredentials(ctx.db, m[1]!);
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
  await repo.setNodeLastSeen(ctx.db, id, ctx.clock.now());
}

/** The upstream of a chained proxy, its credentials opened for the node only. */
function upstreamOf(r: ProxyStateJsonRow | ProxyStateRow, secrets: Buffer): TGatewayProxy['upstream'] {
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

function toGateway(r: ProxyStateRow, secrets: Buffer): TGatewayProxy {
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

/**
 * GET node/state: every proxy that holds a listener on the node (locked ones have given their
 * port back), at a version the change stream can continue from. Read in one transaction so the
 * version and the list agree.
 */
export async function nodeState(ctx: AppContext, nodeId: string) {
  return ctx.db.transaction(async (tx) => {
    await repo.setRepeatableRead(tx);
    const version = await repo.nodeVersion(tx, nodeId);
    const rows = await repo.listNodeProxies(tx, nodeId);
    return { version, proxies: rows.map((r) => toGateway(r, ctx.keys.secrets)) };
  });
}

/**
 * GET node/state as the JSON text the generic serializer writes for nodeState (the test
 * compiled-serializer.test.ts compares them byte for byte): PostgreSQL writes each proxy's JSON,
 * and only a chained proxy's upstream, whose credentials are sealed, is opened and written here.
 * For 10,000 proxies this costs a few string joins instead of 10,000 objects built, checked and
 * stringified.
 */
export async function nodeStateJson(ctx: AppContext, nodeId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await repo.setRepeatableRead(tx);
    const version = await repo.nodeVersion(tx, nodeId);
    const rows = await repo.listNodeProxiesJson(tx, nodeId);
    let out = '{"proxies":[';
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const upstream = r.up_protocol === null ? null : upstreamOf(r, ctx.keys.secrets);
      // The keys in ZGatewayUpstream's order, as the serializer writes them.
      const up = upstream
        ? `,"upstream":${JSON.stringify({ protocol: upstream.protocol, host: upstream.host, port: upstream.port, username: upstream.username, password: upstream.password })}`
        : '';
      out += `${i === 0 ? '' : ','}${r.head}${up}${r.tail}`;
    }
    return `${out}],"version":${version}}`;
  });
}

/** The changes after `since`: one event per changed proxy, with the latest version that touched it. */
export async function nodeChangesSince(
  ctx: AppContext,
  nodeId: string,
  since: number,
  limit = 5000,
): Promise<TNodeChange[]> {
  const rows = await repo.listChangedProxies(ctx.db, nodeId, since, limit);
  return rows.map((r) =>
    r.present
      ? { version: Number(r.version), upsert: toGateway(r, ctx.keys.secrets) }
      : { version: Number(r.version), deleteId: r.proxy_id },
  );
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
      if (!(await repo.insertTrafficReport(tx, nodeId, report.reportId, ctx.clock.now()))) {
        return { duplicate: true };
      }
    }
    // An id that is no uuid names no proxy; it is left out before the cast could fail.
    const counters = report.counters.filter((c) => c.bytesIn + c.bytesOut > 0 && isUuid(c.proxyId));
    if (counters.length === 0) {
      return { duplicate: false };
    }
    const crossed = await repo.addUsage(tx, nodeId, counters);
    // The proxies of this node only, as addUsage counted them (docs/gateway-protocol.md#usage-history).
    const known = new Set(crossed.map((r) => r.id));
    await recordMinuteUsage(
      tx,
      nodeId,
      counters.filter((c) => known.has(c.proxyId.toLowerCase())),
      ctx.clock.now(),
    );
    const over = crossed.filter((row) => {
      if (row.bandwidth_limit_gb === null) {
        return false;
      }
      const limit = row.bandwidth_limit_gb * BYTES_PER_GB;
      const used = Number(row.bandwidth_used_bytes);
      return used >= limit && used - Number(row.bytes) < limit;
    });
    await repo.recordProxyChanges(
      tx,
      over.map((r) => r.id),
    );
    return { duplicate: false };
  });
}

/** The local node's id, found by the secret it derives from APP_SECRET; undefined when there is none. */
export async function localNodeId(ctx: AppContext, secret: string): Promise<string | undefined> {
  return repo.findNodeIdBySecretHash(ctx.db, sha256Hex(secret));
}
