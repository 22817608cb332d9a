import { startFake } from './http.js';

/**
 * A local Webshare API v2 (https://apidocs.webshare.io): `GET /api/v2/proxy/list/?mode=direct&page&page_size`
 * with `Authorization: Token <key>`, answered page by page `{count, next, previous, results}`.
 */

export interface FakeWebshareProxy {
  id: string;
  username: string;
  password: string;
  proxy_address: string;
  port: number;
  valid: boolean;
  country_code: string;
  city_name: string;
  created_at: string;
}

export interface FakeWebshare {
  url: string;
  apiKey: string;
  proxies: FakeWebshareProxy[];
  /** Pages asked for, in order. */
  pages: number[];
  /** When set, every page holds this many proxies whatever size was asked (a hostile answer). */
  oversize?: number;
  /** Adds `n` proxies of a country pointing at `host:port`. */
  add(n: number, country: string, host?: string, port?: number): void;
  close(): Promise<void>;
}

export async function startFakeWebshare(opts: { apiKey?: string; port?: number } = {}): Promise<FakeWebshare> {
  let next = 1;
  const fake: FakeWebshare = {
    url: '',
    apiKey: opts.apiKey ?? 'ws-test-token-0123456789',
    proxies: [],
    pages: [],
    add(n, country, host, port) {
      for (let i = 0; i < n; i++) {
        const id = next++;
        fake.proxies.push({
          id: `d-${id}`,
          username: `wsuser${id}`,
          password: `wspass${id}x`,
          proxy_address: host ?? `198.51.100.${(id % 250) + 1}`,
          port: port ?? 10000 + id,
          valid: true,
          country_code: country,
          city_name: 'Somewhere',
          created_at: new Date().toISOString(),
        });
      }
    },
    close: () => Promise.resolve(),
  };
  const server = await startFake((req) => {
    if (req.path !== '/api/v2/proxy/list/') {
      return { status: 404, json: { detail: 'Not found.' } };
    }
    if (req.headers.authorization !== `Token ${fake.apiKey}`) {
      return { status: 401, json: { detail: 'Invalid token.' } };
    }
    if (req.query.get('mode') !== 'direct') {
      return { status: 400, json: { mode: ['This field is required.'] } };
    }
    const page = Number(req.query.get('page') ?? 1);
    const size = Math.min(100, Number(req.query.get('page_size') ?? 25));
    fake.pages.push(page);
    const from = (page - 1) * size;
    const results = fake.proxies.slice(from, from + (fake.oversize ?? size));
    const base = `${fake.url}/api/v2/proxy/list/?mode=direct&page_size=${size}`;
    return {
      json: {
        count: fake.proxies.length,
        next: from + size < fake.proxies.length ? `${base}&page=${page + 1}` : null,
        previous: page > 1 ? `${base}&page=${page - 1}` : null,
        results,
      },
    };
  }, opts.port);
  fake.url = server.url;
  fake.close = () => server.close();
  return fake;
}
