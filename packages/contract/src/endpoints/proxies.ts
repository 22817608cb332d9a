import { z } from 'zod';
import { ZId, ZOk, zPage } from '../schemas/common.js';
import {
  ZAdminKeyListQuery,
  ZKey,
  ZKeyListQuery,
  ZListKeyIdRequest,
  ZProxy,
  ZRenewListKeyRequest,
  ZTagKeysRequest,
  ZTagProxiesRequest,
  ZUpdateListKeyRequest,
  ZIdList,
} from '../schemas/orders.js';
import {
  ZAuthIpRequest,
  ZBoughtChangePasswordRequest,
  ZChangeProxyPasswordRequest,
  ZGetNewIpResponse,
  ZProxyExportQuery,
  ZProxyListQuery,
  ZRenewListProxyRequest,
  ZResetIpRequest,
  ZResetIpResponse,
  ZUpdateListProxyRequest,
  ZUpdateResetIpTypeRequest,
} from '../schemas/proxies.js';
import { ZProxyMatchRequest, ZProxyMatchResponse } from '../proxy-lines.js';
import { endpoint } from './define.js';

/** A path's `:id` (a uuid). */
export const ZIdParams = z.object({ id: ZId });
/** What a renewal cost, in coins. */
export const ZRenewCost = z.object({ cost: z.number().int() });
export const ZAuthIpResponse = z.object({ authIp: z.array(z.string()) });
export const ZKeyRotateQuery = z.object({ keyRotate: z.string().min(1).max(200) });
export const ZKeyExportQuery = z.object({ format: z.enum(['txt', 'json']).optional().default('txt') });
export const ZAdminKey = ZKey.extend({ userId: z.string(), email: z.string() });

/** The proxy calls shared by the three families (docs/wire-contract.md#proxies). */
function proxyCommon<F extends 'v6' | 'v4' | 'bought'>(f: F) {
  return {
    listProxyMe: endpoint('GET', `/${f}-proxy/list-proxy-me`, { query: ZProxyListQuery, response: zPage(ZProxy) }),
    exportAll: endpoint('GET', `/${f}-proxy/export-all`, { query: ZProxyExportQuery, answer: 'file' }),
    renewListProxy: endpoint('PUT', `/${f}-proxy/renew-list-proxy`, {
      body: ZRenewListProxyRequest,
      response: ZRenewCost,
      errors: ['NOT_ENOUGH_MONEY', 'PROXY_NOT_EXISTS', 'PROXY_EXPIRED'],
    }),
    updateListProxy: endpoint('PUT', `/${f}-proxy/update-list-proxy`, {
      body: ZUpdateListProxyRequest,
      response: ZOk,
      errors: ['PROXY_NOT_EXISTS'],
    }),
    authIp: endpoint('POST', `/${f}-proxy/auth-ip`, {
      body: ZAuthIpRequest,
      response: ZAuthIpResponse,
      errors: ['PROXY_NOT_EXISTS', 'INVALID_IP', 'SAME_OLD_AUTH_IP', 'PROXY_EXPIRED'],
    }),
    resetIpManual: endpoint('POST', `/${f}-proxy/reset-ip-manual`, {
      body: ZResetIpRequest,
      response: ZResetIpResponse,
      errors: ['PROXY_NOT_EXISTS', 'GET_IP_TOO_FAST'],
    }),
    updateResetIpType: endpoint('POST', `/${f}-proxy/update-reset-ip-type`, {
      body: ZUpdateResetIpTypeRequest,
      response: ZOk,
      errors: ['PROXY_NOT_EXISTS'],
    }),
    tagProxy: endpoint('POST', `/${f}-proxy/tag-proxy/:id`, {
      params: ZIdParams,
      body: ZTagProxiesRequest,
      response: ZOk,
      errors: ['PROXY_NOT_EXISTS', 'TAG_NOT_EXISTS'],
    }),
    untagProxy: endpoint('PUT', `/${f}-proxy/untag-proxy/:id`, {
      params: ZIdParams,
      body: ZTagProxiesRequest,
      response: ZOk,
      errors: ['PROXY_NOT_EXISTS', 'TAG_NOT_EXISTS'],
    }),
  };
}

/** /api/v6-proxy or /api/v4-proxy. */
export function typedProxyEndpoints<F extends 'v6' | 'v4'>(f: F) {
  return {
    ...proxyCommon(f),
    changePassword: endpoint('PUT', `/${f}-proxy/change-password`, {
      body: ZChangeProxyPasswordRequest,
      response: ZOk,
      errors: ['PROXY_NOT_EXISTS', 'CHANGE_PASSWORD_TOO_FAST'],
    }),
  };
}

/** /api/bought-proxy: the private IPv4 proxies from packages (change-password takes listBoughtProxyId). */
export const boughtProxyEndpoints = {
  ...proxyCommon('bought'),
  changePassword: endpoint('PUT', '/bought-proxy/change-password', {
    body: ZBoughtChangePasswordRequest,
    response: ZOk,
    errors: ['PROXY_NOT_EXISTS', 'CHANGE_PASSWORD_TOO_FAST'],
  }),
};

/** The IPv4 fallback of IPv6 proxies (docs/gateway-protocol.md#ipv4-fallback). */
export const ZUpdateIpv4FallbackRequest = z.object({
  listProxyId: ZIdList,
  enabled: z.boolean(),
});

export const v6ProxyEndpoints = {
  ...typedProxyEndpoints('v6'),
  updateIpv4Fallback: endpoint('POST', '/v6-proxy/update-ipv4-fallback', {
    body: ZUpdateIpv4FallbackRequest,
    response: ZOk,
    errors: ['PROXY_NOT_EXISTS'],
  }),
};
export const v4ProxyEndpoints = typedProxyEndpoints('v4');

/** /api/key: rotating keys. */
export const keyEndpoints = {
  getNewIp: endpoint('POST', '/key/get-new-ip', {
    query: ZKeyRotateQuery,
    // Clients often POST with no body at all (Fastify then gives null).
    body: z.object({ authIp: z.string().max(64).optional() }).nullish(),
    response: ZGetNewIpResponse,
    errors: ['KEY_NOT_EXISTS', 'KEY_EXPIRED', 'GET_IP_TOO_FAST'],
  }),
  getNewIpGet: endpoint('GET', '/key/get-new-ip', {
    query: ZKeyRotateQuery,
    response: ZGetNewIpResponse,
    errors: ['KEY_NOT_EXISTS', 'KEY_EXPIRED', 'GET_IP_TOO_FAST'],
  }),
  listKeyMe: endpoint('GET', '/key/list-key-me', { query: ZKeyListQuery, response: zPage(ZKey) }),
  exportAll: endpoint('GET', '/key/export-all', { query: ZKeyExportQuery, answer: 'file' }),
  adminListKeyAll: endpoint('GET', '/key/admin/list-key-all', {
    query: ZAdminKeyListQuery,
    response: zPage(ZAdminKey),
  }),
  renewListKey: endpoint('PUT', '/key/renew-list-key', {
    body: ZRenewListKeyRequest,
    response: ZRenewCost,
    errors: ['KEY_NOT_EXISTS', 'NOT_ENOUGH_MONEY'],
  }),
  updateListKey: endpoint('PUT', '/key/update-list-key', {
    body: ZUpdateListKeyRequest,
    response: ZOk,
    errors: ['KEY_NOT_EXISTS'],
  }),
  turnOnAutoRenewKey: endpoint('PUT', '/key/turn-on-auto-renew-key', {
    body: ZListKeyIdRequest,
    response: ZOk,
    errors: ['KEY_NOT_EXISTS'],
  }),
  turnOffAutoRenewKey: endpoint('PUT', '/key/turn-off-auto-renew-key', {
    body: ZListKeyIdRequest,
    response: ZOk,
    errors: ['KEY_NOT_EXISTS'],
  }),
  deleteListKey: endpoint('DELETE', '/key/delete-list-key', {
    body: ZListKeyIdRequest,
    response: ZOk,
    errors: ['KEY_NOT_EXISTS'],
  }),
  tagKey: endpoint('POST', '/key/tag-key/:id', {
    params: ZIdParams,
    body: ZTagKeysRequest,
    response: ZOk,
    errors: ['KEY_NOT_EXISTS', 'TAG_NOT_EXISTS'],
  }),
  untagKey: endpoint('PUT', '/key/untag-key/:id', {
    params: ZIdParams,
    body: ZTagKeysRequest,
    response: ZOk,
    errors: ['KEY_NOT_EXISTS', 'TAG_NOT_EXISTS'],
  }),
};

/** POST /api/proxy/match: "paste to act" on /manage-proxy. */
export const proxyMatchEndpoints = {
  match: endpoint('POST', '/proxy/match', {
    body: ZProxyMatchRequest,
    response: ZProxyMatchResponse,
    errors: ['TOO_MANY_LINES'],
  }),
};
