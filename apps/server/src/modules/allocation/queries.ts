import { sql } from 'drizzle-orm';
import type { Product } from '@proxy/contract';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';

/** An egress source that is not held by one proxy: a prefix, a shared address, or a key's pool row. */
export interface PoolRow {
  id: string;
  node_id: string;
  ip: string;
  is_prefix: boolean;
  shared: boolean;
}

/** A free listener port claimed for a proxy, with the host of its node. */
export interface ClaimedPortRow {
  node_id: string;
  port: number;
  host: string;
}

/** A port and a pool address (or none) to mark as held by a proxy. */
export interface PlacementBinding {
  nodeId: string;
  port: number;
  proxyId: string;
  egressIpId: string | null;
}

/** The non-exclusive egress sources of a product and country on active nodes, by node. */
export async function findOpenPools(tx: Tx, product: Product, country: string): Promise<PoolRow[]> {
  return queryRows<PoolRow>(
    tx,
    sql`select e.id, e.node_id, e.ip, e.is_prefix, e.shared from egress_ips e
        join nodes s on s.id = e.node_id and s.status = 'active'
        where e.product = ${product} and e.country = ${country}
          and (e.is_prefix or e.shared or ${product === 'key'})
        order by e.node_id`,
  );
}

/**
 * The active nodes that still hold free exclusive pool addresses of a product and country, the
 * fullest first, so an allocation that spans nodes takes as few as it can.
 */
export async function findNodesWithFreePoolIps(tx: Tx, product: Product, country: string): Promise<string[]> {
  const rows = await queryRows<{ node_id: string }>(
    tx,
    sql`select e.node_id from egress_ips e
          join nodes s on s.id = e.node_id and s.status = 'active'
          where e.product = ${product} and e.country = ${country} and e.proxy_id is null
            and not e.is_prefix and not e.shared
          group by e.node_id
          order by count(*) desc, e.node_id`,
  );
  return rows.map((r) => r.node_id);
}

/** Up to `count` free ports of a node, lowest first, claimed with FOR UPDATE SKIP LOCKED. */
export async function claimFreePorts(tx: Tx, nodeId: string, count: number): Promise<ClaimedPortRow[]> {
  return queryRows<ClaimedPortRow>(
    tx,
    sql`select np.node_id, np.port, s.host from node_ports np
        join nodes s on s.id = np.node_id
        where np.node_id = ${nodeId} and np.proxy_id is null
        order by np.port limit ${count} for update of np skip locked`,
  );
}

type NodePool = { product: Product; country: string; nodeId: string };

/**
 * The sources a rotating proxy or key of a node may move to without holding one: prefixes,
 * shared addresses, and for keys the whole pool of the country.
 */
export async function findRotationPools(tx: Tx, opts: NodePool): Promise<PoolRow[]> {
  return queryRows<PoolRow>(
    tx,
    sql`select id, node_id, ip, is_prefix, shared from egress_ips
        where node_id = ${opts.nodeId} and product = ${opts.product} and country = ${opts.country}
          and (is_prefix or shared or ${opts.product === 'key'})`,
  );
}

/** A node's prefixes and shared addresses of a country. */
export async function findNodeOpenPools(tx: Tx, opts: NodePool): Promise<PoolRow[]> {
  return queryRows<PoolRow>(
    tx,
    sql`select id, node_id, ip, is_prefix, shared from egress_ips
        where node_id = ${opts.nodeId} and product = ${opts.product} and country = ${opts.country}
          and (is_prefix or shared)`,
  );
}

/** One random free pool address of a node, claimed with FOR UPDATE SKIP LOCKED. */
export async function claimRandomFreeNodeIp(tx: Tx, opts: NodePool): Promise<{ id: string; ip: string } | undefined> {
  const free = await queryRows<{ id: string; ip: string }>(
    tx,
    sql`select id, ip from egress_ips
        where node_id = ${opts.nodeId} and product = ${opts.product} and country = ${opts.country}
          and proxy_id is null and not is_prefix and not shared
        order by random() limit 1 for update skip locked`,
  );
  return free[0];
}

/** Up to `count` free pool addresses of a node, in address order, claimed with FOR UPDATE SKIP LOCKED. */
export async function claimFreeNodeIps(
  tx: Tx,
  opts: NodePool & { count: number },
): Promise<{ id: string; ip: string }[]> {
  return queryRows<{ id: string; ip: string }>(
    tx,
    sql`select id, ip from egress_ips
        where node_id = ${opts.nodeId} and product = ${opts.product} and country = ${opts.country}
          and proxy_id is null and not is_prefix and not shared
        order by ip limit ${opts.count} for update skip locked`,
  );
}

/** Marks claimed ports and pool addresses as held by their proxies. */
export async function bindPortsAndIps(tx: Tx, placements: PlacementBinding[]): Promise<void> {
  const ports = placements.map((s) => sql`(${s.nodeId}::uuid, ${s.port}::int, ${s.proxyId}::uuid)`);
  await tx.execute(sql`update node_ports np set proxy_id = v.proxy_id
      from (values ${sql.join(ports, sql`, `)}) as v(node_id, port, proxy_id)
      where np.node_id = v.node_id and np.port = v.port`);
  const ips = placements.filter((s) => s.egressIpId);
  if (ips.length) {
    const rows = ips.map((s) => sql`(${s.egressIpId}::uuid, ${s.proxyId}::uuid)`);
    await tx.execute(sql`update egress_ips e set proxy_id = v.proxy_id
        from (values ${sql.join(rows, sql`, `)}) as v(id, proxy_id) where e.id = v.id`);
  }
}

/**
 * Frees the ports, pool addresses and upstream proxies the proxies hold (at least one id). A pool
 * member (Webshare, a pasted list) goes back to its pool for the next customer; a proxy bought
 * from Proxy6 was bought for this one and is retired (it ends upstream on its own).
 */
export async function releasePortsAndIps(tx: Tx, proxyIds: string[]): Promise<void> {
  const ids = sql.join(
    proxyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`update node_ports set proxy_id = null where proxy_id in (${ids})`);
  await tx.execute(sql`update egress_ips set proxy_id = null where proxy_id in (${ids})`);
  await tx.execute(
    sql`update upstream_proxies u set status = case when s.kind = 'proxy6' then 'retired' else 'free' end,
          proxy_id = null, failures = 0, checked_at = null, updated_at = now()
        from suppliers s where s.id = u.supplier_id and u.status = 'serving' and u.proxy_id in (${ids})`,
  );
}

/** Active nodes that have a free listener port, most free ports first. */
export async function findNodesWithFreePorts(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ node_id: string }>(
    tx,
    sql`select np.node_id from node_ports np
        join nodes s on s.id = np.node_id and s.status = 'active'
        where np.proxy_id is null group by np.node_id order by count(*) desc`,
  );
  return rows.map((r) => r.node_id);
}

/** Gives the proxies' pool addresses back (at least one id); their ports stay held. */
export async function releaseEgressIps(tx: DbOrTx, proxyIds: string[]): Promise<void> {
  const ids = sql.join(
    proxyIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`update egress_ips set proxy_id = null where proxy_id in (${ids})`);
}

/** Marks claimed pool addresses as held by their proxies (at least one). */
export async function holdEgressIps(tx: DbOrTx, holds: { egressIpId: string; proxyId: string }[]): Promise<void> {
  const rows = sql.join(
    holds.map((h) => sql`(${h.egressIpId}::uuid, ${h.proxyId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`update egress_ips e set proxy_id = v.proxy_id
      from (values ${rows}) as v(id, proxy_id) where e.id = v.id`);
}

/** The proxy takes the pool address `egressIpId` and gives back the one it held, in one statement. */
export async function swapEgressHolder(tx: DbOrTx, proxyId: string, egressIpId: string): Promise<void> {
  await tx.execute(sql`update egress_ips set proxy_id = case when id = ${egressIpId}::uuid then ${proxyId}::uuid else null end
      where id = ${egressIpId}::uuid or proxy_id = ${proxyId}::uuid`);
}
