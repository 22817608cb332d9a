import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { ZNodeState } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import type { RouteApp } from '../../lib/route.js';
import {
  authenticateNode,
  STATE_COLUMNS,
  toGateway,
  upstreamOf,
  UPSTREAM_JOIN,
  type ProxyStateRow,
} from './queries.js';

/** GET /api/sub-server/node/state (docs/gateway-protocol.md#sync). */
export function nodeStateRoute(app: RouteApp, tags: string[]): void {
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
}

/**
 * GET node/state: every proxy that holds a listener on the node (locked ones have given their
 * port back), at a version the change stream can continue from. Read in one transaction so the
 * version and the list agree.
 */
export async function nodeState(ctx: AppContext, nodeId: string) {
  return ctx.db.transaction(async (tx) => {
    await setRepeatableRead(tx);
    const version = await nodeVersion(tx, nodeId);
    const rows = await listNodeProxies(tx, nodeId);
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
    await setRepeatableRead(tx);
    const version = await nodeVersion(tx, nodeId);
    const rows = await listNodeProxiesJson(tx, nodeId);
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

/** The node's latest change version (0 before any). */
export async function nodeVersion(db: DbOrTx, nodeId: string): Promise<number> {
  const rows = await queryRows<{ v: string | number | null }>(
    db,
    sql`select max(id) as v from proxy_events where node_id = ${nodeId}`,
  );
  return Number(rows[0]?.v ?? 0);
}

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
 * serializer write (nodeStateJson): the keys in the contract's order, `ipv4Fallback`
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
