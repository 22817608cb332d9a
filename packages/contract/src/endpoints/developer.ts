import { z } from 'zod';
import { ZAllowedIpsRequest, ZAllowedIpsResponse, ZApiInfo } from '../schemas/developer.js';
import { ZCheckListProxyRequest, ZProxyCheck } from '../schemas/checker.js';
import { endpoint } from './define.js';

/** /api/api/… (docs/wire-contract.md#developer-api): the caller's key, allowed IPs and limit. */
export const apiKeyEndpoints = {
  info: endpoint('GET', '/api/info', { response: ZApiInfo }),
  allowedIps: endpoint('PUT', '/api/allowed-ips', {
    body: ZAllowedIpsRequest,
    response: ZAllowedIpsResponse,
    errors: ['INVALID_IP', 'SAME_OLD_AUTH_IP'],
  }),
};

/** PUT check-list-proxy under /api/v6-proxy, /api/v4-proxy and /api/bought-proxy: the caller's own proxies. */
export function checkOwnEndpoints<F extends 'v6' | 'v4' | 'bought'>(f: F) {
  return {
    checkListProxy: endpoint('PUT', `/${f}-proxy/check-list-proxy`, {
      body: ZCheckListProxyRequest,
      response: z.array(ZProxyCheck),
      errors: ['PROXY_NOT_EXISTS', 'ADMIN_ERROR'],
    }),
  };
}

export const v6CheckEndpoints = checkOwnEndpoints('v6');
export const v4CheckEndpoints = checkOwnEndpoints('v4');
export const boughtCheckEndpoints = checkOwnEndpoints('bought');
