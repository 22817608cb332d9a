import { createHash } from 'node:crypto';
import { ROLE } from '@proxy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { build, buildSecondInstance, createUser, customer, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const ALLOWED = '198.51.100.10';

function keyed(
  app: TestApp,
  key: string,
  url: string,
  more: {
    method?: 'GET' | 'POST' | 'PUT';
    ip?: string;
    host?: string;
    payload?: object;
    headers?: Record<string, string>;
  } = {},
) {
  return app.inject({
    method: more.method ?? 'GET',
    url,
    remoteAddress: more.ip ?? ALLOWED,
    headers: { 'x-api-key': key, host: more.host ?? 'localhost', ...(more.headers ?? {}) },
    ...(more.payload ? { payload: more.payload } : {}),
  });
}

async function generate(token: string, host = 'localhost'): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/user/generate-key', token, headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.json().apiKey as string;
}

async function allow(token: string, ips: string[], host = 'localhost') {
  return t.inject({
    method: 'PUT',
    url: '/api/api/allowed-ips',
    token,
    headers: { host },
    payload: { allowedIps: ips },
  });
}

async function developer(balance = 0) {
  const c = await customer(t, balance);
  const key = await generate(c.token);
  expect((await allow(c.token, [ALLOWED])).statusCode).toBe(200);
  return { ...c, key };
}

async function buyV4(key: string, quantity = 1) {
  const res = await keyed(t, key, '/api/v4-proxy/buy-retail', {
    method: 'POST',
    payload: { country: 'US', quantity, period: { unit: 'day', value: 1 } },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().proxies as { id: string }[]).map((p) => p.id);
}

describe('developer API keys', () => {
  it('should keep only a hash, show the key masked, and need an allowed IP', async () => {
    const c = await customer(t);
    const none = await t.inject({ method: 'GET', url: '/api/api/info', token: c.token });
    expect(none.json()).toEqual({ apiKey: null, allowedIps: [], requestsToday: 0, rateLimitPerMin: 120 });
    const key = await generate(c.token);
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    const info = (await t.inject({ method: 'GET', url: '/api/api/info', token: c.token })).json();
    expect(info.apiKey).toBe(`${key.slice(0, 7)}…${key.slice(-4)}`);
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token: c.token })).json().apiKey).toBe(info.apiKey);
    const rows = await queryRows<{ key_hash: string; hint: string }>(
      t.ctx.db,
      sql`select key_hash, hint from api_keys where user_id = ${c.id}`,
    );
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    const plain = await queryRows(t.ctx.db, sql`select 1 from users where api_key = ${key}`);
    expect(plain).toHaveLength(0);
    // A key with no allowed IPs works from nowhere.
    expect((await keyed(t, key, '/api/user/me')).json().message).toBe('IP_NOT_ALLOWED');
  });

  it('should refuse bad allowed-IP lists without changing the saved one', async () => {
    const c = await customer(t);
    for (const bad of [
      [],
      ['1.2.3.4', '1.2.3.5', '1.2.3.6', '1.2.3.7'],
      ['1.2.3'],
      ['::1'],
      ['01.2.3.4'],
      ['a.b.c.d'],
    ]) {
      const res = await allow(c.token, bad);
      expect([400]).toContain(res.statusCode);
      expect(['INVALID_IP', 'VALIDATION_ERROR']).toContain(res.json().message);
    }
    expect((await allow(c.token, ['1.2.3.4', ' 5.6.7.8 '])).json()).toEqual({ allowedIps: ['1.2.3.4', '5.6.7.8'] });
    expect((await allow(c.token, ['5.6.7.8', '1.2.3.4'])).json().message).toBe('SAME_OLD_AUTH_IP');
    expect((await allow(c.token, ['1.2.3.4', 'x'])).json().message).toBe('INVALID_IP');
    const info = (await t.inject({ method: 'GET', url: '/api/api/info', token: c.token })).json();
    expect(info.allowedIps).toEqual(['1.2.3.4', '5.6.7.8']);
  });

  it('should authenticate customer calls by key from an allowed IP only', async () => {
    const d = await developer(1_000_000);
    const ids = await buyV4(d.key, 2);
    const list = await keyed(t, d.key, '/api/v4-proxy/list-proxy-me');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(list.headers['ratelimit-limit']).toBe('120');
    const other = await keyed(t, d.key, '/api/v4-proxy/list-proxy-me', { ip: '198.51.100.11' });
    expect([other.statusCode, other.json().message]).toEqual([403, 'IP_NOT_ALLOWED']);
    const wrong = await keyed(t, `${d.key.slice(0, -1)}${d.key.endsWith('A') ? 'B' : 'A'}`, '/api/user/me');
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'INVALID_KEY']);
    expect((await keyed(t, 'nonsense', '/api/user/me')).statusCode).toBe(401);
    // Without TRUST_PROXY a forwarded-for header is not believed.
    const forwarded = await keyed(t, d.key, '/api/user/me', {
      ip: '10.9.9.9',
      headers: { 'x-forwarded-for': ALLOWED },
    });
    expect(forwarded.json().message).toBe('IP_NOT_ALLOWED');
    // The key of a site's customer is nothing on another site.
    expect((await keyed(t, d.key, '/api/user/me', { host: 'proxy-owner.localhost' })).json().message).toBe(
      'INVALID_KEY',
    );
  });

  it('should believe X-Forwarded-For only with TRUST_PROXY=1', async () => {
    const d = await developer();
    const trusting = await build({ TRUST_PROXY: '1' }, { database: t.database, url: t.databaseUrl });
    try {
      const ok = await keyed(trusting, d.key, '/api/user/me', {
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': ALLOWED },
      });
      expect(ok.statusCode).toBe(200);
      const spoof = await keyed(trusting, d.key, '/api/user/me', {
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': '10.1.1.1' },
      });
      expect(spoof.json().message).toBe('IP_NOT_ALLOWED');
    } finally {
      await trusting.close();
    }
  });

  it('should never open an admin call or a session-only call with a key', async () => {
    const admin = await createUser(t, { role: ROLE.SITE_ADMIN });
    const token = (await login(t, admin)).accessToken;
    const key = await generate(token);
    await allow(token, [ALLOWED]);
    expect((await keyed(t, key, '/api/user/me')).statusCode).toBe(200);
    for (const url of [
      '/api/user/admin/get-all-user',
      '/api/setting/admin/list',
      '/api/country/v4/list-country-admin',
    ]) {
      const res = await keyed(t, key, url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(403);
      expect(res.statusCode, url).not.toBe(200);
    }
    const res = await keyed(t, key, '/api/user/admin/get-all-user');
    expect([res.statusCode, res.json().message]).toEqual([403, 'FORBIDDEN']);
    const pw = await keyed(t, key, '/api/user/change-password', {
      method: 'PUT',
      payload: { password: admin.password, passwordConfirm: 'new-pass-123', newPassword: 'new-pass-123' },
    });
    expect([pw.statusCode, pw.json().message]).toEqual([403, 'FORBIDDEN']);
  });

  it('should stop the old key at once on regenerate, also under 10 concurrent regenerates', async () => {
    const d = await developer();
    const next = await generate(d.token);
    expect((await keyed(t, d.key, '/api/user/me')).json().message).toBe('INVALID_KEY');
    expect((await keyed(t, next, '/api/user/me')).statusCode).toBe(200);
    const keys = await Promise.all(Array.from({ length: 10 }, () => generate(d.token)));
    const working = [];
    for (const k of [next, ...keys]) {
      if ((await keyed(t, k, '/api/user/me')).statusCode === 200) {
        working.push(k);
      }
    }
    expect(working).toHaveLength(1);
    const hint = (await t.inject({ method: 'GET', url: '/api/api/info', token: d.token })).json().apiKey;
    expect(hint).toBe(`${working[0]!.slice(0, 7)}…${working[0]!.slice(-4)}`);
  });

  it("should give one user's key no reach into another user's resources", async () => {
    const a = await developer(1_000_000);
    const b = await developer(1_000_000);
    const aIds = await buyV4(a.key);
    const bList = (await keyed(t, b.key, '/api/v4-proxy/list-proxy-me')).json();
    expect(bList.items).toHaveLength(0);
    const touch = await keyed(t, b.key, '/api/v4-proxy/update-list-proxy', {
      method: 'PUT',
      payload: { listProxyId: aIds, comment: 'mine now' },
    });
    expect([touch.statusCode, touch.json().message]).toEqual([404, 'PROXY_NOT_EXISTS']);
    const orders = (await keyed(t, a.key, '/api/order/list-order')).json().items as { id: string }[];
    const detail = await keyed(t, b.key, `/api/order/detail/${orders[0]!.id}`);
    expect(detail.statusCode).toBe(404);
  });

  it('should limit each key per minute across instances, with the RateLimit headers on every answer', async () => {
    const owner = await createUser(t, { role: ROLE.OWNER });
    const ownerToken = (await login(t, owner)).accessToken;
    const set = await t.inject({
      method: 'PUT',
      url: '/api/setting/admin/update',
      token: ownerToken,
      payload: { settings: { apiRateLimitPerMin: 5 } },
    });
    expect(set.json()).toMatchObject({ apiRateLimitPerMin: 5 });
    const second = await buildSecondInstance(t);
    try {
      const d = await developer();
      const remaining = [];
      for (let i = 0; i < 5; i++) {
        const res = await keyed(i % 2 ? second : t, d.key, '/api/user/me');
        expect(res.statusCode).toBe(200);
        expect(res.headers['ratelimit-limit']).toBe('5');
        remaining.push(res.headers['ratelimit-remaining']);
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const over = await keyed(second, d.key, '/api/user/me');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe('TOO_MANY_REQUEST');
      expect(over.json().data.remainTime).toBeGreaterThan(0);
      expect(over.headers['ratelimit-remaining']).toBe('0');
      expect(Number(over.headers['ratelimit-reset'])).toBeGreaterThan(0);
      const info = (await t.inject({ method: 'GET', url: '/api/api/info', token: d.token })).json();
      expect(info).toMatchObject({ requestsToday: 5, rateLimitPerMin: 5 });
      t.clock.advance(61_000);
      second.clock.advance(61_000);
      expect((await keyed(t, d.key, '/api/user/me')).headers['ratelimit-remaining']).toBe('4');
    } finally {
      t.clock.reset();
      await second.close();
      await t.inject({
        method: 'PUT',
        url: '/api/setting/admin/update',
        token: ownerToken,
        payload: { settings: { apiRateLimitPerMin: 120 } },
      });
    }
  });
});
