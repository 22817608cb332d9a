import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConnect, socksConnect, startEcho as startTcpEcho, type Target } from '../../gateway/test/test-utils.js';
import { runLifecycle } from '../src/jobs/lifecycle.js';
import { queryRows } from '../src/db/client.js';
import { recordProxyChanges } from '../src/modules/node-protocol/index.js';
import { BYTES_PER_GB } from '../src/modules/node-protocol/queries.js';
import { sql } from 'drizzle-orm';
import {
  build,
  customer,
  livePorts,
  startLive,
  waitFor,
  waitForListening,
  type LiveStack,
  type TestApp,
} from './helper.js';

/**
 * The sold proxies on real sockets: buy through the API, then connect through the embedded
 * gateway to a local echo target that reports the address it was reached from.
 */
const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let live: LiveStack;
let target: Target;

beforeAll(async () => {
  t = await build({ GATEWAY_ALLOW_PRIVATE: '1', METRICS_TOKEN, ...livePorts() });
  live = await startLive(t);
  target = await startTcpEcho('127.0.0.1');
});
afterAll(async () => {
  await target.close();
  await live.stop();
  await t.close();
});

interface Bought {
  id: string;
  port: number;
  username: string;
  password: string;
  egressIp: string;
  orderId: string;
}

async function buy(token: string, body: object = {}): Promise<Bought> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 }, ...body },
  });
  expect(res.statusCode).toBe(200);
  const p = res.json().proxies[0];
  await waitForListening(p.port);
  return p;
}

const authority = () => `127.0.0.1:${target.port}`;

/** The egress address the echo target saw through an HTTP CONNECT tunnel, or the refusal status. */
async function viaHttp(p: Bought, auth: [string, string] | null = [p.username, p.password], localAddress?: string) {
  const r = await httpConnect(p.port, authority(), { auth: auth ?? undefined, localAddress });
  if (r.status !== 200) {
    r.reader.socket.destroy();
    return { status: r.status, seen: null };
  }
  const seen = await r.reader.readLine();
  r.reader.socket.destroy();
  return { status: 200, seen };
}

/**
 * For polling while a change reaches the gateway: a tunnel caught by the change is closed by the
 * gateway (as it should be), which counts as "not yet", not as a failure.
 */
async function viaHttpSettled(
  p: Bought,
  auth: [string, string] | null = [p.username, p.password],
  localAddress?: string,
) {
  try {
    return await viaHttp(p, auth, localAddress);
  } catch {
    return { status: 0, seen: null };
  }
}

describe('buy, then use the proxy', () => {
  it('should tunnel over HTTP CONNECT and egress from the proxy’s own address', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    expect(p.egressIp).toMatch(/^127\.10\.0\.\d+$/);
    expect(await viaHttp(p)).toEqual({ status: 200, seen: p.egressIp });
  });

  it('should serve SOCKS5 with username and password, domain names included', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, { protocol: 'socks5' });
    const r = await socksConnect(p.port, { domain: 'localhost' }, target.port, { auth: [p.username, p.password] });
    expect(r.code).toBe(0);
    expect(await r.reader.readLine()).toBe(p.egressIp);
    r.reader.socket.destroy();
    const bad = await socksConnect(p.port, { ipv4: '127.0.0.1' }, target.port, {
      auth: [p.username, 'wrong-password'],
    });
    expect(bad).toMatchObject({ step: 'auth', code: 1 });
    bad.reader.socket.destroy();
  });

  it('should answer 407 to a wrong password', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    expect((await viaHttp(p, [p.username, 'not-the-password'])).status).toBe(407);
    expect((await viaHttp(p, null)).status).toBe(407);
  });

  it('should let a whitelisted client IP in without credentials', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/auth-ip',
      token: c.token,
      payload: { listProxyId: [p.id], authIp: ['127.0.0.9'] },
    });
    expect(res.statusCode).toBe(200);
    await waitFor(async () => (await viaHttpSettled(p, null, '127.0.0.9')).status === 200);
    expect(await viaHttp(p, null, '127.0.0.9')).toEqual({ status: 200, seen: p.egressIp });
    expect((await viaHttp(p, null, '127.0.0.8')).status).toBe(407);
  });

  it('should refuse an expired proxy', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, { period: { unit: 'hour', value: 1 } });
    expect((await viaHttp(p)).status).toBe(200);
    t.clock.advance(3600_000 + 1000);
    await runLifecycle(t.ctx);
    await waitFor(async () => (await viaHttpSettled(p)).status === 407);
  });

  it('should apply a new password within seconds, refuse the old one and close its open tunnel', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    const open = await httpConnect(p.port, authority(), { auth: [p.username, p.password] });
    expect(open.status).toBe(200);
    expect(await open.reader.readLine()).toBe(p.egressIp);
    const started = Date.now();
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/change-password',
      token: c.token,
      payload: { listProxyId: [p.id], password: 'FreshPassword42' },
    });
    expect(res.statusCode).toBe(200);
    await open.reader.closed;
    await waitFor(async () => (await viaHttpSettled(p, [p.username, 'FreshPassword42'])).status === 200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await viaHttp(p)).status).toBe(407);
  });

  it('should egress from the new address after reset-ip', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/reset-ip-manual',
      token: c.token,
      payload: { listProxyId: [p.id] },
    });
    const next = res.json()[0].egressIp as string;
    expect(next).not.toBe(p.egressIp);
    await waitFor(async () => (await viaHttpSettled(p)).seen === next);
  });

  it('should cut a proxy off when its quota is used up, and serve it again after increase-bandwidth', async () => {
    const c = await customer(t, 10_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' }))
      .json()
      .find((x: { name: string }) => x.name === 'Starter');
    const bought = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    const p: Bought = bought.json().proxies[0];
    const orderId = bought.json().order.id as string;
    await waitForListening(p.port);
    // The quota is 50 GB: mark all but 1 KB of it used, as earlier traffic reports would have.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update proxies set bandwidth_used_bytes = ${50 * BYTES_PER_GB - 1024} where id = ${p.id}`);
      await recordProxyChanges(tx, [p.id]);
    });
    await waitFor(() => live.gateway.gateway.state.get(p.id)?.bandwidthUsedBytes === 50 * BYTES_PER_GB - 1024);
    const tunnel = await httpConnect(p.port, authority(), { auth: [p.username, p.password] });
    expect(tunnel.status).toBe(200);
    await tunnel.reader.readLine();
    tunnel.reader.socket.write(Buffer.alloc(8 * 1024, 1));
    await tunnel.reader.closed;
    expect((await viaHttp(p)).status).toBe(407);
    const more = await t.inject({
      method: 'PUT',
      url: `/api/order/increase-bandwidth/${orderId}`,
      token: c.token,
      payload: { bandwidth: 1 },
    });
    expect(more.statusCode).toBe(200);
    await waitFor(async () => (await viaHttpSettled(p)).status === 200);
  });

  it('should report traffic to the panel, counted once', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    const tunnel = await httpConnect(p.port, authority(), { auth: [p.username, p.password] });
    await tunnel.reader.readLine();
    tunnel.reader.socket.write(Buffer.alloc(100_000, 7));
    await tunnel.reader.readBytes(100_000);
    tunnel.reader.socket.destroy();
    await waitFor(async () => (await live.gateway.client.flushTraffic()) && true);
    const [row] = await queryRows<{ used: string | number }>(
      t.ctx.db,
      sql`select bandwidth_used_bytes as used from proxies where id = ${p.id}`,
    );
    // Upload 100 KB + echo download 100 KB + the echo's greeting line.
    expect(Number(row!.used)).toBeGreaterThanOrEqual(200_000);
    expect(Number(row!.used)).toBeLessThan(201_000);
  });

  it('should show the embedded gateway’s tunnels, bytes and auth failures on the panel’s /metrics', async () => {
    const scrape = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    /** A series' value; its family must be there, a labelled sample not counted yet reads 0. */
    const value = (text: string, series: string) => {
      expect(text).toContain(`# TYPE ${series.replace(/\{.*$/, '')} `);
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };
    const series = [
      'gateway_tunnels_opened_total',
      'gateway_auth_failures_total',
      'gateway_bytes_total{direction="in"}',
    ];
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    await live.gateway.client.flushTraffic();
    const before = await scrape();
    const [tunnels, failures, bytesIn] = series.map((s) => value(before, s));

    const tunnel = await httpConnect(p.port, authority(), { auth: [p.username, p.password] });
    await tunnel.reader.readLine();
    tunnel.reader.socket.write(Buffer.alloc(10_000, 7));
    await tunnel.reader.readBytes(10_000);
    tunnel.reader.socket.destroy();
    expect((await viaHttp(p, [p.username, 'not-the-password'])).status).toBe(407);
    await waitFor(async () => (await live.gateway.client.flushTraffic()) && true);

    const after = await scrape();
    expect(value(after, series[0]!)).toBeGreaterThanOrEqual(tunnels! + 1);
    expect(value(after, series[1]!)).toBeGreaterThanOrEqual(failures! + 1);
    expect(value(after, series[2]!)).toBeGreaterThanOrEqual(bytesIn! + 10_000);
    expect(value(after, 'gateway_listeners')).toBeGreaterThan(0);
    // Node's own series come once, from the panel's registry, or the scrape would be rejected.
    expect(after.match(/^# TYPE process_cpu_user_seconds_total /gm)).toHaveLength(1);
  });

  it('should check the caller’s proxies end to end', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/check-list-proxy',
      token: c.token,
      payload: { listProxyId: [p.id] },
    });
    expect(res.json()).toEqual([
      { id: p.id, live: true, latencyMs: expect.any(Number), egressIp: p.egressIp, ipv4Fallback: false },
    ]);
  });

  it('should check pasted proxy lines with the free checker, streaming one result per line', async () => {
    const c = await customer(t, 1_000_000);
    const http = await buy(c.token);
    const socks = await buy(c.token, { protocol: 'socks5' });
    const lines = [
      `127.0.0.1:${http.port}:${http.username}:${http.password}`,
      `127.0.0.1:${socks.port}:${socks.username}:${socks.password}`,
      `127.0.0.1:${http.port}:${http.username}:wrong-password`,
      'not a proxy line',
    ];
    const res = await fetch(`${live.baseUrl}/api/tools/check-proxy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lines, protocol: 'auto' }),
    });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const out = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.at(-1)).toEqual({ done: 4 });
    const byLine = new Map(out.slice(0, -1).map((r) => [r.line, r]));
    // 'auto' tries SOCKS5 first, and every gateway port answers both protocols (whatever was sold).
    expect(byLine.get(lines[0])).toMatchObject({ live: true, protocol: 'socks5', exitIp: http.egressIp });
    expect(byLine.get(lines[1])).toMatchObject({ live: true, protocol: 'socks5', exitIp: socks.egressIp });
    expect(byLine.get(lines[2])).toMatchObject({ live: false, error: 'auth' });
    expect(byLine.get(lines[3])).toMatchObject({ live: false, error: 'format' });
  });

  it('should refuse more than 500 lines', async () => {
    const c = await customer(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/tools/check-proxy',
      token: c.token,
      payload: { lines: Array(501).fill('1.2.3.4:80') },
    });
    expect(res.json().message).toBe('VALIDATION_ERROR');
  });
});
