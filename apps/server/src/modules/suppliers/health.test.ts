import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { supplierPurchasesJob } from '../../jobs/supplier-purchases.js';
import { runLifecycle } from '../../jobs/lifecycle.js';
import { runJob } from '../../jobs/runner.js';
import { build, createUser, customer, ledgerMismatches, login, type TestApp } from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6 } from '../../../test/fakes/index.js';
import { addDayCountries, addProxy6AndList } from '../../../test/suppliers.js';

let t: TestApp;
let p6: FakeProxy6;
let admin: string;
let p6Id: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.inject({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  t = await build({ SUPPLIER_TIMEOUT_MS: '2000' });
  p6 = await startFakeProxy6({ stock: { '4:mt': 100 } });
  const a = await createUser(t, { role: 2 });
  admin = (await login(t, a)).accessToken;
  await addDayCountries(
    call,
    [
      ['MT', 'Malta'],
      ['CY', 'Cyprus'],
    ],
    1000,
  );
  ({ p6Id } = await addProxy6AndList(call, p6));
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
});
afterEach(() => t.clock.reset());
afterAll(async () => {
  await p6.close();
  await t.close();
});

async function buy(country: string) {
  const c = await customer(t, 100_000);
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country, quantity: 1, period: { unit: 'day', value: 3 } },
  });
  expect(res.json().order.status).toBe('using');
  return { proxyId: res.json().proxies[0].id as string };
}

/** What the customer sees of the proxy, and the upstream it is chained through. */
async function served(proxyId: string) {
  const [r] = await queryRows<{
    port: number;
    username: string;
    password: string;
    node_id: string;
    upstream_row: string;
    upstream_id: string | null;
    upstream_port: number;
  }>(
    t.ctx.db,
    sql`select p.port, p.username, p.password, p.node_id, u.id as upstream_row, u.upstream_id, u.port as upstream_port
        from proxies p join upstream_proxies u on u.proxy_id = p.id and u.status = 'serving' where p.id = ${proxyId}`,
  );
  return r!;
}

/** Three health checks, five minutes apart (each job run checks what is due). */
async function threeChecks() {
  for (let i = 0; i < 3; i++) {
    t.clock.advance(5 * 60_000 + 1000);
    expect(await runJob(t.ctx, supplierPurchasesJob, { wait: true })).toBe(true);
  }
}

describe('health of Proxy6 upstreams', () => {
  it('should buy a replacement of the same country once, and chain the same customer proxy through it', async () => {
    const { proxyId } = await buy('MT');
    const before = await served(proxyId);
    const buys = p6.calls.filter((c) => c.method === 'buy').length;
    p6.proxies.get(before.upstream_id!)!.active = false;
    await threeChecks();
    const after = await served(proxyId);
    expect(after.upstream_id).not.toBe(before.upstream_id);
    const mine = p6.calls.filter((c) => c.method === 'buy').slice(buys);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.params).toMatchObject({ country: 'mt', count: '1' });
    const [rep] = await queryRows<{ id: string; status: string }>(
      t.ctx.db,
      sql`select id, status from supplier_replacements where upstream_row_id = ${before.upstream_row}`,
    );
    expect(rep!.status).toBe('done');
    expect(mine[0]!.params.descr).toBe(rep!.id);
    expect({ port: after.port, username: after.username, password: after.password }).toEqual({
      port: before.port,
      username: before.username,
      password: before.password,
    });
    // Further checks of the healthy replacement buy nothing more.
    await threeChecks();
    expect(p6.calls.filter((c) => c.method === 'buy').slice(buys)).toHaveLength(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should not count a refusal of the account (no money) as a failing proxy', async () => {
    const { proxyId } = await buy('MT');
    const before = await served(proxyId);
    const buys = p6.calls.filter((c) => c.method === 'buy').length;
    // Every check of the three answers "Error no money": no verdict on the proxy itself.
    p6.fault('check', { kind: 'error', errorId: 400 }, 100);
    await threeChecks();
    p6.clearFaults();
    expect((await served(proxyId)).upstream_id).toBe(before.upstream_id);
    expect(p6.calls.filter((c) => c.method === 'buy').slice(buys)).toHaveLength(0);
    const [row] = await queryRows<{ failures: number }>(
      t.ctx.db,
      sql`select failures from upstream_proxies where id = ${before.upstream_row}`,
    );
    expect(row!.failures).toBe(0);
  });

  it('should neither check nor replace the upstream of a proxy its customer let expire', async () => {
    const { proxyId } = await buy('MT');
    const before = await served(proxyId);
    const buys = p6.calls.filter((c) => c.method === 'buy').length;
    p6.proxies.get(before.upstream_id!)!.active = false;
    t.clock.advance(3 * 86_400_000 + 60_000);
    await runLifecycle(t.ctx);
    const checks = p6.calls.filter((c) => c.method === 'check').length;
    await threeChecks();
    expect(p6.calls.filter((c) => c.method === 'check').slice(checks)).toEqual([]);
    expect(p6.calls.filter((c) => c.method === 'buy').slice(buys)).toEqual([]);
    // Still its upstream: renewed within the lock period, the proxy goes on through it.
    expect((await served(proxyId)).upstream_id).toBe(before.upstream_id);
  });
});
