import { z } from 'zod';
import { ZListQuery, ZOk, zPage } from '../schemas/common.js';
import {
  ZMargin,
  ZMarginQuery,
  ZSupplier,
  ZSupplierAddLinesRequest,
  ZSupplierAddLinesResponse,
  ZSupplierCreateRequest,
  ZSupplierRoute,
  ZSupplierUpdateRequest,
} from '../schemas/suppliers.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

/**
 * /api/supplier/admin/… (docs/suppliers.md): the upstream sources a site resells and the routes
 * that pick them, for the site's admins (the owner: any site's, through the site it serves).
 */
export const supplierAdminEndpoints = {
  /** Every supplier of the site, oldest first (the fixed answer older clients read). */
  list: endpoint('GET', '/supplier/admin/list', { response: z.array(ZSupplier) }),
  /**
   * The same suppliers one page at a time, newest first (docs/wire-contract.md#paging), `search`
   * in the name: a seller with many pasted lists or accounts pages on the server like every other
   * admin list.
   */
  listPage: endpoint('GET', '/supplier/admin/list-page', { query: ZListQuery, response: zPage(ZSupplier) }),
  create: endpoint('POST', '/supplier/admin/create', {
    body: ZSupplierCreateRequest,
    response: ZSupplier,
    errors: ['OUTBOUND_URL_NOT_ALLOWED', 'INVALID_COUNTRY'],
  }),
  update: endpoint('PUT', '/supplier/admin/update/:id', {
    params: ZIdParams,
    body: ZSupplierUpdateRequest,
    response: ZSupplier,
    errors: ['NOT_FOUND', 'OUTBOUND_URL_NOT_ALLOWED'],
  }),
  addLines: endpoint('POST', '/supplier/admin/add-lines/:id', {
    params: ZIdParams,
    body: ZSupplierAddLinesRequest,
    response: ZSupplierAddLinesResponse,
    errors: ['NOT_FOUND', 'TOO_MANY_LINES', 'INVALID_COUNTRY'],
  }),
  sync: endpoint('POST', '/supplier/admin/sync/:id', {
    params: ZIdParams,
    response: ZSupplier,
    errors: ['NOT_FOUND'],
  }),
  delete: endpoint('DELETE', '/supplier/admin/delete/:id', {
    params: ZIdParams,
    response: ZOk,
    errors: ['NOT_FOUND', 'SUPPLIER_IN_USE'],
  }),
  routes: endpoint('GET', '/supplier/admin/routes', { response: z.array(ZSupplierRoute) }),
  setRoute: endpoint('PUT', '/supplier/admin/route', {
    body: ZSupplierRoute,
    response: z.array(ZSupplierRoute),
    errors: ['NOT_FOUND'],
  }),
};

/** GET /api/stats/admin/margin: revenue, upstream cost and margin of the admin's site. */
export const marginEndpoints = {
  margin: endpoint('GET', '/stats/admin/margin', { query: ZMarginQuery, response: ZMargin }),
};
