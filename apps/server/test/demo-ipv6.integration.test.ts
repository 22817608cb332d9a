import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, customer, livePorts, startLive, waitForListening, type LiveStack, type TestApp } from './helper.js';

/**
 * The demo's IPv6 proxies end to end, without IPV6_PREFIX: they egress from ::1, the checker's
 * echo service answers on ::1 too, so a check passes through the real gateway; a manual IP change
 * says that no other address is free (::1/128 holds one), as does any pool with no other address.
 */
let t: TestApp;
let live: LiveStack;

beforeAll(async () => {
  t = await build(livePorts());
  live = await startLive(t);
});
afterAll(async () => {
  await live.stop();
  await t.close();
});

interface Bought {
  id: string;
  port: number;
  egressIp: string;
}

async function buy(token: string, type: 'v6' | 'v4', protocol: 'http' | 'socks5'): Promise<Bought> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/${type}-proxy/buy-retail`,
    token,
    // IPv6 sells in steps of 50.
    payload: { country: 'JP', quantity: type === 'v6' ? 50 : 1, period: { unit: 'day', value: 1 }, protocol },
  });
  expect(res.statusCode, res.body).toBe(200);
  const p = res.json().proxies[0] as Bought;
  await waitForListening(p.port);
  return p;
}

async function check(token: string, type: 'v6' | 'v4', id: string) {
  const res = await t.inject({
    method: 'PUT',
    url: `/api/${type}-proxy/check-list-proxy`,
    token,
    payload: { listProxyId: [id] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0] as { id: string; live: boolean; egressIp: string | null };
}

describe('the demo IPv6 proxy', () => {
  it('should listen on the echo service on ::1 as well, same port', () => {
    expect(live.echo.host6).toBe('::1');
  });

  for (const protocol of ['http', 'socks5'] as const) {
    it(`should pass the checker over ${protocol} from ::1, refuse an IP change with noFreeAddress and pass again`, async () => {
      const c = await customer(t, 100_000_000);
      const p = await buy(c.token, 'v6', protocol);
      expect(p.egressIp).toBe('::1');
      expect(await check(c.token, 'v6', p.id)).toMatchObject({ id: p.id, live: true, egressIp: '::1' });
      const reset = await t.inject({
        method: 'POST',
        url: '/api/v6-proxy/reset-ip-manual',
        token: c.token,
        payload: { listProxyId: [p.id] },
      });
      expect(reset.statusCode, reset.body).toBe(400);
      expect(reset.json()).toMatchObject({
        message: 'NOT_ENOUGT_PROXY',
        data: { reason: 'noFreeAddress', product: 'v6', country: 'JP', available: 0 },
      });
      const list = await t.inject({ method: 'GET', url: '/api/v6-proxy/list-proxy-me?limit=50', token: c.token });
      expect(list.json().items.find((x: { id: string }) => x.id === p.id)).toMatchObject({
        egressIp: '::1',
        ipChangedAt: null,
      });
      expect(await check(c.token, 'v6', p.id)).toMatchObject({ live: true, egressIp: '::1' });
    });
  }
});

describe('an IP change when the pool has no other address', () => {
  it('should answer NOT_ENOUGT_PROXY with reason noFreeAddress and keep the proxy as it was', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, 'v4', 'http');
    // The rest of Japan's IPv4 pool is gone: the proxy's own address is the only one left.
    await t.ctx.db.execute(sql`delete from egress_ips where product = 'v4' and country = 'JP' and proxy_id is null`);
    const reset = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/reset-ip-manual',
      token: c.token,
      payload: { listProxyId: [p.id] },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({
      message: 'NOT_ENOUGT_PROXY',
      data: { reason: 'noFreeAddress', product: 'v4', country: 'JP', available: 0 },
    });
    const list = await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token });
    expect(list.json().items[0]).toMatchObject({ id: p.id, egressIp: p.egressIp });
  });
});
