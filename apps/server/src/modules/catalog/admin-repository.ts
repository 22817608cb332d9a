import { randomUUID } from 'node:crypto';
import { and, eq, max, sql } from 'drizzle-orm';
import type { PeriodUnit, Product } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { catalogCountries, packages, retailPrices } from '../../db/schema/index.js';
import type { Package, RetailPrice } from './repository.js';

/** The catalogue admin's writes: countries, their period prices and packages (docs/product-rules.md#catalogue). */

/** A new country, last in the list; false when the site already sells it for that product. */
export async function insertCountry(
  db: DbOrTx,
  siteId: string,
  product: Product,
  code: string,
  name: string,
): Promise<boolean> {
  const [last] = await db
    .select({ sort: max(catalogCountries.sort) })
    .from(catalogCountries)
    .where(and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product)));
  const rows = await db
    .insert(catalogCountries)
    .values({ id: randomUUID(), siteId, product, code, name, enabled: true, sort: (last?.sort ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: catalogCountries.id });
  return rows.length > 0;
}

export interface NewRetail {
  country: string;
  unit: PeriodUnit;
  price: number;
  renewPrice: number;
  quantityStep?: number;
  maxQuantity?: number;
}

/** Inserts period prices; returns only the rows inserted (a unit the country already has is skipped). */
export async function insertRetailPrices(
  db: DbOrTx,
  siteId: string,
  product: Product,
  rows: NewRetail[],
): Promise<RetailPrice[]> {
  if (rows.length === 0) {
    return [];
  }
  return db
    .insert(retailPrices)
    .values(rows.map((r) => ({ id: randomUUID(), siteId, product, active: true, ...r })))
    .onConflictDoNothing()
    .returning();
}

/** Proxies and keys of a site's country that still hold supply (not locked), for one product. */
export async function countLiveItemsInCountry(
  db: DbOrTx,
  siteId: string,
  product: Product,
  country: string,
): Promise<number> {
  const rows =
    product === 'key'
      ? await queryRows<{ n: string | number }>(
          db,
          sql`select count(*) as n from rotating_keys
              where site_id = ${siteId} and country = ${country} and status <> 'locked'`,
        )
      : await queryRows<{ n: string | number }>(
          db,
          sql`select count(*) as n from proxies
              where site_id = ${siteId} and type = ${product} and country = ${country}
                and key_id is null and status <> 'locked'`,
        );
  return Number(rows[0]?.n ?? 0);
}

/** Retail orders of a country still alive that renew by this period unit. */
export async function countLiveOrdersOnPrice(
  db: DbOrTx,
  siteId: string,
  product: Product,
  country: string,
  unit: PeriodUnit,
): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from orders o
        where o.site_id = ${siteId} and o.product = ${product} and o.country = ${country}
          and o.period_unit = ${unit} and o.type in ('v6', 'v4') and o.status <> 'cancelled'
          and exists (select 1 from proxies p where p.order_id = o.id and p.status <> 'locked')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Removes a country and its period prices; false when the site has no such country. */
export async function deleteCountryRows(db: DbOrTx, siteId: string, product: Product, code: string): Promise<boolean> {
  await db
    .delete(retailPrices)
    .where(and(eq(retailPrices.siteId, siteId), eq(retailPrices.product, product), eq(retailPrices.country, code)));
  const rows = await db
    .delete(catalogCountries)
    .where(
      and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product), eq(catalogCountries.code, code)),
    )
    .returning({ id: catalogCountries.id });
  return rows.length > 0;
}

export async function deleteRetailRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(retailPrices).where(eq(retailPrices.id, id));
}

export async function insertPackage(
  db: DbOrTx,
  values: Omit<typeof packages.$inferInsert, 'id' | 'sort'>,
): Promise<Package> {
  const [last] = await db
    .select({ sort: max(packages.sort) })
    .from(packages)
    .where(and(eq(packages.siteId, values.siteId), eq(packages.product, values.product)));
  const [row] = await db
    .insert(packages)
    .values({ id: randomUUID(), sort: (last?.sort ?? 0) + 1, ...values })
    .returning();
  return row!;
}

/** Whether any order, live or past, was bought from the package. */
export async function packageWasSold(db: DbOrTx, packageId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders where package_id = ${packageId} limit 1`,
  );
  return rows.length > 0;
}

export async function deletePackageRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(packages).where(eq(packages.id, id));
}
