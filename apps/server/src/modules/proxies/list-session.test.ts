import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, buildSecondInstance, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { queryRows } from '../../db/client.js';
import { sessionsSettled } from '../auth/index.js';
import { signAccessToken } from '../auth/tokens.js';

/**
 * list-proxy-me reads the caller's session and user in the statement of its page (one round trip
 * instead of two). It must refuse exactly what every other authenticated call refuses, at once and
 * on every instance: there is no cache, each call reads the session as committed.
 */
describe('list-proxy-me, the session read with the page', () => {
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

  const list = (app: TestApp, token: string, host = 'localhost') =>
    app.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token, headers: { host } });
  const me = (app: TestApp, token: string) => app.inject({ method: 'GET', url: '/api/user/me', token });

  /** A customer with 2 proxies, answered on both instances before the change under test. */
  async function owner() {
    const c = await customer(t, 5_000_000);
    const buy = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'DE', quantity: 2, period: { unit: 'day', value: 1 } },
    });
    expect(buy.statusCode, buy.body).toBe(200);
    for (const app of [t, t2]) {
      const res = await list(app, c.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ total: number }>().total).toBe(2);
    }
    return c;
  }

  function expectRefused(res: { statusCode: number; body: string; json: <T>() => T }) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json<{ message: string }>().message).toBe('INVALID_TOKEN');
    expect(res.body).not.toContain('items');
  }

  it('should refuse a logged-out session at once on both instances', async () => {
    const c = await owner();
    const tokens = await login(t, c);
    expect((await list(t2, tokens.accessToken)).statusCode).toBe(200);
    const out = await t2.inject({ method: 'POST', url: '/api/auth/logout', payload: tokens });
    expect(out.statusCode, out.body).toBe(200);
    expectRefused(await list(t2, tokens.accessToken));
    expectRefused(await list(t, tokens.accessToken));
    // The customer's other session still works.
    expect((await list(t, c.token)).statusCode).toBe(200);
  });

  it('should refuse every session after a password change, on both instances', async () => {
    const c = await owner();
    const res = await t.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      token: c.token,
      payload: { password: c.password, newPassword: 'brand-new-pw', passwordConfirm: 'brand-new-pw' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectRefused(await list(t, c.token));
    expectRefused(await list(t2, c.token));
    const fresh = res.json<{ tokens: { accessToken: string } }>().tokens.accessToken;
    expect((await list(t2, fresh)).statusCode).toBe(200);
  });

  it('should refuse a blocked user at once on both instances', async () => {
    const c = await owner();
    const admin = await createUser(t, { role: 0 });
    const ban = await t2.inject({
      method: 'PUT',
      url: '/api/user/admin-active-user',
      token: (await login(t2, admin)).accessToken,
      payload: { userId: c.id, active: false },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expectRefused(await list(t2, c.token));
    expectRefused(await list(t, c.token));
  });

  it('should refuse a user made inactive or revoked in the database, with no app involved', async () => {
    const c = await owner();
    await t.ctx.db.execute(sql`update users set active = false where id = ${c.id}`);
    expectRefused(await list(t, c.token));
    expectRefused(await list(t2, c.token));
    await t.ctx.db.execute(sql`update users set active = true where id = ${c.id}`);
    expect((await list(t2, c.token)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${c.id}`);
    expectRefused(await list(t, c.token));
    expectRefused(await list(t2, c.token));
  });

  it("should refuse a user moved to another site, and a token naming another user's session", async () => {
    const c = await owner();
    const other = await customer(t);
    const site = await t.app.sites.resolve('proxy-owner.localhost');
    const home = await t.app.sites.resolve('localhost');
    expect(site.id).not.toBe(home.id);
    // A token signed with the server's key whose session belongs to someone else.
    const [session] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from sessions where user_id = ${other.id} limit 1`,
    );
    const forged = await signAccessToken(t.ctx, { sub: c.id, sid: session!.id, site: home.id, role: 1 });
    expectRefused(await list(t, forged));
    expect((await me(t, forged)).statusCode).toBe(401);
    // Moved to another site: the token's site is still this one, the user's is not.
    await t.ctx.db.execute(sql`update users set site_id = ${site.id} where id = ${c.id}`);
    expectRefused(await list(t, c.token));
    expectRefused(await list(t2, c.token));
    // user/me authenticates through the instance's session cache, which drops the user when the
    // update's notice arrives over LISTEN; a writer of the instance awaits that before answering.
    await sessionsSettled(t.ctx.database);
    expect((await me(t, c.token)).statusCode).toBe(401);
  });

  it('should change nothing for a role change: an admin still lists their own proxies', async () => {
    const c = await owner();
    await t.ctx.db.execute(sql`update users set role = 2 where id = ${c.id}`);
    const res = await list(t2, c.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(2);
  });

  it('should answer with an API key as with a session, and refuse no token or a bad one', async () => {
    const c = await owner();
    const gen = await t.inject({ method: 'POST', url: '/api/user/generate-key', token: c.token });
    expect(gen.statusCode, gen.body).toBe(200);
    const ips = await t.inject({
      method: 'PUT',
      url: '/api/api/allowed-ips',
      token: c.token,
      payload: { allowedIps: ['203.0.113.7'] },
    });
    expect(ips.statusCode, ips.body).toBe(200);
    const keyed = await t2.inject({
      method: 'GET',
      url: '/api/v4-proxy/list-proxy-me',
      remoteAddress: '203.0.113.7',
      headers: { 'x-api-key': gen.json<{ apiKey: string }>().apiKey },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    expect(keyed.body).toBe((await list(t2, c.token)).body);
    expectRefused(await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me' }));
    expectRefused(await list(t, `${c.token}x`));
  });
});
