import { SupplierError, jsonObject, supplierGet, type SupplierHttp } from './http.js';

/**
 * The Webshare API v2 (https://apidocs.webshare.io): `GET {baseUrl}/api/v2/proxy/list/?mode=direct&page&page_size`
 * with `Authorization: Token <apiKey>`, answered `{count, next, previous, results: [{id, username,
 * password, proxy_address, port, valid, country_code, …}]}`, page by page until `next` is null.
 */

export const WEBSHARE_DEFAULT_BASE_URL = 'https://proxy.webshare.io';
const PAGE_SIZE = 100;
/** A pool larger than this many pages is read up to here (100,000 proxies). */
const MAX_PAGES = 1000;

export interface WebshareProxy {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
  country: string;
  valid: boolean;
}

/** One page of the list: its proxies and whether another follows. */
export function parseWebsharePage(res: { status: number; text: string }): { proxies: WebshareProxy[]; more: boolean } {
  if (res.status === 401 || res.status === 403) {
    throw new SupplierError('refused', `HTTP ${res.status}: invalid API key`);
  }
  const body = jsonObject(res);
  if (res.status !== 200) {
    const detail = typeof body.detail === 'string' ? body.detail.slice(0, 200) : `HTTP ${res.status}`;
    throw new SupplierError('refused', detail);
  }
  if (!Array.isArray(body.results)) {
    throw new SupplierError('bad_answer', 'no results');
  }
  // We ask for PAGE_SIZE a page: more is no answer to our question, and it bounds what a sync holds.
  if (body.results.length > PAGE_SIZE) {
    throw new SupplierError('bad_answer', `a page of ${body.results.length} proxies (asked ${PAGE_SIZE})`);
  }
  const proxies = body.results.map((raw: unknown) => {
    const p = (raw ?? {}) as Record<string, unknown>;
    const port = Number(p.port);
    if (typeof p.proxy_address !== 'string' || !Number.isInteger(port) || port < 1 || port > 65535) {
      throw new SupplierError('bad_answer', 'a proxy without address or port');
    }
    // What the gateway's state accepts (a bad row there would stop a node's sync for every site).
    if (
      p.proxy_address.length > 253 ||
      (typeof p.username === 'string' && p.username.length > 255) ||
      (typeof p.password === 'string' && p.password.length > 255) ||
      ((typeof p.id === 'string' || typeof p.id === 'number') && String(p.id).length > 64)
    ) {
      throw new SupplierError('bad_answer', 'a proxy with an address, id or credentials too long');
    }
    return {
      id: typeof p.id === 'string' || typeof p.id === 'number' ? String(p.id) : `${p.proxy_address}:${port}`,
      host: p.proxy_address,
      port,
      username: typeof p.username === 'string' ? p.username : '',
      password: typeof p.password === 'string' ? p.password : '',
      country: typeof p.country_code === 'string' ? p.country_code.toUpperCase() : '',
      valid: p.valid !== false,
    };
  });
  return { proxies, more: typeof body.next === 'string' && body.next !== '' };
}

/** The whole pool, every page. */
export async function listWebshareProxies(
  http: SupplierHttp,
  baseUrl: string,
  apiKey: string,
): Promise<WebshareProxy[]> {
  const all: WebshareProxy[] = [];
  const base = baseUrl.replace(/\/+$/, '');
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = `${base}/api/v2/proxy/list/?mode=direct&page=${page}&page_size=${PAGE_SIZE}`;
    const { proxies, more } = parseWebsharePage(await supplierGet(http, url, { authorization: `Token ${apiKey}` }));
    all.push(...proxies);
    if (!more) {
      break;
    }
  }
  return all;
}
