import { and, eq, sql } from 'drizzle-orm';
import type { Product } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { egressIps } from '../../db/schema/index.js';

/** What a node brings to the pools, as the node admin (modules/nodes) reads and edits it. */

/** One group of a node's egress addresses, as the owner's egress list shows it. */
export interface EgressGroupRow {
  product: string;
  country: string;
  family: number;
  is_prefix: boolean;
  shared: boolean;
  total: string | number;
  held: string | number;
  sample: string;
}

export async function listEgressGroups(db: DbOrTx, nodeId: string): Promise<EgressGroupRow[]> {
  return queryRows<EgressGroupRow>(
    db,
    sql`select product, country, family, is_prefix, shared, count(*) as total, count(proxy_id) as held, min(ip) as sample
        from egress_ips where node_id = ${nodeId} group by product, country, family, is_prefix, shared order by product, country`,
  );
}

/** The addresses a node already has for a product. */
export async function listNodeEgressIps(db: DbOrTx, nodeId: string, product: Product): Promise<string[]> {
  const existing = await db
    .select({ ip: egressIps.ip })
    .from(egressIps)
    .where(and(eq(egressIps.nodeId, nodeId), eq(egressIps.product, product)));
  return existing.map((e) => e.ip);
}

/** Deletes the free pool addresses of one product and country; held ones stay. */
export async function deleteFreeEgress(db: DbOrTx, nodeId: string, product: Product, country: string): Promise<void> {
  await db.execute(
    sql`delete from egress_ips where node_id = ${nodeId} and product = ${product} and country = ${country} and proxy_id is null`,
  );
}

/** How many free listener ports each node has (nodes with none are absent). */
export async function countFreePortsByNode(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await queryRows<{ node_id: string; n: string | number }>(
    db,
    sql`select node_id, count(*) as n from node_ports where proxy_id is null group by node_id`,
  );
  return new Map(rows.map((r) => [r.node_id, Number(r.n)]));
}

/** How many of the node's ports outside `from`–`to` a proxy holds. */
export async function countHeldPortsOutside(db: DbOrTx, id: string, from: number, to: number): Promise<number> {
  const held = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from node_ports where node_id = ${id} and (port < ${from} or port > ${to}) and proxy_id is not null`,
  );
  return Number(held[0]?.n);
}

/** Makes the node's port rows exactly `from`–`to` (the caller has checked none outside is held). */
export async function resizeNodePorts(db: DbOrTx, id: string, from: number, to: number): Promise<void> {
  await db.execute(sql`delete from node_ports where node_id = ${id} and (port < ${from} or port > ${to})`);
  await db.execute(sql`insert into node_ports (node_id, port) select ${id}::uuid, p from generate_series(${from}::int, ${to}::int) p
        on conflict do nothing`);
}
