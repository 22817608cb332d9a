import { isIP } from 'node:net';
import { SupplierError, jsonObject, supplierGet, type SupplierHttp } from './http.js';

/**
 * The Proxy6 API (https://proxy6.net/en/developers): GET `{baseUrl}/api/{apiKey}/{method}/?{params}`,
 * answered `{status: "yes", user_id, balance, currency, …}` or `{status: "no", error_id, error}`.
 * At most 3 requests a second per account. Periods are days. `descr` (up to 50 characters) is our
 * purchase intent's id, so `getproxy?descr=` finds what an interrupted purchase bought.
 */

export const PROXY6_DEFAULT_BASE_URL = 'https://proxy6.net';
/** Proxy6 sells no shorter period (a shorter one is `error_id` 210). */
export const PROXY6_MIN_DAYS = 3;

/** Every documented error_id, in Proxy6's words. */
export const PROXY6_ERRORS: Readonly<Record<number, string>> = {
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
/** The error that means the account is out of money: the admins' ADMIN_ERROR alert. */
export const PROXY6_NO_MONEY = 400;
/** Proxy6's answer for an id it does not know (`check`, `prolong`). */
export const PROXY6_NOT_FOUND = 404;

export interface Proxy6Proxy {
  id: string;
  host: string;
  ip: string;
  port: number;
  user: string;
  pass: string;
  protocol: 'http' | 'socks5';
  /** Lower-case ISO code as Proxy6 writes it, or '' when the answer has none. */
  country: string;
  expiresAt: Date;
  descr: string;
}

/** Proxy6's documented limit: calls per second per account. */
export const PROXY6_CALLS_PER_SECOND = 3;

/** The body of a `status: "yes"` answer, or the refusal as a SupplierError. */
export function parseProxy6(res: { status: number; text: string }): Record<string, unknown> {
  const body = jsonObject(res);
  if (body.status === 'yes') {
    return body;
  }
  if (body.status === 'no') {
    const id = Number(body.error_id);
    const words = typeof body.error === 'string' && body.error !== '' ? body.error : (PROXY6_ERRORS[id] ?? 'Error');
    return refuse(id, words);
  }
  throw new SupplierError('bad_answer', `HTTP ${res.status}: no status`);
}

function refuse(id: number, words: string): never {
  throw new SupplierError('refused', `${words.slice(0, 200)} (error_id ${Number.isFinite(id) ? id : '?'})`, id);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** 2100-01-01: an end time past it is no date Proxy6 sells. */
const MAX_UNIXTIME = 4_102_444_800;

/** Proxy6 lists proxies as an object keyed by id (an empty list may come as `[]`). */
export function parseProxyList(list: unknown, fallbackCountry = ''): Proxy6Proxy[] {
  const items = Array.isArray(list) ? list : typeof list === 'object' && list !== null ? Object.values(list) : [];
  return items.map((raw) => {
    const p = (raw ?? {}) as Record<string, unknown>;
    const port = Number(p.port);
    const unix = Number(p.unixtime_end);
    const host = str(p.host) || str(p.ip);
    const ip = str(p.ip) || host;
    if (!str(p.id) || !host || !Number.isInteger(port) || port < 1 || port > 65535 || !Number.isFinite(unix)) {
      throw new SupplierError('bad_answer', 'a proxy without id, host, port or end time');
    }
    const user = str(p.user);
    const pass = str(p.pass);
    // What the gateway's state accepts (a bad row there would stop a node's sync for every site).
    if (
      str(p.id).length > 64 ||
      host.length > 253 ||
      /[\s/@]/.test(host) ||
      isIP(ip) === 0 ||
      user.length > 255 ||
      pass.length > 255 ||
      unix <= 0 ||
      unix > MAX_UNIXTIME
    ) {
      throw new SupplierError('bad_answer', 'a proxy with an invalid id, host, address, credentials or end time');
    }
    return {
      id: str(p.id),
      host,
      ip,
      port,
      user,
      pass,
      protocol: str(p.type) === 'socks' ? 'socks5' : 'http',
      country: (str(p.country) || fallbackCountry).toLowerCase(),
      expiresAt: new Date(unix * 1000),
      descr: str(p.descr),
    };
  });
}

export const proxy6Version = (product: 'v4' | 'v6') => (product === 'v6' ? 6 : 4);

export class Proxy6Client {
  constructor(
    private readonly http: SupplierHttp,
    private readonly baseUrl: string,
    private readonly apiKey: string,
    /**
     * Resolves when the account may send one more call (its 3 a second, across instances), with
     * the function to call once the call answered or failed.
     */
    private readonly throttle: () => Promise<() => Promise<void>>,
    /** Told the account's balance that every successful answer carries (a buy moves it). */
    private readonly onBalance?: (balance: number, currency: string) => Promise<void>,
  ) {}

  private async call(method: string, params: Record<string, string | number> = {}): Promise<Record<string, unknown>> {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const url = `${this.baseUrl.replace(/\/+$/, '')}/api/${encodeURIComponent(this.apiKey)}/${method}/${query ? `?${query}` : ''}`;
    const done = await this.throttle();
    let answer: Record<string, unknown>;
    try {
      answer = parseProxy6(await supplierGet(this.http, url));
    } finally {
      await done();
    }
    const balance = Number(answer.balance);
    if (this.onBalance && answer.balance !== undefined && Number.isFinite(balance)) {
      await this.onBalance(balance, str(answer.currency));
    }
    return answer;
  }

  async account(): Promise<{ balance: number; currency: string }> {
    const b = await this.call('getcountry', { version: 4 });
    return { balance: Number(b.balance), currency: str(b.currency) };
  }

  async countries(version: number): Promise<{ countries: string[]; balance: number; currency: string }> {
    const b = await this.call('getcountry', { version });
    const list = Array.isArray(b.list) ? b.list.map(str).filter(Boolean) : [];
    return { countries: list.map((c) => c.toUpperCase()), balance: Number(b.balance), currency: str(b.currency) };
  }

  async count(country: string, version: number): Promise<number> {
    const b = await this.call('getcount', { country: country.toLowerCase(), version });
    return Math.max(0, Math.floor(Number(b.count) || 0));
  }

  /** The price of `count` proxies for `period` days, in the account's currency. */
  async price(count: number, period: number, version: number): Promise<{ price: number; currency: string }> {
    const b = await this.call('getprice', { count, period, version });
    return { price: Number(b.price), currency: str(b.currency) };
  }

  async buy(opts: {
    count: number;
    period: number;
    country: string;
    version: number;
    protocol: 'http' | 'socks5';
    descr: string;
  }): Promise<{
    orderId: string;
    price: number;
    currency: string;
    balance: number;
    country: string;
    proxies: Proxy6Proxy[];
  }> {
    const country = opts.country.toLowerCase();
    const b = await this.call('buy', {
      count: opts.count,
      period: opts.period,
      country,
      version: opts.version,
      type: opts.protocol === 'socks5' ? 'socks' : 'http',
      descr: opts.descr,
    });
    const answered = str(b.country).toLowerCase();
    return {
      orderId: str(b.order_id),
      price: Number(b.price) || 0,
      currency: str(b.currency),
      balance: Number(b.balance),
      country: answered,
      proxies: parseProxyList(b.list, answered),
    };
  }

  /** The account's proxies bought with this `descr` (a purchase that happened before a crash). */
  async byDescr(descr: string): Promise<Proxy6Proxy[]> {
    const b = await this.call('getproxy', { descr });
    return parseProxyList(b.list).filter((p) => p.descr === descr);
  }

  /**
   * The upstream ends of these proxies as Proxy6 has them now (`getproxy`, every state): how a
   * prolong whose answer was lost is seen through before anything is prolonged again.
   */
  async endsOf(ids: string[]): Promise<Map<string, Date>> {
    const wanted = new Set(ids);
    const b = await this.call('getproxy', { state: 'all' });
    return new Map(
      parseProxyList(b.list)
        .filter((p) => wanted.has(p.id))
        .map((p) => [p.id, p.expiresAt]),
    );
  }

  async prolong(ids: string[], period: number): Promise<{ price: number; ends: Map<string, Date> }> {
    const b = await this.call('prolong', { period, ids: ids.join(',') });
    const ends = new Map<string, Date>();
    const list = typeof b.list === 'object' && b.list !== null ? Object.values(b.list) : [];
    for (const raw of list) {
      const p = (raw ?? {}) as Record<string, unknown>;
      const unix = Number(p.unixtime_end);
      if (str(p.id) && Number.isFinite(unix)) {
        ends.set(str(p.id), new Date(unix * 1000));
      }
    }
    return { price: Number(b.price) || 0, ends };
  }

  async delete(ids: string[]): Promise<number> {
    const b = await this.call('delete', { ids: ids.join(',') });
    return Number(b.count) || 0;
  }

  async check(id: string): Promise<boolean> {
    const b = await this.call('check', { ids: id });
    return b.proxy_status === true;
  }
}
