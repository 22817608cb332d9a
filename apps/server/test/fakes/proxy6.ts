import { startFake, type FakeRequest, type FakeResponse } from './http.js';

/**
 * A local Proxy6 (https://proxy6.net/en/developers): `GET /api/{apiKey}/{method}/?{params}`
 * answered `{status: "yes", user_id, balance, currency, …}` or `{status: "no", error_id, error}`,
 * with a balance, a stock per country and version, and the account's proxies. More than 3 calls of
 * one key in one second answer 429, as Proxy6 does. Tests script faults with `fault()`.
 */

export interface FakeProxy6Proxy {
  id: string;
  version: number;
  ip: string;
  host: string;
  port: number;
  user: string;
  pass: string;
  type: 'http' | 'socks';
  country: string;
  unixtime: number;
  unixtime_end: number;
  descr: string;
  active: boolean;
}

/** A scripted answer for the next call(s) of a method. */
export type Proxy6Fault =
  | { kind: 'error'; errorId: number; error?: string }
  /** Never answers in time (the client's timeout ends the call). */
  | { kind: 'hang' }
  /** Does the work (a buy buys), then never answers in time. */
  | { kind: 'hang-after' }
  | { kind: 'html'; status?: number }
  | { kind: 'http'; status: number }
  /** buy: answers another country than asked. */
  | { kind: 'wrong-country'; country: string }
  /** buy: answers (and bills) fewer proxies than asked. */
  | { kind: 'short'; count: number }
  /** buy: answers this price for the purchase, whatever it charged. */
  | { kind: 'price'; price: number }
  /** buy: answers (and keeps) the bought proxies as `edit` changed them: a supplier's bad data. */
  | { kind: 'mangle'; edit: (p: FakeProxy6Proxy, i: number) => void }
  /** Holds the call until `until` resolves, then does the work and answers. */
  | { kind: 'hold'; until: Promise<void> }
  /**
   * The call reaches the fake only when `until` resolves (a slow connect on its way): its arrival,
   * the 3-a-second count and the work happen then. Scripted before any other fault of the method.
   */
  | { kind: 'late'; until: Promise<void> };

export interface FakeProxy6 {
  url: string;
  apiKey: string;
  balance: number;
  currency: 'RUB' | 'USD';
  /** Price of one proxy for one day, per version (4, 6). */
  pricePerDay: Record<number, number>;
  /** Proxies on sale per `${version}:${country}` (lower-case country). */
  stock: Map<string, number>;
  proxies: Map<string, FakeProxy6Proxy>;
  /** Calls answered 429 for going past 3 a second. */
  throttled: number;
  /** Every call, in order: method, params (the key is never recorded) and arrival (epoch ms). */
  calls: { method: string; params: Record<string, string> }[];
  /** When every request arrived (epoch ms), the ones answered 429 included. */
  arrivals: number[];
  /** Where bought proxies point (a local proxy in the end-to-end flow). */
  proxyHost: string;
  proxyPort: number;
  /** Scripts the next `times` calls of `method`. */
  fault(method: string, fault: Proxy6Fault, times?: number): void;
  /** Drops every scripted fault not met yet. */
  clearFaults(): void;
  /** How long a `hang` holds the call (longer than the client's timeout). */
  hangMs: number;
  /** Calls held right now by `hang` or `hang-after` (a test may kill its client while one is held). */
  holding: number;
  close(): Promise<void>;
}

const ERRORS: Record<number, string> = {
  30: 'Error unknown',
  100: 'Error key',
  105: 'Error ip',
  110: 'Error method',
  200: 'Error count',
  210: 'Error period',
  220: 'Error country',
  230: 'Error ids',
  240: 'Error version',
  250: 'Error descr',
  260: 'Error type',
  300: 'Error active proxy allow',
  400: 'Error no money',
  404: 'Error not found',
  410: 'Error price',
};

export async function startFakeProxy6(
  opts: { apiKey?: string; balance?: number; port?: number; stock?: Record<string, number> } = {},
): Promise<FakeProxy6> {
  let nextId = 1000;
  const recentByKey = new Map<string, number[]>();
  const faults = new Map<string, { fault: Proxy6Fault; times: number }[]>();
  const round = (n: number) => Math.round(n * 100) / 100;
  const fake: FakeProxy6 = {
    url: '',
    apiKey: opts.apiKey ?? 'p6-test-key-0123456789',
    balance: opts.balance ?? 1000,
    currency: 'RUB',
    pricePerDay: { 3: 1, 4: 2, 6: 0.5 },
    stock: new Map(Object.entries(opts.stock ?? { '4:de': 50, '4:us': 50, '6:de': 500, '6:ru': 500 })),
    proxies: new Map(),
    throttled: 0,
    calls: [],
    arrivals: [],
    proxyHost: '127.0.0.1',
    proxyPort: 1,
    hangMs: 3000,
    holding: 0,
    fault(method, fault, times = 1) {
      const list = faults.get(method) ?? [];
      list.push({ fault, times });
      faults.set(method, list);
    },
    clearFaults: () => faults.clear(),
    close: () => Promise.resolve(),
  };
  const takeFault = (method: string): Proxy6Fault | undefined => {
    const list = faults.get(method);
    const head = list?.[0];
    if (!head) {
      return undefined;
    }
    head.times--;
    if (head.times <= 0) {
      list.shift();
    }
    return head.fault;
  };
  const no = (errorId: number, error?: string): FakeResponse => ({
    json: { status: 'no', error_id: errorId, error: error ?? ERRORS[errorId] ?? 'Error unknown' },
  });
  const yes = (extra: Record<string, unknown> = {}): FakeResponse => ({
    json: { status: 'yes', user_id: '1', balance: round(fake.balance).toFixed(2), currency: fake.currency, ...extra },
  });
  const timers = new Set<NodeJS.Timeout>();
  const hold = (answer: FakeResponse) =>
    new Promise<FakeResponse>((resolve) => {
      fake.holding++;
      const timer = setTimeout(() => {
        timers.delete(timer);
        fake.holding--;
        resolve(answer);
      }, fake.hangMs);
      timers.add(timer);
    });
  const dateOf = (unix: number) => {
    const d = new Date(unix * 1000);
    return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 19).replace('T', ' ');
  };
  const listOf = (items: FakeProxy6Proxy[]) =>
    Object.fromEntries(
      items.map((p) => [
        p.id,
        {
          ...p,
          port: String(p.port),
          version: String(p.version),
          date: dateOf(p.unixtime),
          date_end: dateOf(p.unixtime_end),
          active: p.active ? '1' : '0',
        },
      ]),
    );

  const server = await startFake((req) => {
    const m = /^\/api\/([^/]+)(?:\/([a-z]+))?\/?$/.exec(req.path);
    if (!m) {
      return { status: 404, html: '<html><body>Not Found</body></html>' };
    }
    const late = faults.get(m[2] ?? '')?.[0]?.fault;
    if (late?.kind === 'late') {
      takeFault(m[2] ?? '');
      return late.until.then(() => arrive(req, m));
    }
    return arrive(req, m);
  }, opts.port);

  function arrive(req: FakeRequest, m: RegExpExecArray): FakeResponse | Promise<FakeResponse> {
    const now = Date.now();
    fake.arrivals.push(now);
    const recent = recentByKey.get(m[1]!) ?? [];
    recentByKey.set(m[1]!, recent);
    while (recent.length > 0 && now - recent[0]! >= 1000) {
      recent.shift();
    }
    if (recent.length >= 3) {
      fake.throttled++;
      return { status: 429, html: '<html><body>Too Many Requests</body></html>' };
    }
    recent.push(now);
    const method = m[2] ?? '';
    const params = Object.fromEntries(req.query);
    fake.calls.push({ method, params });
    if (decodeURIComponent(m[1]!) !== fake.apiKey) {
      return no(100);
    }
    const fault = takeFault(method);
    if (fault?.kind === 'error') {
      return no(fault.errorId, fault.error);
    }
    if (fault?.kind === 'hang') {
      return hold(no(30));
    }
    if (fault?.kind === 'html') {
      return { status: fault.status ?? 200, html: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
    }
    if (fault?.kind === 'http') {
      return { status: fault.status, json: { error: 'unavailable' } };
    }
    const version = Number(params.version ?? 6);
    const work = (): FakeResponse => {
      switch (method) {
        case '':
          return yes();
        case 'getcountry': {
          const list = [...fake.stock.keys()].filter((k) => k.startsWith(`${version}:`)).map((k) => k.split(':')[1]);
          return yes({ list });
        }
        case 'getcount':
          return yes({ count: fake.stock.get(`${version}:${(params.country ?? '').toLowerCase()}`) ?? 0 });
        case 'getprice': {
          const count = Number(params.count);
          const period = Number(params.period);
          if (!(count > 0)) {
            return no(200);
          }
          if (!(period >= 3)) {
            return no(210);
          }
          const single = (fake.pricePerDay[version] ?? 1) * period;
          return yes({ price: round(single * count), price_single: round(single), period, count });
        }
        case 'buy': {
          const count = Number(params.count);
          const period = Number(params.period);
          const country = (params.country ?? '').toLowerCase();
          if (!(count > 0) || !Number.isInteger(count)) {
            return no(200);
          }
          if (!(period >= 3) || !Number.isInteger(period)) {
            return no(210);
          }
          if (![3, 4, 6].includes(version)) {
            return no(240);
          }
          if (params.type !== undefined && params.type !== 'http' && params.type !== 'socks') {
            return no(260);
          }
          if ((params.descr ?? '').length > 50) {
            return no(250);
          }
          const key = `${version}:${country}`;
          if (!fake.stock.has(key)) {
            return no(220);
          }
          const given = fault?.kind === 'short' ? fault.count : count;
          if ((fake.stock.get(key) ?? 0) < count) {
            return no(300);
          }
          const price = round((fake.pricePerDay[version] ?? 1) * period * given);
          if (fake.balance < price) {
            return no(400);
          }
          fake.balance = round(fake.balance - price);
          fake.stock.set(key, (fake.stock.get(key) ?? 0) - given);
          const at = Math.floor(Date.now() / 1000);
          const bought: FakeProxy6Proxy[] = [];
          for (let i = 0; i < given; i++) {
            const id = String(nextId++);
            const p: FakeProxy6Proxy = {
              id,
              version,
              ip: `203.0.113.${(Number(id) % 250) + 1}`,
              host: fake.proxyHost,
              port: fake.proxyPort,
              user: `p6u${id}`,
              pass: `p6pass${id}x`,
              type: params.type === 'socks' ? 'socks' : 'http',
              country: fault?.kind === 'wrong-country' ? fault.country : country,
              unixtime: at,
              unixtime_end: at + period * 86400,
              descr: params.descr ?? '',
              active: true,
            };
            if (fault?.kind === 'mangle') {
              fault.edit(p, i);
            }
            fake.proxies.set(id, p);
            bought.push(p);
          }
          return yes({
            order_id: String(nextId++),
            count: given,
            price: fault?.kind === 'price' ? fault.price : price,
            period,
            country: fault?.kind === 'wrong-country' ? fault.country : country,
            list: listOf(bought),
          });
        }
        case 'getproxy': {
          const items = [...fake.proxies.values()].filter(
            (p) => params.descr === undefined || p.descr === params.descr,
          );
          return yes({ list_count: items.length, list: listOf(items) });
        }
        case 'prolong': {
          const period = Number(params.period);
          const ids = (params.ids ?? '').split(',').filter(Boolean);
          if (!(period >= 3)) {
            return no(210);
          }
          const items = ids.map((id) => fake.proxies.get(id));
          if (ids.length === 0 || items.some((p) => !p)) {
            return no(230);
          }
          const price = round(items.reduce((s, p) => s + (fake.pricePerDay[p!.version] ?? 1) * period, 0));
          if (fake.balance < price) {
            return no(400);
          }
          fake.balance = round(fake.balance - price);
          for (const p of items) {
            p!.unixtime_end += period * 86400;
          }
          return yes({
            price,
            period,
            count: items.length,
            list: Object.fromEntries(
              items.map((p) => [p!.id, { id: p!.id, date_end: '', unixtime_end: p!.unixtime_end }]),
            ),
          });
        }
        case 'delete': {
          const ids = (params.ids ?? '').split(',').filter((id) => fake.proxies.has(id));
          if (ids.length === 0) {
            return no(230);
          }
          for (const id of ids) {
            fake.proxies.delete(id);
          }
          return yes({ count: ids.length });
        }
        case 'check': {
          const p = fake.proxies.get(params.ids ?? '');
          return p ? yes({ proxy_id: p.id, proxy_status: p.active }) : no(404);
        }
        default:
          return no(110);
      }
    };
    if (fault?.kind === 'hold') {
      return fault.until.then(work);
    }
    const answer = work();
    return fault?.kind === 'hang-after' ? hold(answer) : answer;
  }
  fake.url = server.url;
  fake.close = () => {
    // A held answer outlives its client (killed by a test): nothing is left to answer.
    timers.forEach(clearTimeout);
    timers.clear();
    return server.close();
  };
  return fake;
}
