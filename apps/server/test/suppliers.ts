import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.js';
import type { FakeProxy6 } from './fakes/index.js';
import type { TestApp } from './helper.js';

/** The catalogue and suppliers the supplier tests start from. */

export type Call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => ReturnType<TestApp['inject']>;

/** IPv4 countries with one day price (renewals at the same price). */
export async function addDayCountries(call: Call, countries: [string, string][], dayPrice: number): Promise<void> {
  for (const [code, name] of countries) {
    const res = await call('POST', '/country/v4/admin/create', {
      code,
      name,
      prices: [{ unit: 'day', price: dayPrice, renewPrice: dayPrice, quantityStep: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A Proxy6 account on the fake and a pasted-list supplier; returns their ids. */
/** A Proxy6 supplier on the fake `p6`; its id. */
export async function addProxy6(call: Call, p6: FakeProxy6, name = 'P6'): Promise<string> {
  const res = await call('POST', '/supplier/admin/create', {
    kind: 'proxy6',
    name,
    baseUrl: p6.url,
    apiKey: p6.apiKey,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

export async function addProxy6AndList(call: Call, p6: FakeProxy6): Promise<{ p6Id: string; listId: string }> {
  const p6Id = await addProxy6(call, p6);
  const listRes = await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Pool' });
  expect(listRes.statusCode, listRes.body).toBe(200);
  return { p6Id, listId: listRes.json<{ id: string }>().id };
}

/** A customer's purchase of one IPv4 proxy of `country` for 3 days, delivered in the request. */
export async function buyOne(t: TestApp, token: string, country: string, autoRenew = false) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country, quantity: 1, period: { unit: 'day', value: 3 }, autoRenew },
  });
  expect(res.json().order.status).toBe('using');
  const proxy = res.json().proxies[0] as { id: string; password: string };
  return { orderId: res.json().order.id as string, proxyId: proxy.id, password: proxy.password };
}

/** `renew-list-proxy` of one proxy for `days`. */
export const renewOne = (t: TestApp, token: string, proxyId: string, days: number) =>
  t.inject({
    method: 'PUT',
    url: '/api/v4-proxy/renew-list-proxy',
    token,
    payload: { listProxyId: [proxyId], period: { unit: 'day', value: days } },
  });

/** How many renewal charges (manual and auto) the user's ledger holds. */
export async function renewCharges(t: TestApp, userId: string): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    t.ctx.db,
    sql`select count(*) as n from transactions where user_id = ${userId} and type in ('renew', 'auto_renew')`,
  );
  return Number(r!.n);
}
