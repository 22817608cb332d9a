import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await build();
  owner = (await login(t, await createUser(t, { role: 0 }))).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function node(name: string, portFrom: number, portTo: number): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/sub-server/admin/create',
    token: owner,
    payload: { name, host: `${name}.example`, portFrom, portTo },
  });
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

async function egress(id: string, body: Record<string, unknown>) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/sub-server/admin/add-egress/${id}`,
    token: owner,
    payload: body,
  });
  expect(res.statusCode).toBe(200);
}

async function stock(product: string, admin = false): Promise<Record<string, number>> {
  const url = `/api/country/${product}/${admin ? 'list-country-admin' : 'list-country'}`;
  const rows = (await t.inject({ method: 'GET', url, token: owner })).json<{ code: string; stock: number }[]>();
  return Object.fromEntries(rows.map((r) => [r.code, r.stock]));
}

describe('stock per product and country', () => {
  it('should count what the pools serving each country can sell, for customers and admins alike', async () => {
    const price = { unit: 'day', price: 1000, renewPrice: 1000, quantityStep: 1 };
    for (const product of ['v4', 'v6'] as const) {
      for (const [code, name] of [
        ['FR', 'France'],
        ['NL', 'Netherlands'],
      ]) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/country/${product}/admin/create`,
          token: owner,
          payload: { code, name, prices: [price] },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    // Node A: 4 ports, 6 French IPv4 addresses (the ports are the limit) and a French IPv6 prefix.
    const a = await node('node-a', 41001, 41004);
    await egress(a, {
      product: 'v4',
      country: 'FR',
      ips: ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5', '10.9.0.6'],
    });
    await egress(a, { product: 'v6', country: 'FR', prefix: '2001:db8:a::/48' });
    // Node B: 10 ports, 3 Dutch IPv4 addresses (the addresses are the limit) and a Dutch IPv6 prefix.
    const b = await node('node-b', 41101, 41110);
    await egress(b, { product: 'v4', country: 'NL', ips: ['10.9.1.1', '10.9.1.2', '10.9.1.3'] });
    await egress(b, { product: 'v6', country: 'NL', prefix: '2001:db8:b::/48' });

    expect(await stock('v4')).toMatchObject({ FR: 4, NL: 3 });
    expect(await stock('v6')).toMatchObject({ FR: 4, NL: 10 });
    expect(await stock('v4', true)).toMatchObject({ FR: 4, NL: 3 });

    const c = await customer(t, 1_000_000);
    const buy = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'FR', quantity: 3, period: { unit: 'day', value: 1 } },
    });
    expect(buy.statusCode).toBe(200);
    // Node A has one port left: one French IPv4 or IPv6 proxy; the Dutch pools are untouched.
    expect(await stock('v4')).toMatchObject({ FR: 1, NL: 3 });
    expect(await stock('v6')).toMatchObject({ FR: 1, NL: 10 });
    const more = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'FR', quantity: 2, period: { unit: 'day', value: 1 } },
    });
    expect(more.json().message).toBe('NOT_ENOUGT_PROXY');
  });
});
