import { z } from 'zod';
import { ZOk, zPage, ZId } from '../schemas/common.js';
import {
  ZAdminCancelOrderRequest,
  ZAdminCancelOrderResponse,
  ZAdminExtendOrderRequest,
  ZAdminOrder,
  ZAdminOrderListQuery,
  ZAdminOrderItemsQuery,
  ZAdminUserProxiesQuery,
  ZBuyKeyPackageRequest,
  ZBuyKeyResponse,
  ZBuyPackageRequest,
  ZBuyResponse,
  ZBuyRetailRequest,
  ZChangeCountryRequest,
  ZChangeCountryResponse,
  ZIncreaseAmountRequest,
  ZIncreaseAmountResponse,
  ZIncreaseBandwidthRequest,
  ZKey,
  ZOrder,
  ZOrderListQuery,
  ZOrderLog,
  ZPackageStatus,
  ZProxy,
  ZRenewListOrderRequest,
  ZRenewOrderRequest,
  ZUpdateOrderAutoRenewRequest,
} from '../schemas/orders.js';
import { endpoint } from './define.js';
import { ZIdParams } from './proxies.js';

export const ZOrderIdQuery = z.object({ orderId: ZId });
export const ZIncreaseBandwidthResponse = z.object({ bandwidthGb: z.number().int(), cost: z.number().int() });
export const ZAdminOrderItems = z.object({
  proxies: z.array(ZProxy),
  keys: z.array(ZKey),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** An optional Idempotency-Key: a retried purchase answers the first one's order. */
export const ZIdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

const BUY_ERRORS = ['NOT_ENOUGH_MONEY', 'NOT_ENOUGT_PROXY', 'INVALID_COUNTRY', 'IDEMPOTENCY_KEY_REUSED'] as const;

/** POST buy-retail and buy-package/:id under /api/v6-proxy and /api/v4-proxy (header Idempotency-Key). */
export function buyEndpoints<F extends 'v6' | 'v4'>(f: F) {
  return {
    buyRetail: endpoint('POST', `/${f}-proxy/buy-retail`, {
      headers: ZIdempotencyHeaders,
      body: ZBuyRetailRequest,
      response: ZBuyResponse,
      errors: BUY_ERRORS,
    }),
    buyPackage: endpoint('POST', `/${f}-proxy/buy-package/:id`, {
      params: ZIdParams,
      headers: ZIdempotencyHeaders,
      body: ZBuyPackageRequest,
      response: ZBuyResponse,
      errors: [...BUY_ERRORS, 'PLAN_NOT_EXISTS', 'ALREADY_CREATE_PLAN', 'ALREADY_USE_TRIAL'],
    }),
  };
}

export const v6BuyEndpoints = buyEndpoints('v6');
export const v4BuyEndpoints = buyEndpoints('v4');

/** POST /api/key/buy-key-package/:id. */
export const keyBuyEndpoints = {
  buyKeyPackage: endpoint('POST', '/key/buy-key-package/:id', {
    params: ZIdParams,
    headers: ZIdempotencyHeaders,
    body: ZBuyKeyPackageRequest,
    response: ZBuyKeyResponse,
    errors: ['NOT_ENOUGH_MONEY', 'NOT_ENOUGHT_KEY', 'PLAN_NOT_EXISTS', 'IDEMPOTENCY_KEY_REUSED'],
  }),
};

/** /api/order/… (the customer's orders). */
export const orderEndpoints = {
  listOrder: endpoint('GET', '/order/list-order', { query: ZOrderListQuery, response: zPage(ZOrder) }),
  adminListOrder: endpoint('GET', '/order/admin/list-order', {
    query: ZAdminOrderListQuery,
    response: zPage(ZAdminOrder),
  }),
  billOrder: endpoint('GET', '/order/bill-order', { query: ZOrderIdQuery, response: z.array(ZOrderLog) }),
  packageStatus: endpoint('GET', '/order/package-status', { response: ZPackageStatus }),
  detail: endpoint('GET', '/order/detail/:id', { params: ZIdParams, response: ZOrder, errors: ['ORDER_NOT_EXIST'] }),
  renew: endpoint('PUT', '/order/renew/:id', {
    params: ZIdParams,
    body: ZRenewOrderRequest,
    response: ZOk,
    errors: ['NOT_ENOUGH_MONEY', 'ORDER_NOT_EXIST', 'ORDER_CANCELLED'],
  }),
  renewListOrder: endpoint('PUT', '/order/renew-list-order', {
    body: ZRenewListOrderRequest,
    response: ZOk,
    errors: ['NOT_ENOUGH_MONEY', 'ORDER_NOT_EXIST'],
  }),
  increaseBandwidth: endpoint('PUT', '/order/increase-bandwidth/:id', {
    params: ZIdParams,
    body: ZIncreaseBandwidthRequest,
    response: ZIncreaseBandwidthResponse,
    errors: ['NOT_ENOUGH_MONEY', 'BANDWIDTH_MAX', 'ORDER_NOT_EXIST'],
  }),
  increaseAmount: endpoint('PUT', '/order/increase-amount/:id', {
    params: ZIdParams,
    body: ZIncreaseAmountRequest,
    response: ZIncreaseAmountResponse,
    errors: ['NOT_ENOUGH_MONEY', 'NOT_ENOUGT_PROXY', 'ORDER_NOT_EXIST'],
  }),
  changeCountry: endpoint('PUT', '/order/change-country/:id', {
    params: ZIdParams,
    body: ZChangeCountryRequest,
    response: ZChangeCountryResponse,
    errors: ['NOT_ENOUGT_PROXY', 'INVALID_COUNTRY', 'ORDER_NOT_EXIST'],
  }),
  autoRenew: endpoint('PUT', '/order/auto-renew/:id', {
    params: ZIdParams,
    body: ZUpdateOrderAutoRenewRequest,
    response: ZOk,
    errors: ['ORDER_NOT_EXIST'],
  }),
};

/** /api/order/admin/…: one order of the admin's site, its items and log, extend and cancel. */
export const orderAdminEndpoints = {
  detail: endpoint('GET', '/order/admin/detail/:id', { params: ZIdParams, response: ZAdminOrder }),
  billOrder: endpoint('GET', '/order/admin/bill-order', { query: ZOrderIdQuery, response: z.array(ZOrderLog) }),
  listItems: endpoint('GET', '/order/admin/list-unit', { query: ZAdminOrderItemsQuery, response: ZAdminOrderItems }),
  listProxy: endpoint('GET', '/order/admin/list-proxy', { query: ZAdminUserProxiesQuery, response: zPage(ZProxy) }),
  extend: endpoint('PUT', '/order/admin/extend/:id', {
    params: ZIdParams,
    body: ZAdminExtendOrderRequest,
    response: ZOrder,
    // ADMIN_ERROR: a supplier refused to prolong upstream; ORDER_PROCESSING: a prolong is unresolved.
    errors: ['ORDER_NOT_EXIST', 'ORDER_CANCELLED', 'ORDER_EXPIRED', 'ADMIN_ERROR', 'ORDER_PROCESSING'],
  }),
  cancel: endpoint('PUT', '/order/admin/cancel/:id', {
    params: ZIdParams,
    body: ZAdminCancelOrderRequest,
    response: ZAdminCancelOrderResponse,
  }),
};
