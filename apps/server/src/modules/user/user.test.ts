import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countRows, createUser, ledgerMismatches, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function as(role: number, host = 'localhost') {
  const u = await createUser(t, { role, host });
  return { ...u, token: (await login(t, u, host)).accessToken };
}

describe('admin calls', () => {
  const adminCalls = (id: string) => [
    { method: 'GET' as const, url: '/api/user/admin/get-all-user' },
    { method: 'GET' as const, url: '/api/user/admin/get-all-admin' },
    { method: 'GET' as const, url: '/api/log/admin/list-transaction' },
    { method: 'PUT' as const, url: `/api/user/admin/update-user/${id}`, payload: { active: false } },
    { method: 'PUT' as const, url: `/api/user/admin/add-to-balance/${id}`, payload: { amount: 1000 } },
    { method: 'PUT' as const, url: `/api/user/admin/refund/${id}`, payload: { amount: 1000 } },
    { method: 'PUT' as const, url: '/api/user/admin-active-user', payload: { userId: id, active: false } },
    {
      method: 'POST' as const,
      url: '/api/user/create-admin',
      payload: { email: 'adm@example.com', password: 'abcdef1' },
    },
  ];

  it('should answer 403 FORBIDDEN to a customer (role 1) on every admin call and change nothing', async () => {
    const customer = await as(1);
    const victim = await createUser(t);
    for (const call of adminCalls(victim.id)) {
      const res = await t.inject({ ...call, token: customer.token });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().message, call.url).toBe('FORBIDDEN');
    }
    const me = await t.inject({ method: 'GET', url: '/api/user/me', token: (await login(t, victim)).accessToken });
    expect(me.json().balance).toBe(0);
  });

  it('should let a site admin add to a balance and refund, each as one ledger row', async () => {
    const admin = await as(2);
    const u = await createUser(t);
    const add = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${u.id}`,
      token: admin.token,
      payload: { amount: 150000, note: 'bank 123' },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ balance: 150000 });
    const refund = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/refund/${u.id}`,
      token: admin.token,
      payload: { amount: 5000 },
    });
    expect(refund.json()).toEqual({ balance: 155000 });

    const userToken = (await login(t, u)).accessToken;
    const list = await t.inject({ method: 'GET', url: '/api/log/list-transaction?limit=1', token: userToken });
    expect(list.json()).toMatchObject({ total: 2, page: 1, limit: 1, totalPage: 2 });
    expect(list.json().items[0]).toMatchObject({
      type: 'refund',
      balanceBefore: 150000,
      amount: 5000,
      balanceAfter: 155000,
    });
    const search = await t.inject({ method: 'GET', url: '/api/user/transaction?search=bank', token: userToken });
    expect(search.json().items.map((i: { type: string }) => i.type)).toEqual(['admin_add']);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should refuse amounts that are not positive integers', async () => {
    const admin = await as(2);
    const u = await createUser(t);
    const before = await countRows(t, 'transactions');
    for (const amount of [0, -5, 1.5, '100']) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/user/admin/add-to-balance/${u.id}`,
        token: admin.token,
        payload: { amount },
      });
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('should keep site admins to their own site', async () => {
    const otherAdmin = await as(2, 'proxy-owner.localhost');
    const u = await createUser(t);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${u.id}`,
      token: otherAdmin.token,
      headers: { host: 'proxy-owner.localhost' },
      payload: { amount: 100 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('USER_NOT_EXISTS');
    const list = await t.inject({
      method: 'GET',
      url: '/api/user/admin/get-all-user?limit=500',
      token: otherAdmin.token,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(u.id);
    // Its token is not valid on the other site's host either.
    const cross = await t.inject({ method: 'GET', url: '/api/user/admin/get-all-user', token: otherAdmin.token });
    expect(cross.statusCode).toBe(401);
  });

  it('should not let a site admin touch another admin, nor promote anyone', async () => {
    const admin = await as(2);
    const peer = await createUser(t, { role: 2 });
    const u = await createUser(t);
    const touchPeer = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/update-user/${peer.id}`,
      token: admin.token,
      payload: { active: false },
    });
    expect(touchPeer.statusCode).toBe(403);
    const promote = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/update-user/${u.id}`,
      token: admin.token,
      payload: { role: 0 },
    });
    expect(promote.statusCode).toBe(403);
    const create = await t.inject({
      method: 'POST',
      url: '/api/user/create-admin',
      token: admin.token,
      payload: { email: 'x-admin@example.com', password: 'abcdef1' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('should let the owner make a customer a site admin and revoke it, refusing a site admin and an API key', async () => {
    const owner = await as(0);
    const peer = await as(2);
    const u = await createUser(t);
    const keyIp = '198.51.100.20';
    const setRole = (token: string | undefined, role: 1 | 2, headers: Record<string, string> = {}) =>
      t.inject({
        method: 'PUT',
        url: `/api/user/admin/update-user/${u.id}`,
        token,
        headers,
        remoteAddress: keyIp,
        payload: { role },
      });
    const roleOf = async () =>
      (await t.inject({ method: 'GET', url: `/api/user/admin/detail/${u.id}`, token: owner.token })).json().role;

    // A site admin may not promote, nor may the owner's API key: nothing changes.
    expect((await setRole(peer.token, 2)).statusCode).toBe(403);
    const apiKey = (await t.inject({ method: 'POST', url: '/api/user/generate-key', token: owner.token })).json()
      .apiKey as string;
    const allow = { method: 'PUT' as const, url: '/api/api/allowed-ips', payload: { allowedIps: [keyIp] } };
    expect((await t.inject({ ...allow, token: owner.token })).statusCode).toBe(200);
    const byKey = await setRole(undefined, 2, { 'x-api-key': apiKey });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe('FORBIDDEN');
    expect(await roleOf()).toBe(1);

    const promote = await setRole(owner.token, 2);
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ id: u.id, role: 2 });
    const adminToken = (await login(t, u)).accessToken;
    const asAdmin = await t.inject({ method: 'GET', url: '/api/user/admin/get-all-user', token: adminToken });
    expect(asAdmin.statusCode).toBe(200);
    const admins = await t.inject({ method: 'GET', url: '/api/user/admin/get-all-admin', token: owner.token });
    expect(admins.json().items.map((i: { id: string }) => i.id)).toContain(u.id);

    // The promoted admin cannot revoke itself nor another admin; only the owner revokes.
    expect((await setRole(adminToken, 1)).statusCode).toBe(403);
    expect((await setRole(peer.token, 1)).statusCode).toBe(403);
    expect(await roleOf()).toBe(2);
    const revoke = await setRole(owner.token, 1);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().role).toBe(1);
    // The session it had as an admin is over, and a new one is a customer's.
    const stale = await t.inject({ method: 'GET', url: '/api/user/admin/get-all-user', token: adminToken });
    expect(stale.statusCode).toBe(401);
    const fresh = (await login(t, u)).accessToken;
    const refused = await t.inject({ method: 'GET', url: '/api/user/admin/get-all-user', token: fresh });
    expect(refused.statusCode).toBe(403);
  });

  it('should let the owner create a site admin who can then log in and list customers, paged', async () => {
    const owner = await as(0);
    const res = await t.inject({
      method: 'POST',
      url: '/api/user/create-admin',
      token: owner.token,
      payload: { email: 'site-admin@example.com', password: 'abcdef1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 2, emailVerified: true });
    const token = (await login(t, { email: 'site-admin@example.com', password: 'abcdef1' })).accessToken;
    for (let i = 0; i < 3; i++) {
      await createUser(t, { email: `page-${i}@paging.test` });
    }
    const page = await t.inject({
      method: 'GET',
      url: '/api/user/admin/get-all-user?limit=2&search=paging.test',
      token,
    });
    expect(page.json()).toMatchObject({ total: 3, limit: 2, totalPage: 2 });
    expect(page.json().items).toHaveLength(2);
    const admins = await t.inject({ method: 'GET', url: '/api/user/admin/get-all-admin?search=site-admin', token });
    expect(admins.json().items[0].email).toBe('site-admin@example.com');
  });

  it('should let the owner (role 0) act on any site', async () => {
    const owner = await as(0);
    const foreign = await createUser(t, { host: 'proxy-owner.localhost' });
    const ownerOnOther = (await login(t, owner, 'proxy-owner.localhost')).accessToken;
    const res = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${foreign.id}`,
      token: ownerOnOther,
      headers: { host: 'proxy-owner.localhost' },
      payload: { amount: 7 },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('own account', () => {
  it('should generate an API key and set auto-renew for private proxies', async () => {
    const u = await createUser(t);
    const { accessToken } = await login(t, u);
    const key = await t.inject({ method: 'POST', url: '/api/user/generate-key', token: accessToken });
    expect(key.json().apiKey).toMatch(/^pk_/);
    const auto = await t.inject({
      method: 'PUT',
      url: '/api/user/auto-renew',
      token: accessToken,
      payload: { autoRenew: true },
    });
    expect(auto.statusCode).toBe(200);
    const me = await t.inject({ method: 'GET', url: '/api/user/me', token: accessToken });
    // The key is shown masked from then on (modules/api-keys keeps only its hash).
    const full = key.json().apiKey as string;
    expect(me.json()).toMatchObject({ apiKey: `${full.slice(0, 7)}…${full.slice(-4)}`, autoRenewPrivate: true });
    expect((await t.inject({ method: 'GET', url: '/api/user/get-money', token: accessToken })).json()).toEqual({
      balance: 0,
    });
  });

  it("should not show one user's transactions to another", async () => {
    const admin = await as(2);
    const a = await createUser(t);
    const b = await createUser(t);
    await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${a.id}`,
      token: admin.token,
      payload: { amount: 10 },
    });
    const res = await t.inject({
      method: 'GET',
      url: '/api/log/list-transaction',
      token: (await login(t, b)).accessToken,
    });
    expect(res.json().total).toBe(0);
  });
});

describe('admin transaction search', () => {
  it('should find a user’s transactions by email across the site', async () => {
    const admin = await as(2);
    const u = await createUser(t, { email: 'findable.person@example.com' });
    await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${u.id}`,
      token: admin.token,
      payload: { amount: 1234 },
    });
    const res = await t.inject({
      method: 'GET',
      url: '/api/log/admin/list-transaction?search=findable.person',
      token: admin.token,
    });
    expect(res.json().total).toBe(1);
    expect(res.json().items[0]).toMatchObject({ amount: 1234, email: 'findable.person@example.com' });
  });
});
