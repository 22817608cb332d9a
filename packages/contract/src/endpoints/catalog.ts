import { z } from 'zod';
import { ZOk } from '../schemas/common.js';
import {
  ZAdminCountry,
  ZAdminPackage,
  ZAdminRetailPrice,
  ZBandwidthPrice,
  ZCountry,
  ZCountryCode,
  ZCreateCountryRequest,
  ZCreatePackageRequest,
  ZCreateRetailRequest,
  ZDeletePackageResponse,
  ZDiscountTier,
  ZPackage,
  ZProductQuery,
  ZRetailPrice,
  ZUpdateBandwidthRequest,
  ZUpdateCountryRequest,
  ZUpdateDiscountRequest,
  ZUpdatePackageRequest,
  ZUpdateRetailRequest,
  type Product,
} from '../schemas/catalog.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/** /api/country/{v6,v4,key}/… (docs/wire-contract.md#catalogue). */
export function countryEndpoints<P extends Product>(p: P) {
  return {
    listCountry: endpoint('GET', `/country/${p}/list-country`, { response: z.array(ZCountry) }),
    listCountryAdmin: endpoint('GET', `/country/${p}/list-country-admin`, { response: z.array(ZAdminCountry) }),
    update: endpoint('PUT', `/country/${p}/admin/update`, {
      body: ZUpdateCountryRequest,
      response: z.array(ZAdminCountry),
      errors: ['INVALID_COUNTRY'],
    }),
    create: endpoint('POST', `/country/${p}/admin/create`, {
      body: ZCreateCountryRequest,
      response: z.array(ZAdminCountry),
      errors: ['COUNTRY_EXISTS'],
    }),
    delete: endpoint('DELETE', `/country/${p}/admin/delete/:code`, {
      params: z.object({ code: ZCountryCode }),
      response: z.array(ZAdminCountry),
      errors: ['INVALID_COUNTRY', 'COUNTRY_IN_USE'],
    }),
  };
}

/** /api/{v6,v4,key}-retail/…: the period prices of each country. */
export function retailEndpoints<P extends Product>(p: P) {
  return {
    getAll: endpoint('GET', `/${p}-retail/get-all`, { response: z.array(ZRetailPrice) }),
    getAllRenew: endpoint('GET', `/${p}-retail/get-all-renew`, { response: z.array(ZRetailPrice) }),
    adminGetAll: endpoint('GET', `/${p}-retail/admin/get-all`, { response: z.array(ZAdminRetailPrice) }),
    adminGetListOrigin: endpoint('GET', `/${p}-retail/admin/get-list-origin`, {
      response: z.array(ZAdminRetailPrice),
    }),
    updateRetail: endpoint('PUT', `/${p}-retail/admin/update-retail/:id`, {
      params: ZIdParams,
      body: ZUpdateRetailRequest,
      response: ZRetailPrice,
    }),
    createRetail: endpoint('POST', `/${p}-retail/admin/create-retail`, {
      body: ZCreateRetailRequest,
      response: ZRetailPrice,
      errors: ['INVALID_COUNTRY', 'PRICE_EXISTS'],
    }),
    deleteRetail: endpoint('DELETE', `/${p}-retail/admin/delete-retail/:id`, {
      params: ZIdParams,
      response: ZOk,
      errors: ['PRICE_IN_USE'],
    }),
  };
}

/** /api/{v6,v4,key}-package/…: the packages (trial included). */
export function packageEndpoints<P extends Product>(p: P) {
  return {
    getAllPackage: endpoint('GET', `/${p}-package/get-all-package`, { response: z.array(ZPackage) }),
    adminGetAllPackage: endpoint('GET', `/${p}-package/admin/get-all-package`, { response: z.array(ZAdminPackage) }),
    adminGetListOrigin: endpoint('GET', `/${p}-package/admin/get-list-origin`, { response: z.array(ZAdminPackage) }),
    updatePackage: endpoint('PUT', `/${p}-package/admin/update-package/:id`, {
      params: ZIdParams,
      body: ZUpdatePackageRequest,
      response: ZAdminPackage,
      errors: ['PLAN_NOT_EXISTS'],
    }),
    createPackage: endpoint('POST', `/${p}-package/admin/create-package`, {
      body: ZCreatePackageRequest,
      response: ZAdminPackage,
    }),
    deletePackage: endpoint('DELETE', `/${p}-package/admin/delete-package/:id`, {
      params: ZIdParams,
      response: ZDeletePackageResponse,
      errors: ['PLAN_NOT_EXISTS'],
    }),
  };
}

export const v6CountryEndpoints = countryEndpoints('v6');
export const v4CountryEndpoints = countryEndpoints('v4');
export const keyCountryEndpoints = countryEndpoints('key');
export const v6RetailEndpoints = retailEndpoints('v6');
export const v4RetailEndpoints = retailEndpoints('v4');
export const keyRetailEndpoints = retailEndpoints('key');
export const v6PackageEndpoints = packageEndpoints('v6');
export const v4PackageEndpoints = packageEndpoints('v4');
export const keyPackageEndpoints = packageEndpoints('key');

/** /api/discount/…: the quantity tiers of a product. */
export const discountEndpoints = {
  getAll: endpoint('GET', '/discount/get-all', { query: ZProductQuery, response: z.array(ZDiscountTier) }),
  adminUpdate: endpoint('PUT', '/discount/admin/update', {
    body: ZUpdateDiscountRequest,
    response: z.array(ZDiscountTier),
  }),
};

/** /api/bandwidth/…: the extra bandwidth price (null while the site sets none). */
export const bandwidthEndpoints = {
  getPrice: endpoint('GET', '/bandwidth/get-price', { response: ZBandwidthPrice.nullable() }),
  adminUpdate: endpoint('PUT', '/bandwidth/admin/update', { body: ZUpdateBandwidthRequest, response: ZBandwidthPrice }),
};
