import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  type Known = Awaited<ReturnType<typeof known>>;
  /** Each change made through one instance, with the access tokens it must end and one it keeps. */
  const changes: Array<[string, (c: Known) => Promise<{ writer: TestApp; ended: string; kept?: string }>]> = [
    [
      'a logout on the other instance',
      async (c) => {
        const tokens = await login(t, c);
        expect((await me(t2, tokens.accessToken)).statusCode).toBe(200);
        const out = await t2.inject({ method: 'POST', url: '/api/auth/logout', payload: tokens });
        expect(out.statusCode, out.body).toBe(200);
        return { writer: t2, ended: tokens.accessToken, kept: c.token };
      },
    ],
    [
      'a password change',
      async (c) => {
        const newPassword = 'brand-new-pw';
        const payload = { password: c.password, newPassword, passwordConfirm: newPassword };
        const res = await t.inject({ method: 'PUT', url: '/api/user/change-password', token: c.token, payload });
        expect(res.statusCode, res.body).toBe(200);
        return { writer: t, ended: c.token, kept: res.json<{ tokens: { accessToken: string } }>().tokens.accessToken };
      },
    ],
    [
      "an owner's deactivation",
      async (c) => {
        const payload = { userId: c.id, active: false };
        const res = await t2.inject({
          method: 'PUT',
          url: '/api/user/admin-active-user',
          token: await owner(),
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
        return { writer: t2, ended: c.token };
      },
    ],
    [
      "an owner's role change",
      async (c) => {
        const url = `/api/user/admin/update-user/${c.id}`;
        const res = await t.inject({ method: 'PUT', url, token: await owner(), payload: { role: 2 } });
        expect(res.statusCode, res.body).toBe(200);
        return { writer: t, ended: c.token };
      },
    ],
  ];

  async function owner() {
    return (await login(t2, await createUser(t, { role: 0 }))).accessToken;
  }

  for (const [name, change] of changes) {
    it(`should refuse the sessions that ${name} ends, at once where it was made and on the other instance once its notice arrives`, async () => {
      const c = await known();
      const { writer, ended, kept } = await change(c);
      // The writer answers after its own instance has heard the change's notices; another instance
      // hears them over its own LISTEN connection, a delivery later.
      expectRefused(await me(writer, ended));
      const other = writer === t ? t2 : t;
      await eventually(async () => (await me(other, ended)).statusCode === 401);
      expectRefused(await me(other, ended));
      for (const app of [t, t2]) {
        if (kept) {
          expect((await me(app, kept)).statusCode).toBe(200);
        }
      }
    });
  }

  it('should drop the cached user where 2FA is turned on at once, and on the other instance once its notice arrives', async () => {
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
    expect(cached(t2, c.token, c.id)).toBe(false);
    await eventually(async () => !cached(t, c.token, c.id));
    expect((await me(t, c.token)).json<{ twoFactorEnabled: boolean }>().twoFactorEnabled).toBe(true);
    // The change may announce itself more than once; a lookup that a later notice overtakes is not
    // kept, so the user is cached again by the first lookup after the last notice.
    await eventually(async () => {
      await me(t, c.token);
      return cached(t, c.token, c.id);
    });
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

  it('should read again a session cached longer than its lifetime, whatever no notice told', async () => {
    const c = await known();
    const sessionCache = sessionCacheOf(t.database).cache;
    const now = Date.now();
    // Only the clock the cache reads moves: a minute and a second later, with nothing notified.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(sessionCache.get(sessionOf(c.token), c.id)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
    // Dropped, not only skipped: back at the present, the entry is gone until the next read.
    expect(cached(t, c.token, c.id)).toBe(false);
    expect((await me(t, c.token)).statusCode).toBe(200);
    expect(cached(t, c.token, c.id)).toBe(true);
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
