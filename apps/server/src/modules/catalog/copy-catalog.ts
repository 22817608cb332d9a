import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Copies a site's whole catalogue to a new site (docs/wire-contract.md#sites): its countries,
 * retail prices, packages, discount tiers and bandwidth price, each row under a new id. Run in the
 * transaction that creates the site, so a new site never sells without prices.
 */
export async function copyCatalog(tx: DbOrTx, fromSiteId: string, toSiteId: string): Promise<void> {
  await tx.execute(sql`
    insert into catalog_countries (id, site_id, product, code, name, enabled, sort)
    select gen_random_uuid(), ${toSiteId}, product, code, name, enabled, sort
    from catalog_countries where site_id = ${fromSiteId}`);
  await tx.execute(sql`
    insert into retail_prices
      (id, site_id, product, country, unit, price, renew_price, quantity_step, max_quantity, active)
    select gen_random_uuid(), ${toSiteId}, product, country, unit, price, renew_price, quantity_step,
      max_quantity, active
    from retail_prices where site_id = ${fromSiteId}`);
  await tx.execute(sql`
    insert into packages
      (id, site_id, product, name, price, days, proxies, bandwidth_gb, is_trial, min_interval_sec, active, sort)
    select gen_random_uuid(), ${toSiteId}, product, name, price, days, proxies, bandwidth_gb, is_trial,
      min_interval_sec, active, sort
    from packages where site_id = ${fromSiteId}`);
  await tx.execute(sql`
    insert into discount_tiers (id, site_id, product, min_quantity, percent)
    select gen_random_uuid(), ${toSiteId}, product, min_quantity, percent
    from discount_tiers where site_id = ${fromSiteId}`);
  await tx.execute(sql`
    insert into bandwidth_prices (site_id, price_per_gb, max_gb, updated_at)
    select ${toSiteId}, price_per_gb, max_gb, now()
    from bandwidth_prices where site_id = ${fromSiteId}`);
}
