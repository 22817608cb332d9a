import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Product, TPackage, TRetailPrice } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { bandwidthPrices, catalogCountries, discountTiers, packages, retailPrices } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './repository.js';

export function toRetail(r: repo.RetailPrice): TRetailPrice {
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

export function toPackage(p: repo.Package): TPackage {
  return {
    id: p.id,
    name: p.name,
    price: p.price,
    days: p.days,
    proxies: p.proxies,
    bandwidthGb: p.bandwidthGb,
    isTrial: p.isTrial,
    minIntervalSec: p.minIntervalSec,
  };
}

export async function countries(ctx: AppContext, siteId: string, product: Product) {
  const rows = await repo.listCountries(ctx.db, siteId, product);
  return rows.filter((r) => r.enabled).map((r) => ({ code: r.code, name: r.name, available: r.stock > 0 }));
}

export async function adminCountries(ctx: AppContext, siteId: string, product: Product) {
  const rows = await repo.listCountries(ctx.db, siteId, product);
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    enabled: r.enabled,
    stock: r.stock,
    available: r.enabled && r.stock > 0,
  }));
}

/** Retail rows with the renewal price shown as the price (get-all-renew). */
export async function renewPrices(ctx: AppContext, siteId: string, product: Product): Promise<TRetailPrice[]> {
  const rows = await repo.listRetailPrices(ctx.db, siteId, product, true);
  return rows.map((r) => ({ ...toRetail(r), price: r.renewPrice }));
}

export async function updateRetail(
  ctx: AppContext,
  siteId: string,
  product: Product,
  id: string,
  body: Partial<Pick<repo.RetailPrice, 'price' | 'renewPrice' | 'quantityStep' | 'maxQuantity' | 'active'>>,
) {
  const row = await repo.findRetailPriceById(ctx.db, id);
  if (!row || row.siteId !== siteId || row.product !== product) {
    throw new AppError('NOT_FOUND');
  }
  const rows = await ctx.db.update(retailPrices).set(body).where(eq(retailPrices.id, id)).returning();
  return toRetail(rows[0]!);
}

export async function updatePackage(
  ctx: AppContext,
  siteId: string,
  product: Product,
  id: string,
  body: Partial<
    Pick<repo.Package, 'name' | 'price' | 'days' | 'proxies' | 'bandwidthGb' | 'minIntervalSec' | 'active'>
  >,
) {
  const row = await repo.findPackage(ctx.db, id);
  if (!row || row.siteId !== siteId || row.product !== product) {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  const rows = await ctx.db.update(packages).set(body).where(eq(packages.id, id)).returning();
  const p = rows[0]!;
  return { ...toPackage(p), active: p.active, product: p.product };
}

export async function replaceDiscountTiers(
  ctx: AppContext,
  siteId: string,
  product: Product,
  tiers: { minQuantity: number; percent: number }[],
) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(discountTiers).where(and(eq(discountTiers.siteId, siteId), eq(discountTiers.product, product)));
    if (tiers.length) {
      await tx.insert(discountTiers).values(tiers.map((t) => ({ id: randomUUID(), siteId, product, ...t })));
    }
  });
  return repo.listDiscountTiers(ctx.db, siteId, product);
}

export async function setBandwidthPrice(ctx: AppContext, siteId: string, body: { pricePerGb: number; maxGb: number }) {
  await ctx.db
    .insert(bandwidthPrices)
    .values({ siteId, ...body, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: bandwidthPrices.siteId, set: { ...body, updatedAt: ctx.clock.now() } });
  return body;
}

export async function setCountryEnabled(
  ctx: AppContext,
  siteId: string,
  product: Product,
  code: string,
  enabled: boolean,
) {
  const rows = await ctx.db
    .update(catalogCountries)
    .set({ enabled })
    .where(
      and(eq(catalogCountries.siteId, siteId), eq(catalogCountries.product, product), eq(catalogCountries.code, code)),
    )
    .returning({ code: catalogCountries.code });
  if (rows.length === 0) {
    throw new AppError('INVALID_COUNTRY');
  }
  return adminCountries(ctx, siteId, product);
}
