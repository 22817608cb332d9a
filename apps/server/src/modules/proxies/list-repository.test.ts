import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROXY_SORTS } from '@proxy/contract';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { queryRows } from '../../db/client.js';
import { listProxiesJson, listProxiesJsonPlain } from './list-proxies.js';
import type { ProxyFilter } from './queries.js';

/**
 * list-proxy-me runs one prepared statement per filter shape, built once, with the values passed
 * per call. Its answers must be the ones of the statement built with the values written in (the
 * way every call ran before), for every shape, and each caller must get only their own proxies.
 */
describe('the proxy list, prepared per shape', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof customer>>;
  let b: Awaited<ReturnType<typeof customer>>;
  let orderId: string;
  let ports: number[];

  beforeAll(async () => {
    t = await build();
    a = await customer(t, 5_000_000);
    b = await customer(t, 5_000_000);
    for (const [who, quantity] of [
      [a, 3],
      [a, 2],
      [b, 2],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: who.token,
        payload: { country: 'DE', quantity, period: { unit: 'day', value: 1 } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await queryRows<{ id: string; order_id: string; port: number }>(
      t.ctx.db,
      sql`select id, order_id, port from proxies where user_id = ${a.id} order by created_at, id`,
    );
    expect(rows.length).toBe(5);
    orderId = rows[0]!.order_id;
    ports = rows.map((r) => r.port);
    const [p0, p1, p2, p3] = rows.map((r) => r.id);
    // Varied rows: another country, an expired one, comments to search (LIKE wildcards included),
    // a package proxy (the "bought" scope), expiry times out of creation order.
    await t.ctx.db.execute(sql`update proxies set country = 'US', comment = ${'50% off_x'} where id = ${p0}`);
    await t.ctx.db.execute(sql`update proxies set status = 'expired', comment = 'Ghi chú "q"' where id = ${p1}`);
    await t.ctx.db.execute(
      sql`update proxies set package_name = 'pack', expires_at = now() + interval '9 days' where id = ${p2}`,
    );
    await t.ctx.db.execute(sql`update proxies set expires_at = now() - interval '1 hour' where id = ${p3}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const filters = (): Array<Omit<ProxyFilter, 'userId'>> => {
    const base = { type: 'v4' as const, search: '', sort: 'created_desc' as const, page: 1, limit: 25 };
    const out: Array<Omit<ProxyFilter, 'userId'>> = [];
    for (const sort of PROXY_SORTS) {
      out.push({ ...base, sort }, { ...base, sort, page: 2, limit: 2 }, { ...base, sort, page: 3, limit: 2 });
    }
    out.push(
      { ...base, status: 'expired' },
      { ...base, status: 'using', page: 2, limit: 1 },
      { ...base, country: 'US' },
      { ...base, country: 'DE', status: 'using' },
      { ...base, orderId },
      { ...base, orderId, status: 'expired' },
      { ...base, search: '50%' },
      { ...base, search: '_' },
      { ...base, search: 'chú' },
      { ...base, search: String(ports[4]) },
      { ...base, search: 'nothing-matches' },
      { ...base, type: 'bought' },
      { ...base, type: 'v6' },
      { ...base, page: 100 },
    );
    return out;
  };

  it('should answer every filter shape exactly as the statement built with its values', async () => {
    let nonEmpty = 0;
    // Twice: the second round runs the statements prepared in the first.
    for (let round = 0; round < 2; round++) {
      for (const f of filters()) {
        const prepared = await listProxiesJson(t.ctx.db, { ...f, userId: a.id });
        const plain = await listProxiesJsonPlain(t.ctx.db, { ...f, userId: a.id });
        expect(prepared, JSON.stringify(f)).toEqual(plain);
        nonEmpty += prepared.items === '[]' ? 0 : 1;
      }
    }
    // The filters select something (an always-empty answer would compare equal too).
    expect(nonEmpty).toBeGreaterThan(30);
    const expired = await listProxiesJson(t.ctx.db, { ...filters()[0]!, status: 'expired', userId: a.id });
    expect(expired.total).toBe(1);
    const wildcard = await listProxiesJson(t.ctx.db, { ...filters()[0]!, search: '50%', userId: a.id });
    expect(wildcard.total).toBe(1);
    const page2 = await listProxiesJson(t.ctx.db, { ...filters()[0]!, page: 2, limit: 2, userId: a.id });
    expect([page2.total, (JSON.parse(page2.items) as unknown[]).length]).toEqual([5, 2]);
  });

  it('should give each caller their own proxies only, through the same prepared statement', async () => {
    const f = { type: 'v4' as const, search: '', sort: 'created_desc' as const, page: 1, limit: 25 };
    const mine = await listProxiesJson(t.ctx.db, { ...f, userId: a.id });
    const theirs = await listProxiesJson(t.ctx.db, { ...f, userId: b.id });
    expect([mine.total, theirs.total]).toEqual([5, 2]);
    const ids = (x: { items: string }) => (JSON.parse(x.items) as Array<{ id: string }>).map((p) => p.id);
    expect(ids(mine).filter((id) => ids(theirs).includes(id))).toEqual([]);
    // Another customer filtering by the first one's order sees nothing of it.
    expect((await listProxiesJson(t.ctx.db, { ...f, orderId, userId: b.id })).total).toBe(0);
    const res = await t.inject({
      method: 'GET',
      url: `/api/v4-proxy/list-proxy-me?orderId=${orderId}`,
      token: b.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: 0 });
  });

  it('should answer list-proxy-me, session and page in one statement, byte for byte as the plain statement', async () => {
    const prefix = { v4: '/api/v4-proxy', v6: '/api/v6-proxy', bought: '/api/bought-proxy' } as const;
    let nonEmpty = 0;
    for (let round = 0; round < 2; round++) {
      for (const f of filters()) {
        const q = new URLSearchParams({ page: String(f.page), limit: String(f.limit), sort: f.sort });
        for (const [key, value] of Object.entries({ search: f.search, status: f.status, country: f.country })) {
          if (value) {
            q.set(key, value);
          }
        }
        if (f.orderId) {
          q.set('orderId', f.orderId);
        }
        const res = await t.inject({
          method: 'GET',
          url: `${prefix[f.type!]}/list-proxy-me?${q.toString()}`,
          token: a.token,
        });
        expect(res.statusCode, res.body).toBe(200);
        const plain = await listProxiesJsonPlain(t.ctx.db, { ...f, userId: a.id });
        const totalPage = Math.ceil(plain.total / f.limit);
        expect(res.body, JSON.stringify(f)).toBe(
          `{"items":${plain.items},"total":${plain.total},"page":${f.page},"limit":${f.limit},"totalPage":${totalPage}}`,
        );
        nonEmpty += plain.items === '[]' ? 0 : 1;
      }
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });
});
