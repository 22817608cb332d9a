/**
 * The PostgreSQL LISTEN connection is lost (its backend terminated) while browsers and gateway
 * nodes follow this instance: it comes back by itself, open browser streams are told to resync
 * and then hear new credits again, and nodes catch up on the proxy changes they missed.
 *
 * PostgreSQL only: PGlite runs in this process and has no connection to lose.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localNodeSecret } from '../src/bootstrap.js';
import { PG_LISTENER_APPLICATION_NAME } from '../src/db/client.js';
import { build, customer, livePorts, startLive, waitFor, type LiveStack, type TestApp } from './helper.js';
import { BANK_KEY, codeBillOf, configureMethod, expectLedgerHolds, postBank, sepay, setPromotion } from './payments.js';
import { connectSse } from './sse.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  console.log('listener.integration.test.ts skipped: PGlite has no separate LISTEN connection to lose');
}

let t: TestApp;
let live: LiveStack;
let admin: pg.Client;

/**
 * Terminates this test database's LISTEN backend (found by its application name, or by its last
 * statement for a server that sets none) and returns how many were ended.
 */
async function killListener(): Promise<number> {
  const r = await admin.query<{ n: string }>(
    `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and (application_name = $1 or query ilike 'listen%')`,
    [PG_LISTENER_APPLICATION_NAME],
  );
  return Number(r.rows[0]!.n);
}

/** Whether this test database's LISTEN backend is connected and has listened. */
async function listenerUp(): Promise<boolean> {
  const r = await admin.query<{ n: string }>(
    `select count(*) as n from pg_stat_activity
      where datname = current_database() and application_name = $1 and query ilike 'listen%'`,
    [PG_LISTENER_APPLICATION_NAME],
  );
  return Number(r.rows[0]!.n) > 0;
}

async function buyProxy(token: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ proxies: { id: string; password: string }[] }>().proxies[0]!;
}

async function changePassword(token: string, proxyId: string, password: string) {
  const res = await t.inject({
    method: 'PUT',
    url: '/api/v4-proxy/change-password',
    token,
    payload: { listProxyId: [proxyId], password },
  });
  expect(res.statusCode).toBe(200);
}

describe.skipIf(!onPostgres)('the LISTEN connection is lost', () => {
  beforeAll(async () => {
    t = await build({ GATEWAY_ALLOW_PRIVATE: '1', ...livePorts() });
    await configureMethod(t, 'bank', { webhookKey: BANK_KEY });
    await setPromotion(t, null);
    live = await startLive(t);
    admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await live?.stop();
    await t?.close();
  });

  it('should tell an open browser stream to resync, then deliver a webhook credited afterwards within 5 s', async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    const sse = await connectSse(`${live.baseUrl}/api/events?access_token=${c.token}`);
    try {
      expect(sse.status).toBe(200);
      expect((await postBank(t, sepay(`ck ${code}`, 10_000))).statusCode).toBe(200);
      expect((await sse.next('topup.success')).data).toMatchObject({ amount: 10_000, balance: 10_000 });

      expect(await killListener()).toBeGreaterThanOrEqual(1);
      const killedAt = Date.now();
      await sse.next('resync', 5_000);
      const resyncMs = Date.now() - killedAt;

      const credited = Date.now();
      expect((await postBank(t, sepay(`ck ${code}`, 20_000))).statusCode).toBe(200);
      expect((await sse.next('topup.success', 5_000)).data).toMatchObject({ amount: 20_000, balance: 30_000 });
      console.log(
        `listener killed: stream told to resync after ${resyncMs} ms; next credit heard after ${Date.now() - credited} ms`,
      );
      expect(sse.ended).toBe(false);
    } finally {
      sse.close();
    }
    await expectLedgerHolds(t);
  });

  it('should bring a proxy password change made after the loss to the node within 5 s', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buyProxy(c.token);
    await waitFor(() => live.gateway.gateway.state.get(p.id)?.password === p.password);

    expect(await killListener()).toBeGreaterThanOrEqual(1);
    // Changed at once: likely before the listener is back, so only the catch-up can bring it.
    const started = Date.now();
    await changePassword(c.token, p.id, 'AfterTheLoss42');
    await waitFor(() => live.gateway.gateway.state.get(p.id)?.password === 'AfterTheLoss42', 5_000);
    console.log(`listener killed: the node had the new password after ${Date.now() - started} ms`);
    expect(live.gateway.client.following).toBe(true);
  });

  it('should open streams while the listener is down, and feed them once it is back', async () => {
    const c = await customer(t, 1_000_000);
    const code = await codeBillOf(t, c.id);
    const p = await buyProxy(c.token);
    const node = { id: live.gateway.nodeId, secret: localNodeSecret(t.ctx.config.appSecret) };

    // Keeps the listener down: every connection it makes is terminated at once, until the
    // streams below have opened and it has tried to come back once more.
    let killing = true;
    let kills = 0;
    const killer = (async () => {
      while (killing) {
        kills += await killListener();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await waitFor(() => kills >= 1);
    const [browser, changes] = await Promise.all([
      connectSse(`${live.baseUrl}/api/events?access_token=${c.token}`),
      connectSse(`${live.baseUrl}/api/sub-server/node/changes?since=${live.gateway.gateway.state.version}`, {
        authorization: `Node ${node.id}:${node.secret}`,
      }),
    ]);
    try {
      expect(browser.status).toBe(200);
      expect(changes.status).toBe(200);
      const killedBefore = kills;
      await waitFor(() => kills > killedBefore);
      killing = false;
      await killer;

      await browser.next('resync', 10_000);
      // That resync may come from a return the killer cut short: the kills during its reconnects
      // grew the listener's backoff (up to 30 s), so wait until it is back for good.
      await waitFor(listenerUp, 60_000);
      await changePassword(c.token, p.id, 'WhileItWasDown42');
      await waitFor(() =>
        changes.events.some(
          (e) => (e.data as { upsert?: { id: string; password: string } }).upsert?.password === 'WhileItWasDown42',
        ),
      );
      expect((await postBank(t, sepay(`ck ${code}`, 30_000))).statusCode).toBe(200);
      expect((await browser.next('topup.success', 5_000)).data).toMatchObject({ amount: 30_000 });
    } finally {
      killing = false;
      await killer;
      browser.close();
      changes.close();
    }
    await expectLedgerHolds(t);
  });
});
