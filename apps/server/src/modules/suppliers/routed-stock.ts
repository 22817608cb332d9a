import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * The catalogue's stock of routed countries: what the route's suppliers hold (a pool's unused
 * proxies, Proxy6's last synced count) and whether the own nodes are on the route too.
 */
export async function routedStock(
  db: DbOrTx,
  siteId: string,
  product: string,
): Promise<Map<string, { ownNodes: boolean; supplierStock: number }>> {
  if (product !== 'v4' && product !== 'v6') {
    return new Map();
  }
  const rows = await queryRows<{ country: string; own_nodes: boolean; supplier_stock: string | number }>(
    db,
    sql`select r.country, r.sources ? 'own' as own_nodes,
          coalesce((select count(*) from upstream_proxies u where u.site_id = r.site_id and u.product = r.product
                    and u.country = r.country and u.status = 'free' and r.sources ? u.supplier_id::text), 0)
          + coalesce((select sum(st.count) from supplier_stock st join suppliers s on s.id = st.supplier_id and s.status <> 'disabled'
                    where st.product = r.product and st.country = r.country and r.sources ? st.supplier_id::text), 0) as supplier_stock
        from supplier_routes r where r.site_id = ${siteId} and r.product = ${product}`,
  );
  return new Map(rows.map((r) => [r.country, { ownNodes: r.own_nodes, supplierStock: Number(r.supplier_stock) }]));
}
