import { countStockByCountry } from '../allocation/index.js';
import { routedStock } from '../suppliers/index.js';
import type { Product, TPackage, TRetailPrice } from '@proxy/contract';
import type { AppContext } from '../../context.js';
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
    nameEng: p.nameEng,
    price: p.price,
    days: p.days,
    proxies: p.proxies,
    bandwidthGb: p.bandwidthGb,
    isTrial: p.isTrial,
    minIntervalSec: p.minIntervalSec,
  };
}

/** The countries with their stock: a routed country counts every source of its route. */
async function stocked(ctx: AppContext, siteId: string, product: Product) {
  const countries = await repo.listCountries(ctx.db, siteId, product);
  const stock = await countStockByCountry(ctx.db, product);
  const routed = await routedStock(ctx.db, siteId, product);
  return countries.map((c) => {
    const r = { ...c, stock: stock.get(c.code) ?? 0 };
    const route = routed.get(r.code);
    return route ? { ...r, stock: (route.ownNodes ? r.stock : 0) + route.supplierStock } : r;
  });
}

export async function countries(ctx: AppContext, siteId: string, product: Product) {
  const rows = await stocked(ctx, siteId, product);
  return rows
    .filter((r) => r.enabled)
    .map((r) => ({ code: r.code, name: r.name, available: r.stock > 0, stock: r.stock }));
}

export async function adminCountries(ctx: AppContext, siteId: string, product: Product) {
  const rows = await stocked(ctx, siteId, product);
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
  return rows.map((r) => Object.assign(toRetail(r), { price: r.renewPrice }));
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
  return toRetail(await repo.updateRetailPrice(ctx.db, id, body));
}

export async function updatePackage(
  ctx: AppContext,
  siteId: string,
  product: Product,
  id: string,
  body: Partial<
    Pick<repo.Package, 'name' | 'nameEng' | 'price' | 'days' | 'proxies' | 'bandwidthGb' | 'minIntervalSec' | 'active'>
  >,
) {
  const row = await repo.findPackage(ctx.db, id);
  if (!row || row.siteId !== siteId || row.product !== product) {
    throw new AppError('PLAN_NOT_EXISTS');
  }
  // An empty English name is none: English readers see the name.
  const p = await repo.updatePackageRow(ctx.db, id, body.nameEng === '' ? { ...body, nameEng: null } : body);
  return { ...toPackage(p), active: p.active, product: p.product };
}

export async function replaceDiscountTiers(
  ctx: AppContext,
  siteId: string,
  product: Product,
  tiers: { minQuantity: number; percent: number }[],
) {
  await ctx.db.transaction((tx) => repo.replaceDiscountTierRows(tx, siteId, product, tiers));
  return repo.listDiscountTiers(ctx.db, siteId, product);
}

export async function setBandwidthPrice(ctx: AppContext, siteId: string, body: { pricePerGb: number; maxGb: number }) {
  await repo.upsertBandwidthPrice(ctx.db, siteId, body, ctx.clock.now());
  return body;
}

export async function setCountryEnabled(
  ctx: AppContext,
  siteId: string,
  product: Product,
  code: string,
  enabled: boolean,
) {
  if (!(await repo.setCatalogCountryEnabled(ctx.db, siteId, product, code, enabled))) {
    throw new AppError('INVALID_COUNTRY');
  }
  return adminCountries(ctx, siteId, product);
}
