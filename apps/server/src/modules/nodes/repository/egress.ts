import { and, eq, sql } from 'drizzle-orm';
import type { Product } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../../db/client.js';
import { egressIps } from '../../../db/schema/index.js';

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
