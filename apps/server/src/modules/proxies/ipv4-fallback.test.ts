/** POST /api/v6-proxy/update-ipv4-fallback: owner-scoped, off by default, carried to the node's state. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { build, countRows, customer, type TestApp } from '../../../test/helper.js';
import { siteAdmin } from '../../../test/payments.js';
import { nodeState } from '../node-protocol/node-state.js';

const OTHER_SITE = 'proxy-owner.localhost';
const ALLOWED = '198.51.100.41';
const URL = '/api/v6-proxy/update-ipv4-fallback';

let t: TestApp;
// Building the app migrates a fresh database: slow on a loaded machine.
beforeAll(async () => {
  t = await build();
}, 300_000);
afterAll(async () => {
  await t.close();
});

async function v6(token: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v6-proxy/buy-retail',
    token,
    payload: { country: 'US', quantity: 50, period: { unit: 'day', value: 3 } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().proxies[0] as { id: string; ipv4Fallback: boolean };
}

async function fallbackOf(id: string): Promise<boolean> {
  const [row] = await queryRows<{ f: boolean }>(t.ctx.db, sql`select ipv4_fallback as f from proxies where id = ${id}`);
  return row!.f;
}

/** The proxy as its node's state carries it. */
async function inNodeState(id: string) {
  const [row] = await queryRows<{ n: string }>(t.ctx.db, sql`select node_id as n from proxies where id = ${id}`);
  const state = await nodeState(t.ctx, row!.n);
  return state.proxies.find((p) => p.id === id);
}

async function apiKey(token: string) {
  const gen = await t.inject({ method: 'POST', url: '/api/user/generate-key', token });
  expect(gen.statusCode, gen.body).toBe(200);
  const ips = await t.inject({ method: 'PUT', url: '/api/api/allowed-ips', token, payload: { allowedIps: [ALLOWED] } });
  expect(ips.statusCode, ips.body).toBe(200);
  return gen.json<{ apiKey: string }>().apiKey;
}

describe('IPv4 fallback of IPv6 proxies', () => {
  it('should be off by default, turn on and off, and reach the node as a change', async () => {
    const c = await customer(t, 1_000_000);
    const p = await v6(c.token);
    expect(p.ipv4Fallback).toBe(false);
    expect(await inNodeState(p.id)).not.toHaveProperty('ipv4Fallback');
    const events = await countRows(t, 'proxy_events');
    const on = await t.inject({
      method: 'POST',
      url: URL,
      token: c.token,
      payload: { listProxyId: [p.id], enabled: true },
    });
    expect(on.json()).toEqual({ ok: true });
    expect(await fallbackOf(p.id)).toBe(true);
    expect(await countRows(t, 'proxy_events')).toBe(events + 1);
    expect(await inNodeState(p.id)).toMatchObject({ ipv4Fallback: true });
    const list = await t.inject({ method: 'GET', url: '/api/v6-proxy/list-proxy-me?limit=100', token: c.token });
    const items = list.json().items as { id: string; ipv4Fallback: boolean }[];
    expect(items.filter((x) => x.ipv4Fallback).map((x) => x.id)).toEqual([p.id]);
    // The same setting again changes nothing and tells the nodes nothing.
    await t.inject({ method: 'POST', url: URL, token: c.token, payload: { listProxyId: [p.id], enabled: true } });
    expect(await countRows(t, 'proxy_events')).toBe(events + 1);
    await t.inject({ method: 'POST', url: URL, token: c.token, payload: { listProxyId: [p.id], enabled: false } });
    expect(await fallbackOf(p.id)).toBe(false);
    expect(await inNodeState(p.id)).not.toHaveProperty('ipv4Fallback');
  });

  it('should refuse another user, another site’s admin and their API keys, changing nothing', async () => {
    const owner = await customer(t, 1_000_000);
    const p = await v6(owner.token);
    const other = await customer(t, 1_000_000);
    const otherAdmin = await siteAdmin(t, OTHER_SITE);
    const payload = { listProxyId: [p.id], enabled: true };
    const asOther = await t.inject({ method: 'POST', url: URL, token: other.token, payload });
    expect([asOther.statusCode, asOther.json().message]).toEqual([404, 'PROXY_NOT_EXISTS']);
    const asAdmin = await t.inject({
      method: 'POST',
      url: URL,
      token: otherAdmin.token,
      payload,
      headers: { host: OTHER_SITE },
    });
    expect(asAdmin.json().message).toBe('PROXY_NOT_EXISTS');
    // Another user's key is that user: not the owner.
    const otherKey = await apiKey(other.token);
    const byKey = await t.inject({
      method: 'POST',
      url: URL,
      payload,
      remoteAddress: ALLOWED,
      headers: { 'x-api-key': otherKey },
    });
    expect(byKey.json().message).toBe('PROXY_NOT_EXISTS');
    // The owner's own key from an address it does not allow.
    const ownKey = await apiKey(owner.token);
    const wrongIp = await t.inject({
      method: 'POST',
      url: URL,
      payload,
      remoteAddress: '203.0.113.9',
      headers: { 'x-api-key': ownKey },
    });
    expect(wrongIp.json().message).toBe('IP_NOT_ALLOWED');
    expect(await fallbackOf(p.id)).toBe(false);
    // One proxy that is not the caller's refuses the whole batch.
    const mine = await v6(other.token);
    const mixed = await t.inject({
      method: 'POST',
      url: URL,
      token: other.token,
      payload: { listProxyId: [mine.id, p.id], enabled: true },
    });
    expect(mixed.json().message).toBe('PROXY_NOT_EXISTS');
    expect(await fallbackOf(mine.id)).toBe(false);
    // With the right (the owner's key from its allowed address) it goes through.
    const ok = await t.inject({
      method: 'POST',
      url: URL,
      payload,
      remoteAddress: ALLOWED,
      headers: { 'x-api-key': ownKey },
    });
    expect(ok.json()).toEqual({ ok: true });
    expect(await fallbackOf(p.id)).toBe(true);
  });

  it('should refuse IPv4 proxies and malformed bodies', async () => {
    const c = await customer(t, 1_000_000);
    const v4 = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'JP', quantity: 1, period: { unit: 'day', value: 3 } },
    });
    const id = v4.json().proxies[0].id as string;
    const res = await t.inject({
      method: 'POST',
      url: URL,
      token: c.token,
      payload: { listProxyId: [id], enabled: true },
    });
    expect(res.json().message).toBe('PROXY_NOT_EXISTS');
    for (const payload of [
      { listProxyId: [id] },
      { listProxyId: [], enabled: true },
      { listProxyId: ['x'], enabled: 1 },
    ]) {
      const bad = await t.inject({ method: 'POST', url: URL, token: c.token, payload });
      expect([bad.statusCode, bad.json().message]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await fallbackOf(id)).toBe(false);
  });
});
