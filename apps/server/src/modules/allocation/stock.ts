import { sql } from 'drizzle-orm';
import type { Product } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * How many items of a product each country could serve now, as the allocator would
 * (docs/product-rules.md#stock): where an active node serves the country from a prefix, a shared
 * address or a key pool, the free listener ports of those nodes; otherwise, per node, the free
 * pool addresses of the country that also have a free port on their node. A country with no
 * source is absent.
 */
export async function countStockByCountry(db: DbOrTx, product: Product): Promise<Map<string, number>> {
  const rows = await queryRows<{ country: string; stock: string | number }>(
    db,
    sql`with free_ports as (
          select node_id, count(*) as n from node_ports where proxy_id is null group by node_id
        ), open_nodes as (
          select distinct e.country, e.node_id from egress_ips e
          join nodes s on s.id = e.node_id and s.status = 'active'
          where e.product = ${product} and (e.is_prefix or e.shared or ${product === 'key'})
        ), open_stock as (
          select o.country, sum(coalesce(f.n, 0)) as n from open_nodes o
          left join free_ports f on f.node_id = o.node_id group by o.country
        ), ip_nodes as (
          select e.country, e.node_id, count(*) as n from egress_ips e
          join nodes s on s.id = e.node_id and s.status = 'active'
          where e.product = ${product} and e.proxy_id is null and not e.is_prefix and not e.shared
            and not ${product === 'key'}
          group by e.country, e.node_id
        ), ip_stock as (
          select i.country, sum(least(i.n, coalesce(f.n, 0))) as n from ip_nodes i
          left join free_ports f on f.node_id = i.node_id group by i.country
        )
        select coalesce(os.country, ips.country) as country,
               case when os.country is not null then os.n else ips.n end as stock
        from open_stock os full join ip_stock ips on ips.country = os.country`,
  );
  return new Map(rows.map((r) => [r.country, Number(r.stock)]));
}
