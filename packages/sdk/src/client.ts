import type {
  TApiInfo,
  TBuyRetailRequest,
  TCountry,
  TKey,
  TCreateListLinkInput,
  TListLink,
  TProxyLink,
  TMe,
  TOrder,
  TPackage,
  TProxy,
  TRetailPrice,
} from '@proxy/contract';

/**
 * A typed client of the panel's public API (docs/wire-contract.md#developer-api; the reference is
 * GET /api/openapi.json and the /api page). It authenticates with `X-Api-Key`, which the server
 * honours only from the key's allowed IPv4 addresses, and reads the RateLimit-* headers.
 */

export type ProxyType = 'v6' | 'v4';
export type Product = 'v6' | 'v4' | 'key';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPage: number;
}

/** One proxy's (or key's) URLs for tools. */
export type ProxyLink = TProxyLink;

/** A list subscription URL: its name, filter and format (txt through `template` for a line template). */
export type CreateListLinkInput = TCreateListLinkInput;

export interface RateLimit {
  limit: number;
  remaining: number;
  /** Seconds until the current minute's window ends. */
  reset: number;
}

/** An error answer: `{message: CODE, data}` with its HTTP status (e.g. 403 IP_NOT_ALLOWED, 429 TOO_MANY_REQUEST). */
export class ProxyApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly data: Record<string, unknown> | undefined,
  ) {
    super(`${status} ${code}`);
    this.name = 'ProxyApiError';
  }
}

export interface ClientOptions {
  /** The panel's address, e.g. https://panel.example.com (without /api). */
  baseUrl: string;
  apiKey: string;
  /** A fetch implementation (default: the global one, Node 18+ and browsers). */
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined>;

export class ProxyPanelClient {
  private apiKey: string;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  /** The limit as of the last answer (null before the first call). */
  rateLimit: RateLimit | null = null;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** The key this client sends. */
  get key(): string {
    return this.apiKey;
  }

  async request<T>(
    method: string,
    path: string,
    opts: { query?: Query; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}/api${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v !== undefined) {
        url.searchParams.set(k, String(v));
      }
    }
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': this.apiKey, ...opts.headers };
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const res = await this.fetchImpl(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const limit = res.headers.get('ratelimit-limit');
    if (limit !== null) {
      this.rateLimit = {
        limit: Number(limit),
        remaining: Number(res.headers.get('ratelimit-remaining')),
        reset: Number(res.headers.get('ratelimit-reset')),
      };
    }
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const err = (parsed ?? {}) as { message?: string; data?: Record<string, unknown> };
      throw new ProxyApiError(res.status, err.message ?? 'UNKNOW_ERROR', err.data);
    }
    return parsed as T;
  }

  // --- account and key ---
  me(): Promise<TMe> {
    return this.request('GET', '/user/me');
  }
  balance(): Promise<{ balance: number }> {
    return this.request('GET', '/user/get-money');
  }
  apiInfo(): Promise<TApiInfo> {
    return this.request('GET', '/api/info');
  }
  // The key itself and its allowed IPs change only in a signed-in session (the panel's API page):
  // a key answers 403 FORBIDDEN there, so that a leaked key cannot lock its holder out.

  // --- catalogue ---
  countries(product: Product): Promise<TCountry[]> {
    return this.request('GET', `/country/${product}/list-country`);
  }
  retailPrices(product: Product): Promise<TRetailPrice[]> {
    return this.request('GET', `/${product}-retail/get-all`);
  }
  packages(product: Product): Promise<TPackage[]> {
    return this.request('GET', `/${product}-package/get-all-package`);
  }

  // --- proxies ---
  /** Buys proxies; pass an idempotency key to make a retry safe (the same key never buys twice). */
  buyProxies(
    type: ProxyType,
    body: TBuyRetailRequest,
    idempotencyKey?: string,
  ): Promise<{ order: TOrder; proxies: TProxy[] }> {
    return this.request('POST', `/${type}-proxy/buy-retail`, {
      body,
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    });
  }
  listProxies(
    type: ProxyType | 'bought',
    query: {
      page?: number;
      limit?: number;
      search?: string;
      status?: 'using' | 'expired' | 'locked';
      country?: string;
    } = {},
  ): Promise<Page<TProxy>> {
    return this.request('GET', `/${type === 'bought' ? 'bought-proxy' : `${type}-proxy`}/list-proxy-me`, { query });
  }
  renewProxies(type: ProxyType, listProxyId: string[], period: TBuyRetailRequest['period']): Promise<unknown> {
    return this.request('PUT', `/${type}-proxy/renew-list-proxy`, { body: { listProxyId, period } });
  }
  setProxyAuthIps(type: ProxyType, listProxyId: string[], authIp: string[]): Promise<unknown> {
    return this.request('POST', `/${type}-proxy/auth-ip`, { body: { listProxyId, authIp } });
  }
  /** Changes the egress IP of proxies now. */
  resetProxyIps(
    type: ProxyType,
    listProxyId: string[],
  ): Promise<{ id: string; egressIp: string; ipChangedAt: string }[]> {
    return this.request('POST', `/${type}-proxy/reset-ip-manual`, { body: { listProxyId } });
  }

  /** IPv6 proxies: reach IPv4-only destinations from the node's IPv4 egress (off by default). */
  setIpv4Fallback(listProxyId: string[], enabled: boolean): Promise<{ ok: true }> {
    return this.request('POST', '/v6-proxy/update-ipv4-fallback', { body: { listProxyId, enabled } });
  }

  // --- links for tools (docs/tool-links.md) ---
  /** The secret change-IP and current-proxy URLs of proxies or keys; asking again answers the same. */
  proxyLinks(listProxyId: string[]): Promise<ProxyLink[]> {
    return this.request('POST', '/proxy/links', { body: { listProxyId } });
  }
  /** The old URLs answer 404 from now on; the next proxyLinks call makes new ones. */
  revokeProxyLinks(listProxyId: string[]): Promise<{ ok: true }> {
    return this.request('POST', '/proxy/links/revoke', { body: { listProxyId } });
  }
  /** A list subscription URL; the URL is answered once (only its hash is kept). */
  createListLink(body: CreateListLinkInput): Promise<{ id: string; url: string }> {
    return this.request('POST', '/proxy/list-links', { body });
  }
  /** The account's list URLs (at most 50) with their fetches, last address and user agent. */
  listListLinks(): Promise<TListLink[]> {
    return this.request('GET', '/proxy/list-links');
  }
  deleteListLink(id: string): Promise<{ ok: true }> {
    return this.request('DELETE', `/proxy/list-links/${encodeURIComponent(id)}`);
  }

  // --- rotating keys and orders ---
  listKeys(query: { page?: number; limit?: number; search?: string } = {}): Promise<Page<TKey>> {
    return this.request('GET', '/key/list-key-me', { query });
  }
  listOrders(query: { page?: number; limit?: number; search?: string } = {}): Promise<Page<TOrder>> {
    return this.request('GET', '/order/list-order', { query });
  }
}
