import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConnect, socksConnect, startEcho as startTcpEcho, type Target } from '../../gateway/test/test-utils.js';
import { startDnsServer, type TestDnsServer } from './dns-server.js';
import { build, customer, livePorts, startLive, waitForListening, type LiveStack, type TestApp } from './helper.js';

/** With GATEWAY_ALLOW_PRIVATE off (the default), proxies must not reach private or local places. */
let t: TestApp;
let live: LiveStack;
let target: Target;
let dns: TestDnsServer;
beforeAll(async () => {
  // A real resolver path: the gateway asks this server over UDP, as it would ask a public one.
  dns = await startDnsServer({ 'rebind.test': ['127.0.0.1', '::1'] });
  t = await build({ ...livePorts(), GATEWAY_DNS_SERVERS: dns.address });
  live = await startLive(t);
  target = await startTcpEcho('127.0.0.1');
});
afterAll(async () => {
  await target.close();
  await live.stop();
  await t.close();
  await dns.close();
});

async function buy(token: string, product: 'v4' | 'v6', body: object = {}) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/${product}-proxy/buy-retail`,
    token,
    payload: {
      country: 'US',
      quantity: product === 'v6' ? 50 : 1,
      period: { unit: 'day', value: 1 },
      ...body,
    },
  });
  expect(res.statusCode).toBe(200);
  const p = res.json().proxies[0] as { port: number; username: string; password: string };
  await waitForListening(p.port);
  return p;
}

describe('SSRF', () => {
  it('should refuse private, loopback and metadata destinations in every spelling, and the panel', async () => {
    const c = await customer(t, 1_000_000);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'US', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    const p = res.json().proxies[0];
    await waitForListening(p.port);
    const auth: [string, string] = [p.username, p.password];
    for (const dest of [
      `127.0.0.1:${target.port}`,
      `127.1:${target.port}`,
      `2130706433:${target.port}`,
      `[::ffff:127.0.0.1]:${target.port}`,
      '169.254.169.254:80',
      `localhost:${target.port}`,
      '10.0.0.1:80',
      `127.0.0.1:${live.port}`,
    ]) {
      const r = await httpConnect(p.port, dest, { auth });
      expect(r.status, dest).toBe(403);
      r.reader.socket.destroy();
    }
    // The checker's echo service is the one local place proxies may reach.
    const echo = await httpConnect(p.port, `${live.echo.host}:${live.echo.port}`, { auth });
    expect(echo.status).toBe(200);
    echo.reader.socket.destroy();
  });

  it('should not let the free checker probe private addresses', async () => {
    const c = await customer(t);
    const res = await fetch(`${live.baseUrl}/api/tools/check-proxy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lines: ['10.0.0.1:3128', '192.168.1.1:1080:u:p', '169.254.169.254:80'] }),
    });
    const out = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { error?: string; done?: number });
    expect(out.slice(0, -1).map((r) => r.error)).toEqual(['forbidden', 'forbidden', 'forbidden']);
  });
});

describe('a DNS name that resolves to loopback', () => {
  it('should refuse CONNECT and SOCKS5 to it, after asking the configured name server', async () => {
    const c = await customer(t, 1_000_000);
    const http = await buy(c.token, 'v4');
    const socks = await buy(c.token, 'v4', { protocol: 'socks5' });
    const r = await httpConnect(http.port, `rebind.test:${target.port}`, { auth: [http.username, http.password] });
    expect(r.status).toBe(403);
    r.reader.socket.destroy();
    const s = await socksConnect(socks.port, { domain: 'rebind.test' }, target.port, {
      auth: [socks.username, socks.password],
    });
    expect(s).toMatchObject({ step: 'request', code: 0x02 });
    s.reader.socket.destroy();
    expect(dns.questions).toContainEqual({ name: 'rebind.test', type: 1 });
    // A name the server does not know fails as DNS (502), so the 403 above came from the answer.
    const unknown = await httpConnect(http.port, `nowhere.test:${target.port}`, {
      auth: [http.username, http.password],
    });
    expect(unknown.status).toBe(502);
    unknown.reader.socket.destroy();
  });

  it('should refuse it to an IPv6 proxy too, whose AAAA answer is ::1', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, 'v6');
    const r = await httpConnect(p.port, `rebind.test:${target.port}`, { auth: [p.username, p.password] });
    expect(r.status).toBe(403);
    r.reader.socket.destroy();
    expect(dns.questions).toContainEqual({ name: 'rebind.test', type: 28 });
  });
});
