import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../apps/server/test/helper.js';
import { ProxyApiError, ProxyPanelClient } from './index.js';

// The SDK's links for tools (docs/tool-links.md) against a real server on a real socket: the URLs
// it answers are fetched as a tool would, with nothing but the URL.
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await build();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

async function client(): Promise<ProxyPanelClient> {
  const c = await customer(t, 1_000_000);
  const key = (await t.inject({ method: 'POST', url: '/api/user/generate-key', token: c.token })).json()
    .apiKey as string;
  await t.inject({
    method: 'PUT',
    url: '/api/api/allowed-ips',
    token: c.token,
    payload: { allowedIps: ['127.0.0.1'] },
  });
  return new ProxyPanelClient({ baseUrl, apiKey: key });
}

describe('links for tools through the SDK', () => {
  it('should issue change-IP and current URLs that work without a key, and revoke them', async () => {
    const sdk = await client();
    const { proxies } = await sdk.buyProxies('v4', {
      country: 'JP',
      quantity: 2,
      period: { unit: 'day', value: 1 },
      protocol: 'http',
      autoRenew: false,
    });
    const ids = proxies.map((p) => p.id);
    const links = await sdk.proxyLinks(ids);
    expect(links.map((l) => l.proxyId).sort()).toEqual([...ids].sort());
    expect(await sdk.proxyLinks(ids)).toEqual(links);

    const first = links.find((l) => l.proxyId === proxies[0]!.id)!;
    const changed = await fetch(first.changeIpUrl);
    expect(changed.status).toBe(200);
    const { egressIp } = (await changed.json()) as { egressIp: string };
    expect(egressIp).not.toBe(proxies[0]!.egressIp);
    const line = await (await fetch(first.currentUrl)).text();
    const p = proxies[0]!;
    expect(line).toBe(`${p.host}:${p.port}:${p.username}:${p.password}\n`);

    await sdk.revokeProxyLinks([p.id]);
    expect((await fetch(first.changeIpUrl)).status).toBe(404);
    expect((await fetch(first.currentUrl)).status).toBe(404);
    // The other proxy's URLs were not part of the revocation.
    expect((await fetch(links.find((l) => l.proxyId !== p.id)!.currentUrl)).status).toBe(200);
  });

  it('should create, read, count and delete a filtered list URL', async () => {
    const sdk = await client();
    await sdk.buyProxies('v4', {
      country: 'JP',
      quantity: 2,
      period: { unit: 'day', value: 1 },
      protocol: 'http',
      autoRenew: false,
    });
    const { url, id } = await sdk.createListLink({ name: 'Script', filter: { type: 'v4' }, format: 'txt' });
    const body = await (await fetch(url, { headers: { 'user-agent': 'sdk-test/1' } })).text();
    const listed = await sdk.listProxies('v4');
    expect(body.trim().split('\n').sort()).toEqual(
      listed.items.map((p) => `${p.host}:${p.port}:${p.username}:${p.password}`).sort(),
    );
    const [link] = await sdk.listListLinks();
    expect(link).toMatchObject({ id, name: 'Script', format: 'txt', fetches: 1, lastUserAgent: 'sdk-test/1' });
    await sdk.deleteListLink(id);
    expect(await sdk.listListLinks()).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
    const again = await sdk.deleteListLink(id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ProxyApiError);
    expect(again).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('should turn the IPv4 fallback of IPv6 proxies on and off', async () => {
    const sdk = await client();
    const { proxies } = await sdk.buyProxies('v6', {
      country: 'VN',
      quantity: 50,
      period: { unit: 'day', value: 1 },
      protocol: 'http',
      autoRenew: false,
    });
    expect(proxies.every((p) => !p.ipv4Fallback)).toBe(true);
    const chosen = proxies.slice(0, 2).map((p) => p.id);
    await sdk.setIpv4Fallback(chosen, true);
    const on = (await sdk.listProxies('v6', { limit: 100 })).items.filter((p) => p.ipv4Fallback).map((p) => p.id);
    expect(on.sort()).toEqual([...chosen].sort());
    await sdk.setIpv4Fallback(chosen, false);
    expect((await sdk.listProxies('v6', { limit: 100 })).items.some((p) => p.ipv4Fallback)).toBe(false);
  });
});
