import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countRows, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { runAutoRenew } from '../../jobs/auto-renew.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

type Customer = Awaited<ReturnType<typeof customer>>;
interface Row {
  id: string;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: { type: string; id: string | null } | null;
  detail: Record<string, unknown>;
}

const IP = '203.0.113.7';

function call(c: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.inject({ method, url, token: c.token, remoteAddress: IP, ...(payload ? { payload } : {}) });
}

async function trail(c: { token: string }, query = ''): Promise<Row[]> {
  const res = await t.inject({ method: 'GET', url: `/api/audit/list?limit=500${query}`, token: c.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Row[] }>().items;
}

async function buyV4(c: Customer, quantity = 2) {
  const res = await call(c, 'POST', '/api/v4-proxy/buy-retail', {
    country: 'JP',
    quantity,
    period: { unit: 'day', value: 3 },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ order: { id: string; code: string }; proxies: { id: string }[] }>();
}

describe('GET /api/audit/list', () => {
  it('should record every change to the caller’s proxies with actor, client IP and target, and no secret', async () => {
    const c = await customer(t, 5_000_000);
    const { order, proxies } = await buyV4(c);
    const ids = proxies.map((p) => p.id);
    const tag = (await call(c, 'POST', '/api/tag/create-tag?tagType=v4', { tagName: 'Shop' })).json<{ id: string }>();
    const steps: [Parameters<typeof call>[1], string, object][] = [
      ['PUT', '/api/v4-proxy/change-password', { listProxyId: ids, password: 'NewSecret123' }],
      ['POST', '/api/v4-proxy/auth-ip', { listProxyId: ids, authIp: ['1.2.3.4'] }],
      ['POST', '/api/v4-proxy/reset-ip-manual', { listProxyId: [ids[0]] }],
      ['POST', '/api/v4-proxy/update-reset-ip-type', { listProxyId: ids, mode: 'auto', intervalMin: 30 }],
      ['PUT', '/api/v4-proxy/update-list-proxy', { listProxyId: ids, comment: 'shop A' }],
      ['PUT', '/api/v4-proxy/update-list-proxy', { listProxyId: ids, autoRenew: true }],
      ['POST', `/api/v4-proxy/tag-proxy/${tag.id}`, { listProxyId: ids }],
      ['PUT', `/api/v4-proxy/untag-proxy/${tag.id}`, { listProxyId: ids }],
      ['PUT', '/api/v4-proxy/renew-list-proxy', { listProxyId: ids, period: { unit: 'day', value: 1 } }],
      ['PUT', `/api/order/auto-renew/${order.id}`, { autoRenew: false }],
    ];
    for (const [method, url, payload] of steps) {
      const res = await call(c, method, url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const rows = await trail(c);
    const of = (action: string) => rows.filter((r) => r.action === action);
    expect(of('order.buy')).toHaveLength(1);
    expect(of('order.buy')[0]).toMatchObject({
      actor: 'user',
      ip: IP,
      target: { type: 'order', id: order.id },
      detail: { code: order.code, product: 'v4', country: 'JP', quantity: 2 },
    });
    for (const action of [
      'proxy.password',
      'proxy.auth-ip',
      'proxy.rotation',
      'proxy.comment',
      'proxy.auto-renew',
      'proxy.tag',
      'proxy.untag',
      'proxy.renew',
    ]) {
      expect(
        of(action)
          .map((r) => r.target?.id)
          .sort(),
        action,
      ).toEqual([...ids].sort());
      expect(
        of(action).every((r) => r.actor === 'user' && r.ip === IP && r.target?.type === 'proxy'),
        action,
      ).toBe(true);
    }
    expect(of('proxy.ip-change')).toHaveLength(1);
    expect(of('proxy.ip-change')[0]!.detail).toHaveProperty('to');
    expect(of('proxy.comment')[0]!.detail).toEqual({ comment: 'shop A' });
    expect(of('proxy.tag')[0]!.detail).toEqual({ tag: 'Shop' });
    expect(of('proxy.renew')[0]!.detail).toMatchObject({ period: { unit: 'day', value: 1 }, count: 2 });
    expect(of('order.auto-renew')[0]).toMatchObject({ target: { id: order.id }, detail: { autoRenew: false } });
    expect(of('account.login')).toHaveLength(1);
    // A password change says so and nothing more.
    expect(of('proxy.password')[0]!.detail).toEqual({});
    expect(JSON.stringify(rows)).not.toContain('NewSecret123');
    // Newest first; each action's rows are within the page.
    expect(rows[0]!.action).toBe('order.auto-renew');

    // One proxy's trail: its own rows and its order's (the purchase), not the other proxy's.
    const one = await trail(c, `&proxyId=${ids[0]}`);
    expect(one.every((r) => r.target?.id === ids[0] || r.target?.id === order.id)).toBe(true);
    expect(one.map((r) => r.action)).toEqual(expect.arrayContaining(['order.buy', 'proxy.ip-change', 'proxy.renew']));
    const ofOrder = await trail(c, `&orderId=${order.id}`);
    expect(ofOrder.map((r) => r.action).sort()).toEqual(['order.auto-renew', 'order.buy']);

    const paged = await t.inject({ method: 'GET', url: '/api/audit/list?page=2&limit=5', token: c.token });
    expect(paged.json()).toMatchObject({
      page: 2,
      limit: 5,
      total: rows.length,
      totalPage: Math.ceil(rows.length / 5),
    });
    expect(paged.json().items).toEqual(rows.slice(5, 10));
  });

  it('should record key purchases and every key change, and a key’s get-new-ip', async () => {
    const c = await customer(t, 5_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const bought = await call(c, 'POST', `/api/key/buy-key-package/${pkg.id}`, { country: 'VN', quantity: 2 });
    expect(bought.statusCode).toBe(200);
    const keys = bought.json<{ keys: { id: string; key: string }[] }>().keys;
    const ids = keys.map((k) => k.id);
    const newIp = await t.inject({
      method: 'POST',
      url: `/api/key/get-new-ip?keyRotate=${encodeURIComponent(keys[0]!.key)}`,
      remoteAddress: '198.51.100.99',
    });
    expect(newIp.statusCode, newIp.body).toBe(200);
    expect((await call(c, 'PUT', '/api/key/update-list-key', { listKeyId: ids, comment: 'bot' })).statusCode).toBe(200);
    expect((await call(c, 'PUT', '/api/key/turn-on-auto-renew-key', { listKeyId: ids })).statusCode).toBe(200);
    const renew = await call(c, 'PUT', '/api/key/renew-list-key', {
      listKeyId: ids,
      period: { unit: 'day', value: 1 },
    });
    expect(renew.statusCode, renew.body).toBe(200);
    expect((await call(c, 'DELETE', '/api/key/delete-list-key', { listKeyId: [ids[1]] })).statusCode).toBe(200);
    const rows = await trail(c, `&keyId=${ids[0]}`);
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['order.buy', 'key.new-ip', 'key.comment', 'key.auto-renew', 'key.renew']),
    );
    expect(actions).not.toContain('key.delete');
    expect(rows.find((r) => r.action === 'key.new-ip')).toMatchObject({ actor: 'user', ip: '198.51.100.99' });
    expect((await trail(c, `&keyId=${ids[1]}`)).map((r) => r.action)).toContain('key.delete');
  });

  it('should write nothing for a change that is rolled back', async () => {
    const c = await customer(t, 5_000_000);
    const { proxies } = await buyV4(c);
    const ids = proxies.map((p) => p.id);
    const before = await countRows(t, 'audit_events');
    const other = await customer(t, 5_000_000);
    const foreign = (await buyV4(other, 1)).proxies[0]!.id;
    const afterOther = await countRows(t, 'audit_events');
    // A batch with one id that is not the caller's: refused whole.
    const mixed = await call(c, 'PUT', '/api/v4-proxy/update-list-proxy', {
      listProxyId: [...ids, foreign],
      comment: 'x',
    });
    expect(mixed.json().message).toBe('PROXY_NOT_EXISTS');
    // Too soon after the first password change: refused after the rows were locked.
    expect(
      (await call(c, 'PUT', '/api/v4-proxy/change-password', { listProxyId: ids, password: 'FirstPass123' }))
        .statusCode,
    ).toBe(200);
    const again = await call(c, 'PUT', '/api/v4-proxy/change-password', { listProxyId: ids, password: 'SecondPass12' });
    expect(again.json().message).toBe('CHANGE_PASSWORD_TOO_FAST');
    // A renewal the balance cannot pay: charged, extended and logged in one transaction that rolls back.
    const poor = await customer(t, 0);
    await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${poor.id}`,
      token: (await login(t, await createUser(t, { role: 0 }))).accessToken,
      payload: { amount: 100_000 },
    });
    const cheap = await call(poor, 'POST', '/api/v4-proxy/buy-retail', {
      country: 'JP',
      quantity: 1,
      period: { unit: 'day', value: 1 },
    });
    expect(cheap.statusCode, cheap.body).toBe(200);
    const poorRows = (await trail(poor)).length;
    const broke = await call(poor, 'PUT', '/api/v4-proxy/renew-list-proxy', {
      listProxyId: [cheap.json().proxies[0].id],
      period: { unit: 'month', value: 12 },
    });
    expect(broke.json().message).toBe('NOT_ENOUGH_MONEY');
    expect((await trail(poor)).length).toBe(poorRows);
    const rows = await trail(c);
    expect(rows.filter((r) => r.action === 'proxy.password')).toHaveLength(2);
    expect(rows.filter((r) => r.action === 'proxy.comment')).toHaveLength(0);
    expect(afterOther).toBeGreaterThan(before);
  });

  it('should never show another user’s rows, and treat their ids as not existing', async () => {
    const owner = await customer(t, 5_000_000);
    const intruder = await customer(t, 0);
    const { order, proxies } = await buyV4(owner, 1);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const key = (await call(owner, 'POST', `/api/key/buy-key-package/${pkg.id}`, { country: 'VN', quantity: 1 })).json()
      .keys[0].id as string;
    const mine = await trail(intruder);
    expect(mine.every((r) => r.action.startsWith('account.'))).toBe(true);
    for (const [q, code] of [
      [`proxyId=${proxies[0]!.id}`, 'PROXY_NOT_EXISTS'],
      [`keyId=${key}`, 'KEY_NOT_EXISTS'],
      [`orderId=${order.id}`, 'ORDER_NOT_EXIST'],
    ] as const) {
      const res = await t.inject({ method: 'GET', url: `/api/audit/list?${q}`, token: intruder.token });
      expect(res.statusCode, q).toBe(404);
      expect(res.json().message).toBe(code);
    }
    // Bad ids are a clear 400, never a 5xx.
    const bad = await t.inject({ method: 'GET', url: '/api/audit/list?proxyId=nope', token: intruder.token });
    expect(bad.statusCode).toBe(400);
    // Customers do not reach the admin view; another site's admin does not see this site's users.
    const asCustomer = await t.inject({
      method: 'GET',
      url: `/api/audit/admin/list?userId=${owner.id}`,
      token: intruder.token,
    });
    expect(asCustomer.statusCode).toBe(403);
    const otherSiteAdmin = await login(
      t,
      await createUser(t, { role: 2, host: 'proxy-owner.localhost' }),
      'proxy-owner.localhost',
    );
    const peek = await t.inject({
      method: 'GET',
      url: `/api/audit/admin/list?userId=${owner.id}`,
      headers: { host: 'proxy-owner.localhost' },
      token: otherSiteAdmin.accessToken,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().message).toBe('USER_NOT_EXISTS');
  });

  it('should show an admin’s extend, cancel and balance moves in the customer’s trail with actor admin', async () => {
    const c = await customer(t, 5_000_000);
    const { order } = await buyV4(c, 1);
    const adminUser = await createUser(t, { role: 2 });
    const admin = { token: (await login(t, adminUser)).accessToken };
    const ADMIN_IP = '192.0.2.44';
    const as = (method: 'PUT', url: string, payload: object) =>
      t.inject({ method, url, token: admin.token, remoteAddress: ADMIN_IP, payload });
    expect(
      (await as('PUT', `/api/order/admin/extend/${order.id}`, { period: { unit: 'day', value: 2 } })).statusCode,
    ).toBe(200);
    expect((await as('PUT', `/api/user/admin/add-to-balance/${c.id}`, { amount: 1234 })).statusCode).toBe(200);
    expect((await as('PUT', `/api/order/admin/cancel/${order.id}`, { amount: 500 })).statusCode).toBe(200);
    const rows = await trail(c);
    for (const action of ['order.extend', 'account.balance', 'order.cancel']) {
      expect(
        rows.find((r) => r.action === action),
        action,
      ).toMatchObject({ actor: 'admin', ip: null });
    }
    // The customer sees "admin", never the admin's address; an admin's view keeps it.
    expect(JSON.stringify(rows)).not.toContain(ADMIN_IP);
    expect(rows.find((r) => r.action === 'account.balance')!.detail).toMatchObject({ kind: 'admin_add', amount: 1234 });
    expect(rows.find((r) => r.action === 'order.cancel')!.detail).toMatchObject({ refunded: 500 });
    // Nothing of it lands in the admin's own trail; the admin sees the customer's on the customer page.
    expect((await trail(admin)).some((r) => r.action.startsWith('order.'))).toBe(false);
    const view = await t.inject({ method: 'GET', url: `/api/audit/admin/list?userId=${c.id}`, token: admin.token });
    expect(view.statusCode).toBe(200);
    expect(view.json().items.map((r: Row) => r.action)).toEqual(expect.arrayContaining(['order.cancel', 'order.buy']));
    expect(view.json().items.find((r: Row) => r.action === 'order.cancel')).toMatchObject({ ip: ADMIN_IP });
  });

  it('should record the auto-renew job’s renewals with actor system', async () => {
    const c = await customer(t, 5_000_000);
    const res = await call(c, 'POST', '/api/v4-proxy/buy-retail', {
      country: 'SG',
      quantity: 1,
      period: { unit: 'day', value: 1 },
      autoRenew: true,
    });
    expect(res.statusCode).toBe(200);
    t.clock.advance(23 * 3600_000);
    await runAutoRenew(t.ctx);
    const renewed = (await trail({ token: await c.relogin() })).filter((r) => r.action === 'order.renew');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ actor: 'system', ip: null, detail: { auto: true } });
  });

  it('should record logins of a known account, failed ones with their reason and never the password typed', async () => {
    const u = await createUser(t);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.21',
      payload: { email: u.email, password: 'Not-The-Password-9' },
    });
    expect(wrong.json().message).toBe('WRONG_PASSWORD');
    const ok = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.22',
      payload: { email: u.email, password: u.password },
    });
    expect(ok.statusCode).toBe(200);
    const rows = await trail({ token: ok.json().tokens.accessToken });
    expect(rows.map((r) => [r.action, r.ip, r.actor])).toEqual([
      ['account.login', '198.51.100.22', 'user'],
      ['account.login-failed', '198.51.100.21', 'user'],
    ]);
    expect(rows[1]!.detail).toEqual({ method: 'password', reason: 'WRONG_PASSWORD' });
    expect(JSON.stringify(rows)).not.toContain('Not-The-Password-9');
  });

  it('should record API-key use once per key, client IP and hour with a count, and changes made by key as api-key', async () => {
    const c = await customer(t, 5_000_000);
    const { proxies } = await buyV4(c, 1);
    const key = (await call(c, 'POST', '/api/user/generate-key')).json().apiKey as string;
    expect(
      (await call(c, 'PUT', '/api/api/allowed-ips', { allowedIps: ['198.51.100.10', '198.51.100.11'] })).statusCode,
    ).toBe(200);
    const keyed = (ip: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.inject({ method, url, remoteAddress: ip, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
    for (let i = 0; i < 3; i++) {
      expect((await keyed('198.51.100.10', 'GET', '/api/user/get-money')).statusCode).toBe(200);
    }
    expect((await keyed('198.51.100.11', 'GET', '/api/user/get-money')).statusCode).toBe(200);
    const change = await keyed('198.51.100.10', 'PUT', '/api/v4-proxy/update-list-proxy', {
      listProxyId: [proxies[0]!.id],
      comment: 'by key',
    });
    expect(change.statusCode).toBe(200);
    // Refused keyed calls are no use of the key.
    expect((await keyed('198.51.100.99', 'GET', '/api/user/get-money')).statusCode).toBe(403);
    t.clock.advance(3600_000);
    expect((await keyed('198.51.100.10', 'GET', '/api/user/get-money')).statusCode).toBe(200);
    const rows = await trail({ token: await c.relogin() });
    const uses = rows.filter((r) => r.action === 'api-key.use');
    expect(uses.map((r) => [r.ip, r.detail.count]).sort()).toEqual([
      ['198.51.100.10', 1],
      ['198.51.100.10', 4],
      ['198.51.100.11', 1],
    ]);
    expect(uses.every((r) => r.actor === 'api-key' && typeof r.detail.apiKey === 'string')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows.find((r) => r.action === 'proxy.comment')).toMatchObject({ actor: 'api-key', ip: '198.51.100.10' });
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['api-key.generate', 'api-key.allowed-ips']));
  });
});

describe('GET /api/audit/admin/list', () => {
  const B = 'proxy-owner.localhost';
  const adminView = (token: string, query: string, host = 'localhost') =>
    t.inject({ method: 'GET', url: `/api/audit/admin/list?${query}`, headers: { host }, token });

  it('should page exactly one customer’s trail, as they see it, for an admin of their site only', async () => {
    const c = await customer(t, 5_000_000);
    const neighbour = await customer(t, 5_000_000);
    const { proxies } = await buyV4(c, 2);
    const { proxies: theirs } = await buyV4(neighbour, 1);
    for (const comment of ['first', 'second']) {
      const res = await call(c, 'PUT', '/api/v4-proxy/update-list-proxy', { listProxyId: [proxies[0]!.id], comment });
      expect(res.statusCode).toBe(200);
    }
    // The login, the purchase and the two comments.
    const own = await trail(c);
    expect(own.length).toBe(4);

    const adminA = (await login(t, await createUser(t, { role: 2 }))).accessToken;
    const all = await adminView(adminA, `userId=${c.id}&limit=500`);
    expect(all.statusCode).toBe(200);
    // The same rows in the same order as the customer's own view: nothing of the neighbour's.
    expect(all.json<{ items: Row[] }>().items.map((r) => r.id)).toEqual(own.map((r) => r.id));
    expect(all.json().total).toBe(own.length);
    // Paged on the server.
    const second = await adminView(adminA, `userId=${c.id}&page=2&limit=2`);
    expect(second.json()).toMatchObject({ total: own.length, page: 2, limit: 2 });
    expect(second.json<{ items: Row[] }>().items.map((r) => r.id)).toEqual(own.slice(2, 4).map((r) => r.id));
    // A proxy's trail through the customer; the neighbour's proxy is not this customer's.
    const one = await adminView(adminA, `userId=${c.id}&proxyId=${proxies[0]!.id}&limit=500`);
    expect(one.json<{ items: Row[] }>().items.map((r) => r.action)).toEqual(
      expect.arrayContaining(['proxy.comment', 'order.buy']),
    );
    const cross = await adminView(adminA, `userId=${c.id}&proxyId=${theirs[0]!.id}`);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('PROXY_NOT_EXISTS');

    // Bad input: a clear 4xx, never a 5xx.
    for (const q of ['', 'userId=nope', `userId=${c.id}&page=0`, `userId=${c.id}&limit=100000`]) {
      expect((await adminView(adminA, q)).statusCode, q).toBe(400);
    }
    const unknown = await adminView(adminA, `userId=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('USER_NOT_EXISTS');

    // A customer is refused, even about themself.
    expect((await adminView(c.token, `userId=${c.id}`)).statusCode).toBe(403);

    // Site B: its admin reads its own customer, never site A's; site A's admin never site B's.
    const customerB = await customer(t, 0, B);
    const adminB = (await login(t, await createUser(t, { role: 2, host: B }), B)).accessToken;
    const mineB = await adminView(adminB, `userId=${customerB.id}`, B);
    expect(mineB.statusCode).toBe(200);
    expect(mineB.json<{ items: Row[] }>().items.map((r) => r.action)).toEqual(['account.login']);
    for (const [token, userId, host] of [
      [adminB, c.id, B],
      [adminA, customerB.id, 'localhost'],
    ] as const) {
      const res = await adminView(token, `userId=${userId}`, host);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('USER_NOT_EXISTS');
    }
  });

  it("should refuse a site admin the owner's, a peer admin's and his own trail (403), and show them to the owner", async () => {
    const admin = await createUser(t, { role: 2 });
    const adminToken = (await login(t, admin)).accessToken;
    const peer = await createUser(t, { role: 2 });
    await login(t, peer);
    const owner = await createUser(t, { role: 0 });
    const ownerToken = (await login(t, owner)).accessToken;
    // A balance move in the peer's trail: what a site admin must not read.
    const moved = await t.inject({
      method: 'PUT',
      url: `/api/user/admin/add-to-balance/${peer.id}`,
      token: ownerToken,
      payload: { amount: 4321 },
    });
    expect(moved.statusCode).toBe(200);
    for (const u of [owner, peer, admin]) {
      const res = await adminView(adminToken, `userId=${u.id}`);
      expect(res.statusCode, u.email).toBe(403);
      expect(res.json()).toEqual({ message: 'FORBIDDEN' });
    }
    const c = await customer(t);
    expect((await adminView(adminToken, `userId=${c.id}`)).statusCode).toBe(200);
    for (const u of [owner, peer, admin]) {
      const res = await adminView(ownerToken, `userId=${u.id}&limit=500`);
      expect(res.statusCode, u.email).toBe(200);
      expect(res.json<{ items: Row[] }>().items.map((r) => r.action)).toContain('account.login');
    }
    const peerTrail = (await adminView(ownerToken, `userId=${peer.id}&limit=500`)).json<{ items: Row[] }>().items;
    expect(peerTrail.find((r) => r.action === 'account.balance')?.detail).toMatchObject({ amount: 4321 });
  });
});
