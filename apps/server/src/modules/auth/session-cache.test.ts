import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, buildSecondInstance, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { totpNow } from '../../lib/totp.js';
import { sessionCacheOf } from './session-cache.js';

/**
 * Each instance keeps the user behind each session it authenticated (session-cache.ts). Whatever
 * changes a session or its user drops it on every instance: at once for a change made through an
 * instance (its answer waits for the notice's echo), as soon as the notice arrives for a change
 * made in the database directly. The balance is never answered from it.
 */
describe('the session cache, two instances on one database', () => {
  let t: TestApp;
  let t2: TestApp;

  beforeAll(async () => {
    t = await build();
    t2 = await buildSecondInstance(t);
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  const me = (app: TestApp, token: string) => app.inject({ method: 'GET', url: '/api/user/me', token });
  const money = (app: TestApp, token: string) => app.inject({ method: 'GET', url: '/api/user/get-money', token });
  const sessionOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  const cached = (app: TestApp, token: string, userId: string) =>
    sessionCacheOf(app.database).cache.get(sessionOf(token), userId) !== undefined;

  /** A customer whose session both instances have authenticated (and so cached). */
  async function known(balance = 0) {
    const c = await customer(t, balance);
    for (const app of [t, t2]) {
      await sessionCacheOf(app.database).ready;
      expect((await me(app, c.token)).statusCode).toBe(200);
      expect(cached(app, c.token, c.id)).toBe(true);
    }
    return c;
  }

  function expectRefused(res: { statusCode: number; body: string }) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.body).toContain('INVALID_TOKEN');
  }

  /** Bounded: the notice of a change made outside the app is asynchronous. */
  async function eventually(check: () => Promise<boolean>) {
    const until = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > until) {
        throw new Error('the condition did not hold within 5 s');
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('should answer a known session from the cache, and refuse it after a logout at once on both', async () => {
    const c = await known();
    const tokens = await login(t, c);
    expect((await me(t2, tokens.accessToken)).statusCode).toBe(200);
    expect((await me(t, tokens.accessToken)).statusCode).toBe(200);
    const out = await t2.inject({ method: 'POST', url: '/api/auth/logout', payload: tokens });
    expect(out.statusCode, out.body).toBe(200);
    expectRefused(await me(t, tokens.accessToken));
    expectRefused(await me(t2, tokens.accessToken));
    // The customer's other session is still good.
    expect((await me(t2, c.token)).statusCode).toBe(200);
  });

  it('should refuse every old session after a password change, at once on both', async () => {
    const c = await known();
    const res = await t.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      token: c.token,
      payload: { password: c.password, newPassword: 'brand-new-pw', passwordConfirm: 'brand-new-pw' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectRefused(await me(t2, c.token));
    expectRefused(await me(t, c.token));
    const fresh = res.json<{ tokens: { accessToken: string } }>().tokens.accessToken;
    expect((await me(t2, fresh)).statusCode).toBe(200);
  });

  it('should refuse a deactivated user, and one whose role an owner changed, at once on both', async () => {
    const owner = await createUser(t, { role: 0 });
    const ownerToken = (await login(t2, owner)).accessToken;
    const banned = await known();
    const ban = await t2.inject({
      method: 'PUT',
      url: '/api/user/admin-active-user',
      token: ownerToken,
      payload: { userId: banned.id, active: false },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expectRefused(await me(t, banned.token));
    expectRefused(await me(t2, banned.token));

    const promoted = await known();
    const edit = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/update-user/${promoted.id}`,
      token: ownerToken,
      payload: { role: 2 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expectRefused(await me(t2, promoted.token));
    expectRefused(await me(t, promoted.token));
  });

  it('should drop the cached user on both at once when 2FA is turned on and off', async () => {
    const c = await known();
    const { secret } = (
      await t.inject({
        method: 'POST',
        url: '/api/user/turn-on-2fa',
        token: c.token,
        payload: { password: c.password },
      })
    ).json<{ secret: string }>();
    for (const app of [t, t2]) {
      expect((await me(app, c.token)).statusCode).toBe(200);
    }
    const on = await t2.inject({
      method: 'POST',
      url: '/api/user/verify-2fa',
      token: c.token,
      payload: { password: c.password, code: totpNow(secret, t.clock.nowMs()) },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(cached(t, c.token, c.id)).toBe(false);
    expect(cached(t2, c.token, c.id)).toBe(false);
    expect((await me(t, c.token)).json<{ twoFactorEnabled: boolean }>().twoFactorEnabled).toBe(true);
    expect(cached(t, c.token, c.id)).toBe(true);
  });

  it('should follow a session revoked or a role changed in the database directly, on both', async () => {
    const c = await known();
    await t.ctx.db.execute(sql`update users set role = 2 where id = ${c.id}`);
    const admins = (app: TestApp) => app.inject({ method: 'GET', url: '/api/user/admin/get-all-user', token: c.token });
    for (const app of [t, t2]) {
      await eventually(async () => (await admins(app)).statusCode === 200);
    }
    await t2.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${c.id}`);
    for (const app of [t, t2]) {
      await eventually(async () => (await me(app, c.token)).statusCode === 401);
      expect(cached(app, c.token, c.id)).toBe(false);
    }
  });

  it('should never answer the balance from the cache', async () => {
    const c = await known(1_000);
    expect((await money(t2, c.token)).json()).toEqual({ balance: 1_000 });
    // A balance change announces nothing (only the balance moved): each call reads it as committed.
    await t.ctx.db.execute(sql`update users set balance = 2500 where id = ${c.id}`);
    for (const app of [t, t2]) {
      expect(cached(app, c.token, c.id)).toBe(true);
      expect((await money(app, c.token)).json()).toEqual({ balance: 2_500 });
      expect((await me(app, c.token)).json<{ balance: number }>().balance).toBe(2_500);
    }
  });
});
