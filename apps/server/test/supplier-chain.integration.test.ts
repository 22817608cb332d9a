import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../gateway/test/fake-upstream.js';
import { httpConnect, socksConnect, startEcho, type Target } from '../../gateway/test/test-utils.js';
import { queryRows } from '../src/db/client.js';
import { replaceUpstream } from '../src/modules/suppliers/replace-upstream.js';
import {
  build,
  createUser,
  customer,
  ledgerMismatches,
  livePorts,
  login,
  startLive,
  waitFor,
  waitForListening,
  type LiveStack,
  type TestApp,
} from './helper.js';

/**
 * A supplier's proxy on real sockets: the embedded gateway serves it on our port with our
 * credentials and chains each tunnel through its upstream, a real local proxy that dials from its
 * own loopback address, so the echo target tells the upstreams apart. After the upstream is
 * replaced, new tunnels through the same port and credentials leave through the new upstream and
 * the old one sees no connection at all.
 */
const A_EGRESS = '127.0.0.6';
const B_EGRESS = '127.0.0.7';
const A_CREDS: [string, string] = [`ua-${randomUUID().slice(0, 8)}`, `pa-${randomUUID().slice(0, 8)}`];
const B_CREDS: [string, string] = [`ub-${randomUUID().slice(0, 8)}`, `pb-${randomUUID().slice(0, 8)}`];

let t: TestApp;
let live: LiveStack;
let target: Target;
let upA: FakeUpstream;
let upB: FakeUpstream;
let admin: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
  t.inject({ method, url: `/api${url}`, token, payload });

beforeAll(async () => {
  t = await build({ GATEWAY_ALLOW_PRIVATE: '1', ...livePorts() });
  live = await startLive(t);
  target = await startEcho('127.0.0.1');
  // A speaks HTTP CONNECT, B SOCKS5: the gateway chains through either.
  upA = await startFakeUpstream({ protocol: 'http', auth: A_CREDS, egress: A_EGRESS });
  upB = await startFakeUpstream({ protocol: 'socks5', auth: B_CREDS, egress: B_EGRESS });
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
});
afterAll(async () => {
  await Promise.all([target?.close(), upA?.close(), upB?.close()]);
  await live?.stop();
  await t?.close();
});

interface Proxy {
  id: string;
  port: number;
  username: string;
  password: string;
}

/** The address the echo target saw through an HTTP CONNECT tunnel of our gateway, or null. */
async function viaHttp(p: Proxy): Promise<string | null> {
  try {
    const r = await httpConnect(p.port, `127.0.0.1:${target.port}`, { auth: [p.username, p.password] });
    try {
      return r.status === 200 ? await r.reader.readLine() : null;
    } finally {
      r.reader.socket.destroy();
    }
  } catch {
    // A tunnel cut by the node's change is "not yet", not a verdict.
    return null;
  }
}

async function viaSocks(p: Proxy): Promise<string | null> {
  const r = await socksConnect(p.port, { ipv4: '127.0.0.1' }, target.port, { auth: [p.username, p.password] });
  try {
    return r.code === 0 ? await r.reader.readLine() : null;
  } finally {
    r.reader.socket.destroy();
  }
}

describe('a replaced upstream on the gateway', () => {
  it('should chain new tunnels of the same port and credentials through the new upstream only', async () => {
    await call('POST', '/country/v4/admin/create', {
      code: 'CY',
      name: 'Cyprus',
      prices: [{ unit: 'day', price: 1000, renewPrice: 1000, quantityStep: 1 }],
    });
    const pool = await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Pool' });
    expect(pool.statusCode, pool.body).toBe(200);
    const poolId = pool.json<{ id: string }>().id;
    const lines = (port: number, protocol: 'http' | 'socks5', [u, p]: [string, string]) =>
      call('POST', `/supplier/admin/add-lines/${poolId}`, {
        lines: `127.0.0.1:${port}:${u}:${p}`,
        country: 'CY',
        protocol,
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
    expect((await lines(upA.port, 'http', A_CREDS)).json()).toMatchObject({ added: 1 });
    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'CY', sources: [poolId] });

    const c = await customer(t, 100_000);
    const bought = await call(
      'POST',
      '/v4-proxy/buy-retail',
      { country: 'CY', quantity: 1, period: { unit: 'day', value: 3 } },
      c.token,
    );
    expect(bought.json().order.status).toBe('using');
    const p = bought.json<{ proxies: Proxy[] }>().proxies[0]!;
    await waitForListening(p.port);
    expect(await viaHttp(p)).toBe(A_EGRESS);
    expect(await viaSocks(p)).toBe(A_EGRESS);
    expect(upA.targets()).toEqual([`127.0.0.1:${target.port}`, `127.0.0.1:${target.port}`]);

    // B joins the pool; A is replaced by it (as after three failed health checks).
    expect((await lines(upB.port, 'socks5', B_CREDS)).json()).toMatchObject({ added: 1 });
    const [row] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from upstream_proxies where proxy_id = ${p.id} and status = 'serving'`,
    );
    await replaceUpstream(t.ctx, row!.id);
    const [now] = await queryRows<{ port: number }>(
      t.ctx.db,
      sql`select port from upstream_proxies where proxy_id = ${p.id} and status = 'serving'`,
    );
    expect(now!.port).toBe(upB.port);

    // The node hears of the change over its state stream; then every new tunnel goes through B.
    await waitFor(async () => (await viaHttp(p)) === B_EGRESS);
    const aConnections = upA.connections();
    const bConnections = upB.connections();
    expect(await viaHttp(p)).toBe(B_EGRESS);
    expect(await viaSocks(p)).toBe(B_EGRESS);
    expect(upA.connections()).toBe(aConnections);
    expect(upB.connections()).toBe(bConnections + 2);
    expect(upB.authFailures()).toBe(0);
    // The customer's own credentials stay ours: the upstream's do not open our port.
    expect(await viaHttp({ ...p, username: B_CREDS[0], password: B_CREDS[1] })).toBeNull();
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
