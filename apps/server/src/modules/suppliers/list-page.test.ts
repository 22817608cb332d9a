import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let admin: string;
const OTHER = 'proxy-owner.localhost';

beforeAll(async () => {
  t = await build();
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin, host = 'localhost') =>
  t.inject({ method: 'GET', url: `/api${url}`, token, headers: { host } });

interface Page {
  items: { id: string; name: string; stock: unknown[]; unused: number }[];
  total: number;
  page: number;
  limit: number;
  totalPage: number;
}

describe('supplier list paging', () => {
  const names = ['Pool A', 'Pool B', 'Pool C', 'Proxy6 main', 'Pool 100%_x'];
  const ids: string[] = [];

  beforeAll(async () => {
    for (const name of names) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/supplier/admin/create',
        token: admin,
        payload: { kind: 'list', name },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    // One line in the second pool: its page row carries its own stock, not another's.
    const lines = await t.inject({
      method: 'POST',
      url: `/api/supplier/admin/add-lines/${ids[1]}`,
      token: admin,
      payload: {
        lines: '127.0.0.2:8001:alice:pw1',
        country: 'FR',
        protocol: 'http',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(lines.json()).toMatchObject({ added: 1 });
  });

  it('should answer the suppliers a page at a time, newest first, with the total', async () => {
    // The whole list keeps its answer (every one, oldest first) for the clients that read it.
    const all = (await get('/supplier/admin/list')).json<{ id: string }[]>();
    expect(all.map((s) => s.id).sort()).toEqual([...ids].sort());
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/supplier/admin/list-page?page=${page}&limit=2`);
      expect(res.statusCode).toBe(200);
      const body = res.json<Page>();
      expect(body).toMatchObject({ total: 5, page, limit: 2, totalPage: 3 });
      expect(body.items.length).toBe(page === 3 ? 1 : 2);
      seen.push(...body.items.map((s) => s.id));
    }
    expect(seen).toEqual(all.map((s) => s.id).reverse());
    const rows = [
      ...(await get('/supplier/admin/list-page?page=1&limit=3')).json<Page>().items,
      ...(await get('/supplier/admin/list-page?page=2&limit=3')).json<Page>().items,
    ];
    expect(rows.find((s) => s.name === 'Pool B')).toMatchObject({
      unused: 1,
      stock: [{ product: 'v4', country: 'FR', count: 1 }],
    });
    expect(rows.find((s) => s.name === 'Pool A')).toMatchObject({ unused: 0, stock: [] });
    // Past the end: an empty page, the total still right.
    expect((await get('/supplier/admin/list-page?page=9&limit=2')).json()).toMatchObject({ items: [], total: 5 });
    // The defaults of every list: page 1, 25 a page.
    expect((await get('/supplier/admin/list-page')).json()).toMatchObject({ total: 5, page: 1, limit: 25 });
  });

  it('should search the name literally, wildcards included', async () => {
    const pools = (await get('/supplier/admin/list-page?search=pool')).json<Page>();
    expect(pools.total).toBe(4);
    const literal = (await get(`/supplier/admin/list-page?search=${encodeURIComponent('100%_')}`)).json<Page>();
    expect(literal.items.map((s) => s.name)).toEqual(['Pool 100%_x']);
    expect((await get('/supplier/admin/list-page?search=%25')).json()).toMatchObject({ total: 1 });
    expect((await get('/supplier/admin/list-page?search=nothing')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('should refuse bad paging with a clear code and never a 5xx', async () => {
    for (const q of [
      'page=0',
      'page=-1',
      'limit=0',
      'limit=501',
      'page=abc',
      'limit=1.5',
      `search=${'x'.repeat(201)}`,
    ]) {
      const res = await get(`/supplier/admin/list-page?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBe('VALIDATION_ERROR');
    }
  });

  it('should show another site’s admin none of them and refuse a customer and an API key', async () => {
    const other = (await login(t, await createUser(t, { role: 2, host: OTHER }), OTHER)).accessToken;
    expect((await get('/supplier/admin/list-page', other, OTHER)).json()).toMatchObject({ items: [], total: 0 });
    const c = await customer(t);
    expect((await get('/supplier/admin/list-page', c.token)).statusCode).toBe(403);
    const key = (await t.inject({ method: 'POST', url: '/api/user/generate-key', token: admin })).json()
      .apiKey as string;
    const keyed = await t.inject({
      method: 'GET',
      url: '/api/supplier/admin/list-page',
      headers: { 'x-api-key': key },
    });
    expect(keyed.statusCode).toBe(403);
  });
});
