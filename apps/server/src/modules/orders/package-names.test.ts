import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TOrderLog, TTransaction } from '@proxy/contract';
import { queryRows } from '../../db/client.js';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';

/**
 * An order keeps its package's names as bought, the English one beside the name
 * (docs/product-rules.md#catalogue), so English readers see it in English and a later rename of
 * the package does not rewrite the order, its history or its ledger row.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function createPackage(name: string, nameEng: string | null): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-package/admin/create-package',
    token: admin,
    payload: { name, nameEng, price: 1000, days: 30, proxies: 2, bandwidthGb: null },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

async function buyPackage(token: string, id: string): Promise<TOrder> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/v4-proxy/buy-package/${id}`,
    token,
    payload: { country: 'US' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: TOrder }>().order;
}

const get = async <T>(token: string, url: string): Promise<T> => {
  const res = await t.inject({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const buyLog = async (token: string, orderId: string) =>
  (await get<TOrderLog[]>(token, `/api/order/bill-order?orderId=${orderId}`)).find((l) => l.action === 'buy');
const lastTransaction = async (token: string) =>
  (await get<{ items: TTransaction[] }>(token, '/api/log/list-transaction?limit=1')).items[0];

describe('an order keeps its package’s names as bought', () => {
  it('should carry the English name in the order, its history, its ledger row and the package slot', async () => {
    const id = await createPackage('Gói nhóm', 'Team pack');
    const c = await customer(t, 100_000);
    const order = await buyPackage(c.token, id);
    const names = { packageName: 'Gói nhóm', packageNameEng: 'Team pack' };
    expect(order).toMatchObject(names);
    expect(await get<TOrder>(c.token, `/api/order/detail/${order.id}`)).toMatchObject(names);
    expect((await get<{ plan: object }>(c.token, '/api/order/package-status')).plan).toMatchObject(names);
    expect((await buyLog(c.token, order.id))?.noteI18n).toEqual({
      key: 'package',
      params: { name: 'Gói nhóm', nameEng: 'Team pack' },
    });
    expect((await lastTransaction(c.token))?.contentI18n).toMatchObject({
      key: 'buyPackage',
      params: { package: 'Gói nhóm', packageEng: 'Team pack' },
    });
    // The customer's and the admin's searches find it by either name.
    const mine = await get<{ items: TOrder[] }>(c.token, '/api/order/list-order?search=team%20pack');
    expect(mine.items.map((o) => o.id)).toEqual([order.id]);
    const site = await get<{ items: TOrder[] }>(admin, '/api/order/admin/list-order?search=team%20pack');
    expect(site.items.map((o) => o.id)).toContain(order.id);
  });

  it('should not change a bought order when the package is renamed later', async () => {
    const id = await createPackage('Gói cũ', 'Old pack');
    const c = await customer(t, 100_000);
    const order = await buyPackage(c.token, id);
    const renamed = await t.inject({
      method: 'PUT',
      url: `/api/v4-package/admin/update-package/${id}`,
      token: admin,
      payload: { name: 'Gói mới', nameEng: 'New pack' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Gói mới', nameEng: 'New pack' });
    const asBought = { packageName: 'Gói cũ', packageNameEng: 'Old pack' };
    expect(await get<TOrder>(c.token, `/api/order/detail/${order.id}`)).toMatchObject(asBought);
    expect(await get<TOrder>(admin, `/api/order/admin/detail/${order.id}`)).toMatchObject(asBought);
    expect((await buyLog(c.token, order.id))?.noteI18n).toMatchObject({ params: { nameEng: 'Old pack' } });
  });

  it('should keep null for a package without an English name, and nothing for retail orders', async () => {
    const c = await customer(t, 1_000_000);
    const order = await buyPackage(c.token, await createPackage('Gói đơn', null));
    expect(order).toMatchObject({ packageName: 'Gói đơn', packageNameEng: null });
    expect((await buyLog(c.token, order.id))?.noteI18n).toEqual({
      key: 'package',
      params: { name: 'Gói đơn', nameEng: null },
    });
    const retail = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    const retailOrder = retail.json<{ order: TOrder }>().order;
    expect(retailOrder).toMatchObject({ packageName: null, packageNameEng: null });
    expect((await buyLog(c.token, retailOrder.id))?.noteI18n).toBeNull();
  });

  it('should name a key order by its key package in both languages', async () => {
    const pkgs = await get<{ id: string; nameEng: string | null }[]>(admin, '/api/key-package/get-all-package');
    const pkg = pkgs.find((p) => p.nameEng === 'Key 1 day')!;
    const c = await customer(t, 1_000_000);
    const res = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN', quantity: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ order: TOrder }>().order).toMatchObject({
      packageName: 'Key 1 ngày',
      packageNameEng: 'Key 1 day',
    });
    expect((await lastTransaction(c.token))?.contentI18n).toMatchObject({
      key: 'buyKeys',
      params: { package: 'Key 1 ngày', packageEng: 'Key 1 day' },
    });
  });
});

describe('the migration that added the English name', () => {
  it('should fill it in for orders of packages still named as bought, and only those', async () => {
    const c = await customer(t, 100_000);
    const kept = await buyPackage(c.token, await createPackage('Gói giữ', 'Kept pack'));
    const other = await customer(t, 100_000);
    const renamedId = await createPackage('Gói đổi', 'Changed pack');
    const renamed = await buyPackage(other.token, renamedId);
    // As the orders were before the column: no English name; one package renamed since.
    await t.ctx.db.execute(sql`update orders set package_name_eng = null where id in (${kept.id}, ${renamed.id})`);
    await t.ctx.db.execute(sql`update packages set name = 'Gói khác' where id = ${renamedId}`);

    const dir = path.resolve(import.meta.dirname, '../../../drizzle');
    const file = readdirSync(dir).find((f) => f.endsWith('_order_package_name_eng.sql'))!;
    const updates = readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(updates).toHaveLength(1);
    for (const statement of updates) {
      await t.ctx.db.execute(sql.raw(statement));
    }
    const rows = await queryRows<{ id: string; package_name_eng: string | null }>(
      t.ctx.db,
      sql`select id, package_name_eng from orders where id in (${kept.id}, ${renamed.id})`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.package_name_eng]))).toEqual({
      [kept.id]: 'Kept pack',
      [renamed.id]: null,
    });
  });
});
