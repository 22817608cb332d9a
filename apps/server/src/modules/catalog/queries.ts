import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PeriodUnit, Product, TPackage, TRetailPrice } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { bandwidthPrices, catalogCountries, discountTiers, packages, retailPrices } from '../../db/schema/index.js';

export type RetailPrice = typeof retailPrices.$inferSelect;
export type Package = typeof packages.$inferSelect;

export function toRetail(r: RetailPrice): TRetailPrice {
  return {
    id: r.id,
    country: r.country,
    unit: r.unit,
    price: r.price,
    renewPrice: r.renewPrice,
    quantityStep: r.quantityStep,
    maxQuantity: r.maxQuantity,
  };
}

export function toPackage(p: Package): TPackage {
  return {
    id: p.id,
    name: p.name,
    nameEng: p.nameEng,
    price: p.price,
    days: p.days,
    proxies: p.proxies,
    bandwidthGb: p.bandwidthGb,
    isTrial: p.isTrial,
    minIntervalSec: p.minIntervalSec,
  };
}

/** One country of a site's catalogue for a product. */
export function countryIs(siteId: string, product: Product, code: string): SQL {
  return and(
    eq(catalogCountries.siteId, siteId),
    eq(catalogCountries.product, product),
    eq(catalogCountries.code, code),
  )!;
}

export async function findCountry(db: DbOrTx, siteId: string, product: Product, code: string) {
  const rows = await db
    .select()
    .from(catalogCountries)
    .where(countryIs(siteId, product, code))
    .limit(1);
  return rows[0];
}

/** The active price of one period unit of a country: what a purchase or renewal pays. */
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
