import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Product } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { bandwidthPrices, catalogCountries, discountTiers, packages, retailPrices } from '../../db/schema/index.js';

export type RetailPrice = typeof retailPrices.$inferSelect;
export type Package = typeof packages.$inferSelect;

export interface CountryRow {
  code: string;
  name: string;
  enabled: boolean;
  stock: number;
}

/** The site's countries for a product, in their order; their stock is allocation's (`countStockByCountry`). */
export async function listCountries(
  db: DbOrTx,
  siteId: string,
  product: Product,
): Promise<Omit<CountryRow, 'stock'>[]> {
  return db
    .select({ code: catalogCountries.code, name: catalogCountries.name, enabled: catalogCountries.enabled })
    .from(catalogCountries)
    .where(and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product)))
    .orderBy(asc(catalogCountries.sort), asc(catalogCountries.code));
}

export async function findCountry(db: DbOrTx, siteId: string, product: Product, code: string) {
  const rows = await db
    .select()
    .from(catalogCountries)
    .where(
      and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product), eq(catalogCountries.code, code)),
    )
    .limit(1);
  return rows[0];
}

export async function listRetailPrices(db: DbOrTx, siteId: string, product: Product, onlyActive: boolean) {
  const where = [eq(retailPrices.siteId, siteId), eq(retailPrices.product, product)];
  if (onlyActive) {
    where.push(eq(retailPrices.active, true));
  }
  return db
    .select()
    .from(retailPrices)
    .where(and(...where))
    .orderBy(asc(retailPrices.country), sql`array_position(array['hour','day','week','month'], ${retailPrices.unit})`);
}

export async function findRetailPrice(db: DbOrTx, siteId: string, product: Product, country: string, unit: string) {
  const rows = await db
    .select()
    .from(retailPrices)
    .where(
      and(
        eq(retailPrices.siteId, siteId),
        eq(retailPrices.product, product),
        eq(retailPrices.country, country),
        sql`${retailPrices.unit} = ${unit}`,
        eq(retailPrices.active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findRetailPriceById(db: DbOrTx, id: string) {
  const rows = await db.select().from(retailPrices).where(eq(retailPrices.id, id)).limit(1);
  return rows[0];
}

export async function listPackages(db: DbOrTx, siteId: string, product: Product, onlyActive: boolean) {
  const where = [eq(packages.siteId, siteId), eq(packages.product, product)];
  if (onlyActive) {
    where.push(eq(packages.active, true));
  }
  return db
    .select()
    .from(packages)
    .where(and(...where))
    .orderBy(asc(packages.sort), asc(packages.price));
}

export async function findPackage(db: DbOrTx, id: string) {
  const rows = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return rows[0];
}

export async function listDiscountTiers(db: DbOrTx, siteId: string, product: Product) {
  return db
    .select({ minQuantity: discountTiers.minQuantity, percent: discountTiers.percent })
    .from(discountTiers)
    .where(and(eq(discountTiers.siteId, siteId), eq(discountTiers.product, product)))
    .orderBy(asc(discountTiers.minQuantity));
}

export async function findBandwidthPrice(db: DbOrTx, siteId: string) {
  const rows = await db.select().from(bandwidthPrices).where(eq(bandwidthPrices.siteId, siteId)).limit(1);
  return rows[0];
}

export async function updateRetailPrice(
  db: DbOrTx,
  id: string,
  values: Partial<typeof retailPrices.$inferInsert>,
): Promise<RetailPrice> {
  const rows = await db.update(retailPrices).set(values).where(eq(retailPrices.id, id)).returning();
  return rows[0]!;
}

export async function updatePackageRow(
  db: DbOrTx,
  id: string,
  values: Partial<typeof packages.$inferInsert>,
): Promise<Package> {
  const rows = await db.update(packages).set(values).where(eq(packages.id, id)).returning();
  return rows[0]!;
}

/** The product's tiers become exactly these: call inside one transaction. */
export async function replaceDiscountTierRows(
  tx: DbOrTx,
  siteId: string,
  product: Product,
  tiers: { minQuantity: number; percent: number }[],
): Promise<void> {
  await tx.delete(discountTiers).where(and(eq(discountTiers.siteId, siteId), eq(discountTiers.product, product)));
  if (tiers.length) {
    await tx.insert(discountTiers).values(tiers.map((t) => ({ id: randomUUID(), siteId, product, ...t })));
  }
}

export async function upsertBandwidthPrice(
  db: DbOrTx,
  siteId: string,
  body: { pricePerGb: number; maxGb: number },
  at: Date,
): Promise<void> {
  await db
    .insert(bandwidthPrices)
    .values({ siteId, ...body, updatedAt: at })
    .onConflictDoUpdate({ target: bandwidthPrices.siteId, set: { ...body, updatedAt: at } });
}

/** Switches one country of the catalogue on or off; false when the site has no such country. */
export async function setCatalogCountryEnabled(
  db: DbOrTx,
  siteId: string,
  product: Product,
  code: string,
  enabled: boolean,
): Promise<boolean> {
  const rows = await db
    .update(catalogCountries)
    .set({ enabled })
    .where(
      and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product), eq(catalogCountries.code, code)),
    )
    .returning({ code: catalogCountries.code });
  return rows.length > 0;
}
