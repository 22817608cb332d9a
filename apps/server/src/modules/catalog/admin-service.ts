import type { Product, TCreateCountryRequest, TCreatePackageRequest, TCreateRetailRequest } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import * as adminRepo from './admin-repository.js';
import * as repo from './repository.js';
import { adminCountries, toPackage, toRetail } from './service.js';

/**
 * The catalogue admin's additions and removals (docs/product-rules.md#catalogue). Every call is
 * scoped to the admin's site: a row of another site is "not found".
 */

/** A new country with its period prices, in one transaction; COUNTRY_EXISTS when already sold. */
export async function createCountry(ctx: AppContext, siteId: string, product: Product, body: TCreateCountryRequest) {
  await ctx.db.transaction(async (tx) => {
    if (!(await adminRepo.insertCountry(tx, siteId, product, body.code, body.name))) {
      throw new AppError('COUNTRY_EXISTS');
    }
    // A country removed earlier left no prices behind (deleteCountryRows), so none can clash here.
    await adminRepo.insertRetailPrices(
      tx,
      siteId,
      product,
      body.prices.map((p) => ({ ...p, country: body.code })),
    );
  });
  return adminCountries(ctx, siteId, product);
}

/**
 * Removes a country and its prices. Refused (COUNTRY_IN_USE) while proxies or keys of that country
 * still hold supply: the seller stops its sale with the enabled switch instead, which keeps
 * renewals working until the last one is locked.
 */
export async function deleteCountry(ctx: AppContext, siteId: string, product: Product, code: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findCountry(tx, siteId, product, code))) {
      throw new AppError('INVALID_COUNTRY');
    }
    const live = await adminRepo.countLiveItemsInCountry(tx, siteId, product, code);
    if (live > 0) {
      throw new AppError('COUNTRY_IN_USE', { count: live });
    }
    await adminRepo.deleteCountryRows(tx, siteId, product, code);
  });
  return adminCountries(ctx, siteId, product);
}

/** One more period price for a country the site sells; PRICE_EXISTS when that unit has one. */
export async function createRetail(ctx: AppContext, siteId: string, product: Product, body: TCreateRetailRequest) {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findCountry(tx, siteId, product, body.country))) {
      throw new AppError('INVALID_COUNTRY');
    }
    const [row] = await adminRepo.insertRetailPrices(tx, siteId, product, [body]);
    if (!row) {
      throw new AppError('PRICE_EXISTS');
    }
    return toRetail(row);
  });
}

/** Removes one period price; PRICE_IN_USE while live retail orders of that country renew by it. */
export async function deleteRetail(ctx: AppContext, siteId: string, product: Product, id: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findRetailPriceById(tx, id);
    if (!row || row.siteId !== siteId || row.product !== product) {
      throw new AppError('NOT_FOUND');
    }
    const live = await adminRepo.countLiveOrdersOnPrice(tx, siteId, product, row.country, row.unit);
    if (live > 0) {
      throw new AppError('PRICE_IN_USE', { count: live });
    }
    await adminRepo.deleteRetailRow(tx, id);
  });
  return { ok: true as const };
}

export async function createPackage(ctx: AppContext, siteId: string, product: Product, body: TCreatePackageRequest) {
  const p = await adminRepo.insertPackage(ctx.db, {
    siteId,
    product,
    name: body.name,
    nameEng: body.nameEng || null,
    price: body.price,
    days: body.days,
    proxies: body.proxies,
    bandwidthGb: body.bandwidthGb ?? null,
    minIntervalSec: product === 'key' ? (body.minIntervalSec ?? null) : null,
    isTrial: false,
    active: true,
  });
  return { ...toPackage(p), active: p.active, product: p.product };
}

/**
 * A package nobody ever bought is deleted; one with buyers is retired: off sale (hidden from
 * get-all-package, buying it is PLAN_NOT_EXISTS), while its buyers' proxies keep working and
 * renewing at its price.
 */
export async function deletePackage(ctx: AppContext, siteId: string, product: Product, id: string) {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPackage(tx, id);
    if (!row || row.siteId !== siteId || row.product !== product) {
      throw new AppError('PLAN_NOT_EXISTS');
    }
    if (!(await adminRepo.packageWasSold(tx, id))) {
      await adminRepo.deletePackageRow(tx, id);
      return { deleted: true, package: null };
    }
    const p = await repo.updatePackageRow(tx, id, { active: false });
    return { deleted: false, package: { ...toPackage(p), active: p.active, product: p.product } };
  });
}
