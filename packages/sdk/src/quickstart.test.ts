import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../apps/server/test/helper.js';
import { quickstart } from '../examples/quickstart.js';
import { ProxyApiError, ProxyPanelClient } from './index.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await build();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

async function developerKey(allowed = ['127.0.0.1']) {
  const c = await customer(t, 1_000_000);
  const key = (await t.inject({ method: 'POST', url: '/api/user/generate-key', token: c.token })).json()
    .apiKey as string;
  await t.inject({ method: 'PUT', url: '/api/api/allowed-ips', token: c.token, payload: { allowedIps: allowed } });
  return { ...c, key };
}

describe('the SDK README example', () => {
  it('should be the example file, word for word', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = readFileSync(new URL('../examples/quickstart.ts', import.meta.url), 'utf8');
    expect(readme).toContain(example);
  });

  it('should buy proxies and list them against a real server, and not rotate the key with itself', async () => {
    const d = await developerKey();
    const out = await quickstart(baseUrl, d.key);
    expect(out.proxies).toHaveLength(2);
    expect(out.list.total).toBe(2);
    expect(out.list.items.map((p) => p.id).sort()).toEqual(out.proxies.map((p) => p.id).sort());
    expect(out.balance).toBeLessThan(1_000_000);
    // The key still works: its own rotation was refused.
    const same = new ProxyPanelClient({ baseUrl, apiKey: d.key });
    expect((await same.me()).id).toBe(d.id);
    expect(same.rateLimit).toMatchObject({ limit: 120 });
  });

  it('should surface IP_NOT_ALLOWED as a typed error', async () => {
    const d = await developerKey(['203.0.113.9']);
    const err = await new ProxyPanelClient({ baseUrl, apiKey: d.key }).balance().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProxyApiError);
    expect(err).toMatchObject({ status: 403, code: 'IP_NOT_ALLOWED' });
  });
});
