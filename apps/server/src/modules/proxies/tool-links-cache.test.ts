import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, buildSecondInstance, customer, waitFor, type TestApp } from '../../../test/helper.js';
import { buyOne } from '../../../test/suppliers.js';

/*
 * The per-instance cache of resolved links (docs/tool-links.md#the-lookup-cache), with two app
 * instances on one database: what one instance changes, the other stops answering from its cache.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await build();
  b = await buildSecondInstance(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

async function linkedProxy() {
  const c = await customer(a, 1_000_000);
  const bought = await buyOne(a, c.token, 'JP');
  const p = { id: bought.proxyId, password: bought.password };
  const issued = await a.inject({
    method: 'POST',
    url: '/api/proxy/links',
    token: c.token,
    payload: { listProxyId: [p.id] },
  });
  const [link] = issued.json<{ currentUrl: string; changeIpUrl: string }[]>();
  return { c, p, link: link! };
}

async function get(app: TestApp, url: string) {
  const u = new URL(url);
  return app.app.inject({ method: 'GET', url: u.pathname + u.search, remoteAddress: freshIp() });
}

describe('the lookup cache across instances', () => {
  it('should answer 404 on the other instance as soon as a revoke there has answered', async () => {
    const { c, p, link } = await linkedProxy();
    // Both instances answer, and so hold the link in their caches.
    for (const app of [b, a, b]) {
      expect((await get(app, link.currentUrl)).statusCode).toBe(200);
    }
    expect((await get(b, link.changeIpUrl)).statusCode).toBe(200);
    const revoke = await a.inject({
      method: 'POST',
      url: '/api/proxy/links/revoke',
      token: c.token,
      payload: { listProxyId: [p.id] },
    });
    expect(revoke.statusCode).toBe(200);
    // No waiting: the revoke answered once its notice was out to every instance.
    for (const app of [b, a]) {
      expect((await get(app, link.currentUrl)).statusCode).toBe(404);
      expect((await get(app, link.changeIpUrl)).statusCode).toBe(404);
    }
  });

  it('should answer a changed password on the other instance, not the cached line', async () => {
    const { c, p, link } = await linkedProxy();
    const before = (await get(b, link.currentUrl)).body;
    expect(before.trim().endsWith(`:${p.password}`)).toBe(true);
    const res = await a.inject({
      method: 'PUT',
      url: '/api/v4-proxy/change-password',
      token: c.token,
      payload: { listProxyId: [p.id], password: 'Fresh12345' },
    });
    expect(res.statusCode).toBe(200);
    // The node change log's notice reaches b after the commit; well inside the entries' 10 s life.
    await waitFor(async () => (await get(b, link.currentUrl)).body.trim().endsWith(':Fresh12345'), 5_000);
  });

  it('should refuse a change of IP too soon on the other instance after one went through', async () => {
    const { link } = await linkedProxy();
    // b caches the link before any change.
    expect((await get(b, link.currentUrl)).statusCode).toBe(200);
    expect((await get(a, link.changeIpUrl)).statusCode).toBe(200);
    const again = await get(b, link.changeIpUrl);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('RESET_TOO_FAST');
  });
});
