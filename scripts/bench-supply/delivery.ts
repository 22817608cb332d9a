// bench:supply's `delivery` section: paid → delivered. The real built server (as `npm start` runs
// it, PGlite, demo catalogue with its local node) and the local Proxy6 fake; one customer buys 1,
// 10 and 100 IPv4 proxies of a country routed to Proxy6 and, side by side in the same run, of a
// country the own node serves. Each sample is timed from the buy-retail call to the order being
// `using` (the answer itself when delivered within the request, else the order's detail polled).
// Proxy6's 3 requests a second per account are honoured by the server's limiter; the fake answers
// 429 past it, and the run counts those answers (the goal is none).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startFakeProxy6 } from '../../apps/server/test/fakes/index.js';
import { startServer, type RunningServer } from '../../e2e/support/server';
import { percentile } from '../bench-gateway/load';

/** A JSON call (e2e/support/app.ts needs Vitest's runner, which a bench script has not). */
async function api<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Samples per size: small purchases are cheap to repeat; 100 proxies use up the own node's stock fast. */
const SAMPLES: Record<number, number> = {
  1: Number(process.env.BENCH_DELIVERY_SAMPLES_1 ?? 20),
  10: Number(process.env.BENCH_DELIVERY_SAMPLES_10 ?? 10),
  100: Number(process.env.BENCH_DELIVERY_SAMPLES_100 ?? 4),
};
/** The demo node's IPv4 countries (seed-catalog.ts), 200 addresses each: own-node purchases rotate over them. */
const OWN_COUNTRIES = ['VN', 'US', 'SG', 'JP', 'DE'];
const SUPPLIER_COUNTRY = 'MT';
const DAY_PRICE = 3_000;

const say = (line: string) => process.stderr.write(`${line}\n`);

interface Sample {
  ms: number;
  /** Answered `using` by the buy call itself, not later. */
  inRequest: boolean;
}

export async function deliverySection(): Promise<void> {
  const p6 = await startFakeProxy6({ balance: 1e9, stock: { [`4:${SUPPLIER_COUNTRY.toLowerCase()}`]: 100_000 } });
  const server = await startServer({ env: { OUTBOUND_ALLOW_PRIVATE: '1', GATEWAY: 'off' } });
  try {
    const must = async (what: string, p: Promise<{ status: number; body: unknown }>) => {
      const r = await p;
      if (r.status !== 200) {
        throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
      }
      return r.body;
    };
    const owner = (
      (await must(
        'login',
        api(server, 'POST', '/api/auth/login', {
          body: { email: server.adminEmail, password: server.adminPassword },
        }),
      )) as { tokens: { accessToken: string } }
    ).tokens.accessToken;
    await must(
      'country',
      api(server, 'POST', '/api/country/v4/admin/create', {
        token: owner,
        body: {
          code: SUPPLIER_COUNTRY,
          name: 'Malta',
          prices: [{ unit: 'day', price: DAY_PRICE, renewPrice: DAY_PRICE, quantityStep: 1, maxQuantity: 200 }],
        },
      }),
    );
    const supplier = (await must(
      'supplier',
      api(server, 'POST', '/api/supplier/admin/create', {
        token: owner,
        body: { kind: 'proxy6', name: 'Proxy6 fake', baseUrl: p6.url, apiKey: p6.apiKey },
      }),
    )) as { id: string };
    await must(
      'route',
      api(server, 'PUT', '/api/supplier/admin/route', {
        token: owner,
        body: { product: 'v4', country: SUPPLIER_COUNTRY, sources: [supplier.id] },
      }),
    );
    await must('sync', api(server, 'POST', `/api/supplier/admin/sync/${supplier.id}`, { token: owner }));

    // The owner is the buyer: buying is the same code for every account, and no mail is needed.
    const token = owner;
    const me = (await must('me', api(server, 'GET', '/api/user/me', { token }))) as { id: string };
    const total = Object.entries(SAMPLES).reduce((s, [size, n]) => s + Number(size) * n, 0);
    await must(
      'credit',
      api(server, 'PUT', `/api/user/admin/add-to-balance/${me.id}`, {
        token,
        body: { amount: 2 * total * DAY_PRICE, note: 'bench' },
      }),
    );

    const ownLeft = new Map(OWN_COUNTRIES.map((c) => [c, 200]));
    const ownCountry = (size: number) => {
      const c = OWN_COUNTRIES.find((x) => (ownLeft.get(x) ?? 0) >= size);
      if (!c) {
        throw new Error('the own node ran out of IPv4 addresses: lower BENCH_DELIVERY_SAMPLES_*');
      }
      ownLeft.set(c, (ownLeft.get(c) ?? 0) - size);
      return c;
    };

    const buyOnce = async (country: string, quantity: number): Promise<Sample> => {
      const t0 = performance.now();
      const res = await api<{ order?: { id: string; status: string }; message?: string }>(
        server,
        'POST',
        '/api/v4-proxy/buy-retail',
        { token, body: { country, quantity, period: { unit: 'day', value: 1 } } },
      );
      const order = res.body.order;
      if (res.status !== 200 || !order) {
        throw new Error(`buy ${quantity} × ${country}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      let status = order.status;
      const inRequest = status === 'using';
      while (status === 'waiting') {
        // Polling is the customer's view when the answer came before the proxies: the event stream
        // would say the same later, not sooner.
        await new Promise((r) => setTimeout(r, 20));
        status = (await api<{ status: string }>(server, 'GET', `/api/order/detail/${order.id}`, { token })).body.status;
      }
      if (status !== 'using') {
        throw new Error(`order ${order.id} (${quantity} × ${country}) ended ${status}`);
      }
      return { ms: performance.now() - t0, inRequest };
    };

    const rows: string[][] = [];
    for (const size of [1, 10, 100]) {
      const own: Sample[] = [];
      const sup: Sample[] = [];
      for (let i = 0; i < (SAMPLES[size] ?? 0); i++) {
        // Alternated, so both see the same machine load.
        own.push(await buyOnce(ownCountry(size), size));
        sup.push(await buyOnce(SUPPLIER_COUNTRY, size));
      }
      const stats = (xs: Sample[]) => {
        const ms = xs.map((x) => x.ms).sort((a, b) => a - b);
        return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) };
      };
      const o = stats(own);
      const s = stats(sup);
      say(`  ${size} proxies: own p50 ${o.p50.toFixed(0)} ms, Proxy6 p50 ${s.p50.toFixed(0)} ms`);
      rows.push([
        `${size} × IPv4 (${own.length} buys each)`,
        o.p50.toFixed(0),
        o.p95.toFixed(0),
        s.p50.toFixed(0),
        s.p95.toFixed(0),
        `${(s.p50 / o.p50).toFixed(2)}×`,
        `${sup.filter((x) => x.inRequest).length}/${sup.length}`,
      ]);
    }
    const head = [
      'paid → using',
      'own p50 (ms)',
      'own p95 (ms)',
      'Proxy6 p50 (ms)',
      'Proxy6 p95 (ms)',
      'p50 Proxy6 ÷ own',
      'Proxy6 in the request',
    ];
    const widths = head.map((_, i) => Math.max(...[head, ...rows].map((l) => (l[i] as string).length)));
    const render = (l: string[]) =>
      `| ${l.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
    process.stdout.write(
      `${render(head)}\n| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |\n`,
    );
    for (const r of rows) {
      process.stdout.write(`${render(r)}\n`);
    }
    const buys = p6.calls.filter((c) => c.method === 'buy').length;
    process.stdout.write(
      `\nProxy6 calls: ${p6.calls.length} (${buys} buy), answered 429 (over 3/s): ${p6.throttled}; ` +
        `load average at end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n`,
    );
  } finally {
    await server.stop();
    await p6.close();
  }
}
