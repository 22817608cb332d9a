import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, queryRows, type Database } from '../src/db/client.js';
import { findLedgerMismatches } from '../src/modules/ledger/audit-ledger.js';
import { supplierLeaseMs } from '../src/modules/suppliers/index.js';
import { startFakeProxy6, type FakeProxy6 } from './fakes/index.js';
import {
  freePort,
  jsonApi,
  migratedDataDir,
  scratchPostgres,
  spawnServer,
  type SpawnedServer,
} from './spawn-server.js';

/**
 * The real server as a child process, killed with SIGKILL while Proxy6 holds the answer to an
 * upstream purchase the customer already paid for: once before Proxy6 bought anything, once after
 * it bought, and once for a country Proxy6 then refuses. Restarted on the same data, each order is
 * delivered exactly once or refunded exactly once, and Proxy6 sold each order at most one proxy.
 */
const OWNER = { email: 'owner@supply-crash.test', password: 'owner-pass-1' };
const SECRET = 'supply-crash-secret-supply-crash-secret-0123456789';
const DAY_PRICE = 1_000;
const PERIOD_DAYS = 3;
const FUNDS = 100_000;
/** Longer than the test: a held Proxy6 call ends only with the kill, never with our timeout. */
const SUPPLIER_TIMEOUT_MS = 120_000;
/** The purchase-intent lease (buy-upstream.ts): the restarted server takes the intents over after it. */
const INTENT_LEASE_MS = supplierLeaseMs({ SUPPLIER_TIMEOUT_MS });

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;
let port: number;
let base: string;
let p6: FakeProxy6;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-supply-crash-'));
  migratedDataDir(dataDir);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  p6 = await startFakeProxy6({ stock: { '4:mt': 10, '4:cy': 10, '4:lu': 10 } });
  // A held answer is held until the test is over: only the kill ends the call.
  p6.hangMs = 600_000;
  const scratch = await scratchPostgres('supcrash', { migrated: true });
  databaseUrl = scratch?.url;
  dropDatabase = scratch?.drop ?? dropDatabase;
});
afterAll(async () => {
  await p6?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): Promise<SpawnedServer> {
  return spawnServer({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      APP_SECRET: SECRET,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      TEST_CLOCK: '1',
      // The fakes listen on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: '1',
      SUPPLIER_TIMEOUT_MS: String(SUPPLIER_TIMEOUT_MS),
      // A sweep the killed server held blocks its job for at most this long.
      JOB_LEASE_MS: '5000',
      // Every line a supplier flow logs, searched for the upstream credentials at the end.
      LOG_LEVEL: 'info',
    },
  });
}

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  jsonApi(base)<T>(method, url, body, token);

const login = async (email: string, password: string) =>
  (await api<{ tokens: { accessToken: string } }>('POST', '/api/auth/login', { email, password })).tokens.accessToken;

async function until(done: () => boolean | Promise<boolean>, ms = 60_000, why = () => ''): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) {
      throw new Error(`condition not met in time ${why()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Buyer {
  country: string;
  email: string;
  token: string;
  /** The purchase's intent id: the `descr` of its Proxy6 buy. */
  intent: string;
}

describe('kill -9 between the customer’s payment and the upstream purchase, and after it', () => {
  it(
    'should deliver each order once or refund it once after a restart, with one effective buy per order',
    { timeout: 480_000 },
    async () => {
      let server = await startServer();
      let stopped = false;
      const logs: string[] = [];
      try {
        const owner = await login(OWNER.email, OWNER.password);
        for (const [code, name] of [
          ['MT', 'Malta'],
          ['CY', 'Cyprus'],
          ['LU', 'Luxembourg'],
        ] as const) {
          await api(
            'POST',
            '/api/country/v4/admin/create',
            { code, name, prices: [{ unit: 'day', price: DAY_PRICE, renewPrice: DAY_PRICE, quantityStep: 1 }] },
            owner,
          );
        }
        await api('PUT', '/api/setting/admin/update', { settings: { supplierRates: { RUB: 100 } } }, owner);
        const { id: p6Id } = await api<{ id: string }>(
          'POST',
          '/api/supplier/admin/create',
          { kind: 'proxy6', name: 'P6', baseUrl: p6.url, apiKey: p6.apiKey },
          owner,
        );
        for (const country of ['MT', 'CY', 'LU']) {
          await api('PUT', '/api/supplier/admin/route', { product: 'v4', country, sources: [p6Id] }, owner);
        }

        // Three paying accounts (site admins buy as customers do), one per scenario.
        const buyers: Buyer[] = [];
        for (const country of ['MT', 'CY', 'LU']) {
          const email = `buyer-${country.toLowerCase()}@supply-crash.test`;
          await api('POST', '/api/user/create-admin', { email, password: 'buyer-pass-1' }, owner);
          const id = (
            await api<{ user: { id: string } }>('POST', '/api/auth/login', { email, password: 'buyer-pass-1' })
          ).user.id;
          await api('PUT', `/api/user/admin/add-to-balance/${id}`, { amount: FUNDS, note: 'test' }, owner);
          buyers.push({ country, email, token: await login(email, 'buyer-pass-1'), intent: '' });
        }

        // Each purchase is paid, then held by Proxy6: MT and LU before it buys, CY after it bought.
        const faults = { MT: 'hang', CY: 'hang-after', LU: 'hang' } as const;
        const inFlight: Promise<unknown>[] = [];
        for (const b of buyers) {
          const held = p6.holding;
          p6.fault('buy', { kind: faults[b.country as keyof typeof faults] });
          inFlight.push(
            api(
              'POST',
              '/api/v4-proxy/buy-retail',
              { country: b.country, quantity: 1, period: { unit: 'day', value: PERIOD_DAYS } },
              b.token,
            ).catch(() => undefined),
          );
          await until(() => p6.holding === held + 1);
          b.intent = p6.calls.filter((c) => c.method === 'buy').at(-1)!.params.descr!;
        }
        expect(new Set(buyers.map((b) => b.intent)).size).toBe(3);
        expect([...p6.proxies.values()].map((p) => p.descr)).toEqual([buyers[1]!.intent]);

        server.child.kill('SIGKILL');
        await server.exited;
        logs.push(server.log());
        await Promise.all(inFlight);
        // Every customer paid before the kill.
        expect(p6.calls.filter((c) => c.method === 'buy')).toHaveLength(3);

        // Proxy6 has no proxy of Luxembourg left when the restarted server asks again.
        p6.stock.set('4:lu', 0);
        server = await startServer();
        const owner2 = await login(OWNER.email, OWNER.password);
        for (const b of buyers) {
          b.token = await login(b.email, 'buyer-pass-1');
        }
        // The dead server's leases on the intents run out; the sweep then works them.
        await api('POST', '/api/test/clock', { advanceMs: INTENT_LEASE_MS + 1_000 }, owner2);
        const statuses = async () =>
          Promise.all(
            buyers.map(
              async (b) =>
                (await api<{ items: { status: string }[] }>('GET', '/api/order/list-order', undefined, b.token)).items,
            ),
          );
        let last: unknown;
        await until(
          async () => {
            await api('POST', '/api/test/run-jobs', undefined, owner2);
            const s = await statuses();
            last = s;
            return s.every((items) => items.length === 1 && items[0]!.status !== 'waiting');
          },
          120_000,
          () => JSON.stringify({ last, calls: p6.calls.slice(3), log: server.log().slice(-3000) }),
        );
        expect((await statuses()).map((items) => items[0]!.status)).toEqual(['using', 'using', 'cancelled']);

        const balances = await Promise.all(
          buyers.map(
            async (b) => (await api<{ balance: number }>('GET', '/api/user/get-money', undefined, b.token)).balance,
          ),
        );
        const price = DAY_PRICE * PERIOD_DAYS;
        expect(balances).toEqual([FUNDS - price, FUNDS - price, FUNDS]);
        const proxies = await Promise.all(
          buyers.map(
            async (b) =>
              (await api<{ items: { id: string }[] }>('GET', '/api/v4-proxy/list-proxy-me', undefined, b.token)).items,
          ),
        );
        expect(proxies.map((p) => p.length)).toEqual([1, 1, 0]);

        // Proxy6 sold one proxy to each delivered order and none to the refunded one; what it
        // bought before the kill was found by its `descr`, not bought again.
        const sold = [...p6.proxies.values()];
        expect(sold.map((p) => p.descr).sort()).toEqual([buyers[0]!.intent, buyers[1]!.intent].sort());
        const buysOf = (intent: string) => p6.calls.filter((c) => c.method === 'buy' && c.params.descr === intent);
        // MT: the held call bought nothing, the retry bought; CY: bought once; LU: held, then refused.
        expect(buyers.map((b) => buysOf(b.intent).length)).toEqual([2, 1, 2]);
        expect(p6.calls.filter((c) => c.method === 'getproxy').map((c) => c.params.descr)).toEqual(
          expect.arrayContaining(buyers.map((b) => b.intent)),
        );
        await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
        server.child.kill('SIGTERM');
        await server.exited;
        stopped = true;
        logs.push(server.log());
        // Both runs logged (the banner at least), and no line carries an upstream credential.
        expect(logs.every((l) => l.includes('"msg":"ready"'))).toBe(true);
        for (const secret of [p6.apiKey, ...sold.flatMap((p) => [p.user, p.pass])]) {
          expect(logs.join('').includes(secret), `the log carries ${secret}`).toBe(false);
        }

        const database: Database = databaseUrl
          ? await openPostgres(databaseUrl, 2)
          : await openPglite(path.join(dataDir, 'db'));
        try {
          expect(await findLedgerMismatches(database.db)).toEqual([]);
          const intents = await queryRows<{ id: string; status: string }>(
            database.db,
            sql`select id, status from supplier_purchases order by created_at`,
          );
          expect(intents).toEqual(buyers.map((b, i) => ({ id: b.intent, status: i < 2 ? 'delivered' : 'failed' })));
          const refunds = await queryRows<{ content: string }>(
            database.db,
            sql`select content from transactions where type = 'refund'`,
          );
          expect(refunds).toHaveLength(1);
          expect(refunds[0]!.content).toContain('PROXY_BUY_FAIL');
          // Each delivered proxy is chained through the upstream bought for its own order.
          const serving = await queryRows<{ intent_id: string; upstream_id: string }>(
            database.db,
            sql`select intent_id, upstream_id from upstream_proxies where status = 'serving' order by created_at`,
          );
          expect(serving.map((s) => `${s.intent_id}=${p6.proxies.get(s.upstream_id)?.descr}`).sort()).toEqual(
            [buyers[0]!.intent, buyers[1]!.intent].map((i) => `${i}=${i}`).sort(),
          );
        } finally {
          await database.close();
        }
      } finally {
        if (!stopped) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
    },
  );
});
