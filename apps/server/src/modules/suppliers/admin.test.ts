import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierPurchasesJob } from '../../jobs/supplier-purchases.js';
import { build, countRows, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { startFakeProxy6, startFakeWebshare, type FakeProxy6, type FakeWebshare } from '../../../test/fakes/index.js';

let t: TestApp;
let p6: FakeProxy6;
let ws: FakeWebshare;
let admin: string;
const OTHER = 'proxy-owner.localhost';

beforeAll(async () => {
  t = await build();
  p6 = await startFakeProxy6();
  ws = await startFakeWebshare();
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
});
afterAll(async () => {
  await p6.close();
  await ws.close();
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = admin,
  host = 'localhost',
) => t.inject({ method, url: `/api${url}`, token, payload, headers: { host } });

describe('the supplier job’s idle check', () => {
  it('should find nothing to do only while no supplier and no open purchase, renewal or replacement exist', async () => {
    const idle = () => supplierPurchasesJob.idle?.(t.ctx);
    expect(await idle()).toBe(true);
    const created = await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Idle probe' });
    expect(created.statusCode, created.body).toBe(200);
    expect(await idle()).toBe(false);
    expect((await call('DELETE', `/supplier/admin/delete/${created.json().id}`)).statusCode).toBe(200);
    expect(await idle()).toBe(true);
    // A purchase still pending after its suppliers went must still be worked (failed and refunded).
    const now = new Date().toISOString();
    const id = randomUUID();
    await t.ctx.db.execute(
      sql`insert into supplier_purchases (id, order_id, site_id, user_id, product, country, quantity, protocol,
            sources, next_attempt_at, created_at, updated_at)
          values (${id}, ${randomUUID()}, ${randomUUID()}, ${randomUUID()}, 'v4', 'DE', 1, 'http',
            ${JSON.stringify([randomUUID()])}::jsonb, ${now}, ${now}, ${now})`,
    );
    try {
      expect(await idle()).toBe(false);
    } finally {
      await t.ctx.db.execute(sql`delete from supplier_purchases where id = ${id}`);
    }
    expect(await idle()).toBe(true);
  });
});

describe('suppliers admin', () => {
  it('should add a Proxy6 account, keep its key out of every answer, and sync its balance and routed stock', async () => {
    const res = await call('POST', '/supplier/admin/create', {
      kind: 'proxy6',
      name: 'P6 main',
      baseUrl: p6.url,
      apiKey: p6.apiKey,
    });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ kind: 'proxy6', status: 'ok', balance: 1000, currency: 'RUB', hasApiKey: true });
    expect(res.body).not.toContain(p6.apiKey);
    // A route makes the sync count that country's stock.
    expect(
      (await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'de', sources: [s.id] })).json(),
    ).toEqual([{ product: 'v4', country: 'DE', sources: [s.id] }]);
    const synced = await call('POST', `/supplier/admin/sync/${s.id}`);
    expect(synced.json().stock).toEqual([{ product: 'v4', country: 'DE', count: 50 }]);
    const list = await call('GET', '/supplier/admin/list');
    expect(list.json().map((x: { id: string }) => x.id)).toContain(s.id);
    expect(list.body).not.toContain(p6.apiKey);
    const stored = await t.ctx.db.execute(`select api_key_sealed from suppliers where id = '${s.id}'`);
    expect(JSON.stringify(stored)).not.toContain(p6.apiKey);
  });

  it('should count a Proxy6 stock when a route takes it on and drop it when it lets go, with no sync asked for', async () => {
    const s = (
      await call('POST', '/supplier/admin/create', {
        kind: 'proxy6',
        name: 'P6 routed',
        baseUrl: p6.url,
        apiKey: p6.apiKey,
      })
    ).json();
    const stockOf = async () =>
      (await call('GET', '/supplier/admin/list')).json().find((x: { id: string }) => x.id === s.id).stock;
    expect(await stockOf()).toEqual([]);
    expect(
      (await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'DE', sources: ['own', s.id] })).statusCode,
    ).toBe(200);
    expect(await stockOf()).toEqual([{ product: 'v4', country: 'DE', count: 50 }]);
    expect(p6.calls.some((c) => c.method === 'getcount' && c.params.country === 'de')).toBe(true);
    expect(
      (await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'DE', sources: ['own'] })).statusCode,
    ).toBe(200);
    expect(await stockOf()).toEqual([]);
  });

  it('should show another account’s balance after its key and base URL change, with no sync asked for', async () => {
    const other = await startFakeProxy6({ apiKey: 'other-account-key', balance: 55 });
    try {
      const s = (
        await call('POST', '/supplier/admin/create', {
          kind: 'proxy6',
          name: 'P6 moved',
          baseUrl: p6.url,
          apiKey: p6.apiKey,
        })
      ).json();
      expect(s.balance).toBe(1000);
      const moved = await call('PUT', `/supplier/admin/update/${s.id}`, { baseUrl: other.url, apiKey: other.apiKey });
      expect(moved.json()).toMatchObject({ status: 'ok', balance: 55 });
      expect(moved.body).not.toContain(other.apiKey);
    } finally {
      await other.close();
    }
  });

  it('should record a wrong key as the supplier error in its own words', async () => {
    const res = await call('POST', '/supplier/admin/create', {
      kind: 'proxy6',
      name: 'bad',
      baseUrl: p6.url,
      apiKey: 'nope',
    });
    expect(res.json()).toMatchObject({ status: 'error', lastError: 'Error key (error_id 100)' });
    expect(res.json().events[0]).toMatchObject({ kind: 'error', message: 'Error key (error_id 100)' });
    await call('DELETE', `/supplier/admin/delete/${res.json().id}`);
  });

  it('should sync a Webshare pool page by page and count its unused proxies as stock', async () => {
    ws.add(230, 'US');
    ws.add(20, 'DE');
    const res = await call('POST', '/supplier/admin/create', {
      kind: 'webshare',
      name: 'WS',
      baseUrl: ws.url,
      apiKey: ws.apiKey,
    });
    expect(res.statusCode).toBe(200);
    expect(ws.pages).toEqual([1, 2, 3]);
    expect(res.json()).toMatchObject({ status: 'ok', unused: 250 });
    expect(res.json().stock).toEqual([
      { product: 'v4', country: 'DE', count: 20 },
      { product: 'v4', country: 'US', count: 230 },
    ]);
    ws.proxies.splice(0, 30);
    const again = await call('POST', `/supplier/admin/sync/${res.json().id}`);
    expect(again.json().unused).toBe(220);
    expect(again.body).not.toContain('wspass');
  });

  it('should refuse a Webshare page larger than asked, keeping nothing of it', async () => {
    const res = await call('POST', '/supplier/admin/create', {
      kind: 'webshare',
      name: 'WS oversize',
      baseUrl: ws.url,
      apiKey: ws.apiKey,
    });
    expect(res.json()).toMatchObject({ status: 'ok' });
    const unused = res.json().unused;
    ws.add(150, 'FR');
    ws.oversize = 1000;
    try {
      const again = await call('POST', `/supplier/admin/sync/${res.json().id}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'error', unused });
      expect(again.json().lastError).toMatch(/a page of \d+ proxies \(asked 100\)/);
    } finally {
      ws.oversize = undefined;
      ws.proxies.splice(-150);
      await call('DELETE', `/supplier/admin/delete/${res.json().id}`);
    }
  });

  it('should take pasted lines in every form and name each bad one', async () => {
    const res = await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Pasted' });
    const id = res.json().id;
    const lines = [
      '127.0.0.2:8001:alice:pw1',
      'bob:pw2@127.0.0.2:8002',
      'http://carol:pw3@127.0.0.2:8003',
      '127.0.0.2:8004@dave:pw4',
      '127.0.0.2,8005,erin,pw5',
      '127.0.0.2:8001:alice:pw1',
      '127.0.0.2:70000:frank:pw6',
      '127.0.0.2:8006',
      'not a proxy',
    ].join('\n');
    const body = {
      lines,
      country: 'fr',
      protocol: 'http',
      expiresAt: new Date(Date.now() + 30 * 86400_000).toISOString(),
    };
    const added = await call('POST', `/supplier/admin/add-lines/${id}`, body);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      added: 5,
      duplicates: 1,
      invalid: ['127.0.0.2:70000:frank:pw6', 'not a proxy', '127.0.0.2:8006'],
    });
    expect(added.json().reasons.map((r: { reason: string }) => r.reason)).toEqual(['port', 'format', 'credentials']);
    const again = await call('POST', `/supplier/admin/add-lines/${id}`, { ...body, lines: 'bob:pw2@127.0.0.2:8002' });
    expect(again.json()).toMatchObject({ added: 0, duplicates: 1, invalid: [] });
    const view = (await call('GET', '/supplier/admin/list')).json().find((x: { id: string }) => x.id === id);
    expect(view.stock).toEqual([{ product: 'v4', country: 'FR', count: 5 }]);
    expect(JSON.stringify(view)).not.toContain('pw1');
  });

  it('should refuse bad routes and answer the route list', async () => {
    const bad = await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'DE', sources: ['own', 'own'] });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('PUT', '/supplier/admin/route', {
      product: 'v4',
      country: 'DE',
      sources: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('PUT', '/supplier/admin/route', { product: 'key', country: 'DE', sources: [] })).statusCode,
    ).toBe(400);
  });

  it('should refuse a customer, an API key and another site’s admin, and hide the site’s suppliers from them', async () => {
    const [mine] = (await call('GET', '/supplier/admin/list')).json();
    const c = await customer(t);
    expect((await call('GET', '/supplier/admin/list', undefined, c.token)).statusCode).toBe(403);
    expect((await call('POST', `/supplier/admin/sync/${mine.id}`, undefined, c.token)).statusCode).toBe(403);
    const key = (await call('POST', '/user/generate-key', undefined)).json().apiKey as string;
    const keyed = await t.inject({ method: 'GET', url: '/api/supplier/admin/list', headers: { 'x-api-key': key } });
    expect(keyed.statusCode).toBe(403);
    const other = (await login(t, await createUser(t, { role: 2, host: OTHER }), OTHER)).accessToken;
    expect((await call('GET', '/supplier/admin/list', undefined, other, OTHER)).json()).toEqual([]);
    for (const [m, url, body] of [
      ['PUT', `/supplier/admin/update/${mine.id}`, { name: 'x' }],
      ['POST', `/supplier/admin/sync/${mine.id}`, undefined],
      ['DELETE', `/supplier/admin/delete/${mine.id}`, undefined],
      ['PUT', '/supplier/admin/route', { product: 'v4', country: 'DE', sources: [mine.id] }],
    ] as const) {
      expect((await call(m, url, body, other, OTHER)).statusCode, url).toBe(404);
    }
    // Their own token on this site's host is no admin here.
    expect((await call('GET', '/supplier/admin/list', undefined, other)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await call('GET', '/supplier/admin/list')).json().find((x: { id: string }) => x.id === mine.id).name).toBe(
      mine.name,
    );
  });

  it('should update, disable and delete a supplier, removing it from its routes', async () => {
    const s = (await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Temp' })).json();
    await call('PUT', '/supplier/admin/route', { product: 'v6', country: 'NL', sources: ['own', s.id] });
    const up = await call('PUT', `/supplier/admin/update/${s.id}`, {
      name: 'Temp 2',
      status: 'disabled',
      safetyMarginHours: 48,
    });
    expect(up.json()).toMatchObject({ name: 'Temp 2', status: 'disabled', safetyMarginHours: 48 });
    expect((await call('PUT', `/supplier/admin/update/${s.id}`, { apiKey: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', `/supplier/admin/delete/${s.id}`)).statusCode).toBe(200);
    const routes = (await call('GET', '/supplier/admin/routes')).json();
    expect(routes.find((r: { country: string }) => r.country === 'NL')).toEqual({
      product: 'v6',
      country: 'NL',
      sources: ['own'],
    });
    expect((await call('DELETE', `/supplier/admin/delete/${s.id}`)).statusCode).toBe(404);
  });
});

describe('suppliers admin without OUTBOUND_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let token: string;
  beforeAll(async () => {
    strict = await build({ OUTBOUND_ALLOW_PRIVATE: '0' });
    token = (await login(strict, await createUser(strict, { role: 2 }))).accessToken;
  });
  afterAll(async () => {
    await strict.close();
  });

  it('should refuse a private base URL and private upstream addresses, writing nothing', async () => {
    const before = await countRows(strict, 'suppliers');
    const res = await strict.inject({
      method: 'POST',
      url: '/api/supplier/admin/create',
      token,
      payload: { kind: 'proxy6', name: 'p', baseUrl: 'http://127.0.0.1:1', apiKey: 'k' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('OUTBOUND_URL_NOT_ALLOWED');
    expect(await countRows(strict, 'suppliers')).toBe(before);
    const list = (
      await strict.inject({
        method: 'POST',
        url: '/api/supplier/admin/create',
        token,
        payload: { kind: 'list', name: 'l' },
      })
    ).json();
    const added = await strict.inject({
      method: 'POST',
      url: `/api/supplier/admin/add-lines/${list.id}`,
      token,
      payload: {
        lines: '10.0.0.1:8000:u:p\n192.168.1.1:8000:u:p\n[::1]:8000:u:p\n203.0.113.9:8000:u:p',
        country: 'DE',
        protocol: 'socks5',
        expiresAt: new Date(Date.now() + 86400_000).toISOString(),
      },
    });
    expect(added.json()).toMatchObject({
      added: 0,
      invalid: ['10.0.0.1:8000:u:p', '192.168.1.1:8000:u:p', '[::1]:8000:u:p', '203.0.113.9:8000:u:p'],
    });
    expect(added.json().reasons.every((r: { reason: string }) => r.reason === 'private')).toBe(true);
  });
});
