import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countRows, customer, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function v4(token: string, quantity = 2) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'JP', quantity, period: { unit: 'day', value: 3 } },
  });
  expect(res.statusCode).toBe(200);
  return res.json().proxies as { id: string; password: string; egressIp: string }[];
}
/** A private IPv4 package (the demo's "Starter": 5 proxies in SG), as /api/bought-proxy serves. */
async function v4Package(token: string) {
  const packages = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' })).json<
    { id: string; name: string }[]
  >();
  const id = packages.find((p) => p.name === 'Starter')!.id;
  const res = await t.inject({
    method: 'POST',
    url: `/api/v4-proxy/buy-package/${id}`,
    token,
    payload: { country: 'SG' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().proxies as { id: string; password: string; egressIp: string }[];
}
const list = async (token: string) =>
  (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me?limit=500', token })).json().items as {
    id: string;
    password: string;
    egressIp: string;
    authIps: string[];
    ipChangeMode: string;
    changeIntervalMin: number | null;
    ipChangeStatus: string;
  }[];

describe('auth IPs', () => {
  it('should set up to 3 IPv4s and record a change for the gateway', async () => {
    const c = await customer(t, 1_000_000);
    const ps = await v4(c.token);
    const events = await countRows(t, 'proxy_events');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/auth-ip',
      token: c.token,
      payload: { listProxyId: ps.map((p) => p.id), authIp: ['1.2.3.4', ' 5.6.7.8 '] },
    });
    expect(res.json()).toEqual({ authIp: ['1.2.3.4', '5.6.7.8'] });
    expect((await list(c.token)).every((p) => p.authIps.join() === '1.2.3.4,5.6.7.8')).toBe(true);
    expect(await countRows(t, 'proxy_events')).toBe(events + 2);
    const same = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/auth-ip',
      token: c.token,
      payload: { listProxyId: ps.map((p) => p.id), authIp: ['5.6.7.8', '1.2.3.4'] },
    });
    expect(same.json().message).toBe('SAME_OLD_AUTH_IP');
  });

  it.each([[['1.2.3.4', '1.2.3.5', '1.2.3.6', '1.2.3.7']], [['2001:db8::1']], [['300.1.1.1']], [['1.2.3']]])(
    'should refuse %j with INVALID_IP',
    async (authIp) => {
      const c = await customer(t, 1_000_000);
      const [p] = await v4(c.token, 1);
      const res = await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/auth-ip',
        token: c.token,
        payload: { listProxyId: [p!.id], authIp },
      });
      expect(res.json().message).toBe('INVALID_IP');
      expect((await list(c.token))[0]!.authIps).toEqual([]);
    },
  );

  it('should refuse an empty list', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/auth-ip',
      token: c.token,
      payload: { listProxyId: [p!.id], authIp: [] },
    });
    expect(res.json().message).toBe('VALIDATION_ERROR');
  });
});

describe('proxy password', () => {
  it('should change it for proxies in use, and refuse a second change within 2 minutes', async () => {
    const c = await customer(t, 1_000_000);
    const ps = await v4(c.token);
    const put = (password: string) =>
      t.inject({
        method: 'PUT',
        url: '/api/v4-proxy/change-password',
        token: c.token,
        payload: { listProxyId: ps.map((p) => p.id), password },
      });
    expect((await put('short')).json().message).toBe('VALIDATION_ERROR');
    expect((await put('has:colon123')).json().message).toBe('VALIDATION_ERROR');
    expect((await put('NewPassword123')).statusCode).toBe(200);
    expect((await list(c.token)).map((p) => p.password)).toEqual(['NewPassword123', 'NewPassword123']);
    const fast = await put('OtherPassword1');
    expect(fast.statusCode).toBe(429);
    expect(fast.json().message).toBe('CHANGE_PASSWORD_TOO_FAST');
    expect(fast.json().data.remainTime).toBeGreaterThan(100);
    t.clock.advance(121_000);
    await c.relogin();
    expect((await put('OtherPassword1')).statusCode).toBe(200);
  });
});

describe('IP change', () => {
  it('should give a new egress from the pool, release the old one, and refuse a reset within a minute', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/reset-ip-manual',
      token: c.token,
      payload: { listProxyId: [p!.id] },
    });
    expect(res.statusCode).toBe(200);
    const [changed] = res.json();
    expect(changed.egressIp).not.toBe(p!.egressIp);
    expect(changed.egressIp).toMatch(/^127\.13\.0\.\d+$/);
    expect(await countRows(t, `egress_ips where ip = '${p!.egressIp}' and proxy_id is null`)).toBe(1);
    expect(await countRows(t, `egress_ips where ip = '${changed.egressIp}' and proxy_id = '${p!.id}'`)).toBe(1);
    expect((await list(c.token))[0]).toMatchObject({ egressIp: changed.egressIp, ipChangeStatus: 'changed' });
    const fast = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/reset-ip-manual',
      token: c.token,
      payload: { listProxyId: [p!.id] },
    });
    expect(fast.statusCode).toBe(429);
    expect(fast.json()).toMatchObject({ message: 'RESET_TOO_FAST', data: { remainTime: expect.any(Number) } });
  });

  it('should set auto rotation with 15–1000 minutes', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const post = (body: object) =>
      t.inject({
        method: 'POST',
        url: '/api/v4-proxy/update-reset-ip-type',
        token: c.token,
        payload: { listProxyId: [p!.id], ...body },
      });
    expect((await post({ mode: 'auto', intervalMin: 14 })).json().message).toBe('VALIDATION_ERROR');
    expect((await post({ mode: 'auto', intervalMin: 1001 })).json().message).toBe('VALIDATION_ERROR');
    expect((await post({ mode: 'auto' })).json().message).toBe('VALIDATION_ERROR');
    expect((await post({ mode: 'auto', intervalMin: 15 })).statusCode).toBe(200);
    expect((await list(c.token))[0]).toMatchObject({ ipChangeMode: 'auto', changeIntervalMin: 15 });
  });
});

describe('POST /api/key/get-new-ip', () => {
  it('should rotate the key egress, enforce the minimum interval and refuse unknown keys', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const key = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'VN', quantity: 1 },
      })
    ).json().keys[0];
    const first = await t.inject({
      method: 'POST',
      url: `/api/key/get-new-ip?keyRotate=${key.key}`,
      payload: { authIp: '9.9.9.9' },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.proxy).toBe(`${body.host}:${body.port}:${body.username}:${body.password}`);
    expect(body.egressIp).toMatch(/^127\.20\.0\.\d+$/);
    expect(body.nextChangeIn).toBe(pkg.minIntervalSec);
    const again = await t.inject({ method: 'POST', url: `/api/key/get-new-ip?keyRotate=${key.key}` });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('GET_IP_TOO_FAST');
    expect(again.json().data.remainTime).toBeGreaterThan(0);
    t.clock.advance(pkg.minIntervalSec * 1000);
    const later = await t.inject({ method: 'POST', url: `/api/key/get-new-ip?keyRotate=${key.key}` });
    expect(later.statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/key/get-new-ip?keyRotate=rk_nope' })).json().message).toBe(
      'KEY_NOT_EXISTS',
    );
  });

  it('should refuse an expired key with KEY_EXPIRED', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const key = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'VN', quantity: 1 },
      })
    ).json().keys[0];
    t.clock.advance(pkg.days * 24 * 3600_000 + 1000);
    const { runLifecycle } = await import('../../jobs/lifecycle.js');
    await runLifecycle(t.ctx);
    const res = await t.inject({ method: 'POST', url: `/api/key/get-new-ip?keyRotate=${key.key}` });
    expect(res.json().message).toBe('KEY_EXPIRED');
  });
});

describe('another user', () => {
  it('should not set auth IPs, passwords or IP changes on proxies of another user', async () => {
    const owner = await customer(t, 1_000_000);
    const intruder = await customer(t, 1_000_000);
    const [p] = await v4(owner.token, 1);
    const calls = [
      { method: 'POST', url: '/api/v4-proxy/auth-ip', payload: { listProxyId: [p!.id], authIp: ['1.1.1.1'] } },
      {
        method: 'PUT',
        url: '/api/v4-proxy/change-password',
        payload: { listProxyId: [p!.id], password: 'Intruder12345' },
      },
      { method: 'POST', url: '/api/v4-proxy/reset-ip-manual', payload: { listProxyId: [p!.id] } },
      { method: 'POST', url: '/api/v4-proxy/update-reset-ip-type', payload: { listProxyId: [p!.id], mode: 'manual' } },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call, token: intruder.token });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().message).toBe('PROXY_NOT_EXISTS');
    }
    expect((await list(owner.token))[0]).toMatchObject({ password: p!.password, egressIp: p!.egressIp, authIps: [] });
  });

  it('should not check or export proxies of another user, alone or mixed with their own', async () => {
    const owner = await customer(t, 1_000_000);
    const intruder = await customer(t, 1_000_000);
    const [theirs] = await v4(owner.token, 1);
    const [mine] = await v4(intruder.token, 1);
    for (const ids of [[theirs!.id], [mine!.id, theirs!.id]]) {
      const check = await t.inject({
        method: 'PUT',
        url: '/api/v4-proxy/check-list-proxy',
        token: intruder.token,
        payload: { listProxyId: ids },
      });
      expect(check.statusCode).toBe(404);
      expect(check.json()).toEqual({ message: 'PROXY_NOT_EXISTS' });
      for (const format of ['txt', 'csv', 'json']) {
        const out = await t.inject({
          method: 'GET',
          url: `/api/v4-proxy/export-all?format=${format}&ids=${ids.join(',')}`,
          token: intruder.token,
        });
        expect(out.statusCode, format).toBe(404);
        expect(out.json()).toEqual({ message: 'PROXY_NOT_EXISTS' });
        expect(out.body).not.toContain(theirs!.password);
      }
    }
    const own = await t.inject({
      method: 'GET',
      url: `/api/v4-proxy/export-all?ids=${mine!.id}`,
      token: intruder.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(mine!.password);
    expect(own.body).not.toContain(theirs!.password);
  });
});

describe('auto IP rotation job', () => {
  it('should rotate auto proxies once their interval has passed, and leave manual ones', async () => {
    const { runRotation } = await import('../../jobs/rotation.js');
    const c = await customer(t, 1_000_000);
    const [auto, manual] = await v4(c.token, 2);
    await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/update-reset-ip-type',
      token: c.token,
      payload: { listProxyId: [auto!.id], mode: 'auto', intervalMin: 15 },
    });
    await runRotation(t.ctx);
    expect((await list(c.token)).find((p) => p.id === auto!.id)!.egressIp).toBe(auto!.egressIp);
    t.clock.advance(15 * 60_000);
    await c.relogin();
    expect(await runRotation(t.ctx)).toBeGreaterThanOrEqual(1);
    const after = await list(c.token);
    expect(after.find((p) => p.id === auto!.id)).toMatchObject({ ipChangeStatus: 'changed' });
    expect(after.find((p) => p.id === auto!.id)!.egressIp).not.toBe(auto!.egressIp);
    expect(after.find((p) => p.id === manual!.id)!.egressIp).toBe(manual!.egressIp);
    // Not again until the next interval.
    const changed = after.find((p) => p.id === auto!.id)!.egressIp;
    await runRotation(t.ctx);
    expect((await list(c.token)).find((p) => p.id === auto!.id)!.egressIp).toBe(changed);
  });
});

describe('/api/bought-proxy', () => {
  it('should serve the same calls as /api/v4-proxy for package proxies only', async () => {
    const c = await customer(t, 1_000_000);
    const bought = await v4Package(c.token);
    const [retail] = await v4(c.token, 1);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.inject({ method, url: `/api/bought-proxy${url}`, token: c.token, ...(payload ? { payload } : {}) });

    const page = (await call('GET', '/list-proxy-me?limit=50')).json();
    expect(page.total).toBe(bought.length);
    expect(page.items.map((p: { id: string }) => p.id).sort()).toEqual(bought.map((p) => p.id).sort());
    const txt = await call('GET', '/export-all');
    expect(txt.body.trim().split('\n')).toHaveLength(bought.length);

    const ids = [bought[0]!.id];
    expect((await call('PUT', '/update-list-proxy', { listProxyId: ids, comment: 'from a package' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/auth-ip', { listProxyId: ids, authIp: ['1.2.3.4'] })).json()).toEqual({
      authIp: ['1.2.3.4'],
    });
    expect(
      (await call('PUT', '/change-password', { listBoughtProxyId: ids, password: 'BoughtPass1234' })).statusCode,
    ).toBe(200);
    const reset = await call('POST', '/reset-ip-manual', { listProxyId: ids });
    expect(reset.statusCode).toBe(200);
    expect(
      (await call('POST', '/update-reset-ip-type', { listProxyId: ids, mode: 'auto', intervalMin: 30 })).statusCode,
    ).toBe(200);
    const tag = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token: c.token,
      payload: { tagName: 'packaged' },
    });
    expect((await call('POST', `/tag-proxy/${tag.json().id}`, { listProxyId: ids })).statusCode).toBe(200);
    const first = (await call('GET', '/list-proxy-me?limit=50'))
      .json()
      .items.find((p: { id: string }) => p.id === ids[0]);
    expect(first).toMatchObject({
      comment: 'from a package',
      authIps: ['1.2.3.4'],
      password: 'BoughtPass1234',
      egressIp: reset.json()[0].egressIp,
      ipChangeMode: 'auto',
      changeIntervalMin: 30,
      tagId: tag.json().id,
    });
    // Package proxies renew with their package.
    const renew = await call('PUT', '/renew-list-proxy', { listProxyId: ids, period: { unit: 'day', value: 1 } });
    expect(renew.json().message).toBe('PROXY_NOT_VALID');

    // A retail IPv4 proxy is not a bought one: every call answers as for an unknown proxy.
    const others = [
      call('PUT', '/update-list-proxy', { listProxyId: [retail!.id], comment: 'x' }),
      call('POST', '/auth-ip', { listProxyId: [retail!.id], authIp: ['1.2.3.4'] }),
      call('PUT', '/change-password', { listBoughtProxyId: [retail!.id], password: 'BoughtPass1234' }),
      call('POST', '/reset-ip-manual', { listProxyId: [retail!.id] }),
      call('PUT', '/check-list-proxy', { listProxyId: [retail!.id] }),
    ];
    for (const res of await Promise.all(others)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('PROXY_NOT_EXISTS');
    }
    expect((await call('GET', `/export-all?ids=${retail!.id}`)).json().message).toBe('PROXY_NOT_EXISTS');
    expect((await list(c.token)).find((p) => p.id === retail!.id)).toMatchObject({
      password: retail!.password,
      authIps: [],
    });
  });

  it('should not let another user list or touch bought proxies', async () => {
    const owner = await customer(t, 1_000_000);
    const intruder = await customer(t, 1_000_000);
    const [p] = await v4Package(owner.token);
    const page = await t.inject({ method: 'GET', url: '/api/bought-proxy/list-proxy-me', token: intruder.token });
    expect(page.json().total).toBe(0);
    const calls = [
      { method: 'POST', url: '/api/bought-proxy/auth-ip', payload: { listProxyId: [p!.id], authIp: ['1.1.1.1'] } },
      {
        method: 'PUT',
        url: '/api/bought-proxy/change-password',
        payload: { listBoughtProxyId: [p!.id], password: 'Intruder12345' },
      },
      { method: 'PUT', url: '/api/bought-proxy/update-list-proxy', payload: { listProxyId: [p!.id], comment: 'x' } },
      { method: 'POST', url: '/api/bought-proxy/reset-ip-manual', payload: { listProxyId: [p!.id] } },
      { method: 'PUT', url: '/api/bought-proxy/check-list-proxy', payload: { listProxyId: [p!.id] } },
    ] as const;
    for (const c of calls) {
      const res = await t.inject({ ...c, token: intruder.token });
      expect(res.statusCode, c.url).toBe(404);
      expect(res.json().message).toBe('PROXY_NOT_EXISTS');
    }
    const exported = await t.inject({
      method: 'GET',
      url: `/api/bought-proxy/export-all?ids=${p!.id}`,
      token: intruder.token,
    });
    expect(exported.body).not.toContain(p!.password);
  });
});

// Moves the clock by days (expiry, then lock), so it runs after the others.
describe('expired and locked proxies', () => {
  it('should refuse a new password once a proxy has expired, and auth IPs once it is locked', async () => {
    const { runLifecycle } = await import('../../jobs/lifecycle.js');
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    t.clock.advance(3 * 24 * 3600_000 + 1000);
    await runLifecycle(t.ctx);
    await c.relogin();
    expect((await list(c.token))[0]).toMatchObject({ id: p!.id, status: 'expired' });
    const password = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/change-password',
      token: c.token,
      payload: { listProxyId: [p!.id], password: 'AfterExpiry123' },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().message).toBe('PROXY_EXPIRED');

    t.clock.advance(7 * 24 * 3600_000 + 1000);
    await runLifecycle(t.ctx);
    await c.relogin();
    expect((await list(c.token))[0]).toMatchObject({ id: p!.id, status: 'locked' });
    for (const [method, url] of [['POST', '/api/v4-proxy/auth-ip']] as const) {
      const res = await t.inject({
        method,
        url,
        token: c.token,
        payload: { listProxyId: [p!.id], authIp: ['1.2.3.4'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('PROXY_EXPIRED');
    }
    expect((await list(c.token))[0]).toMatchObject({ password: p!.password, authIps: [] });
  });
});

describe('auto IP rotation in two phases', () => {
  async function dueAutoProxies(c: Awaited<ReturnType<typeof customer>>, n: number) {
    const ps = await v4(c.token, n);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/update-reset-ip-type',
      token: c.token,
      payload: { listProxyId: ps.map((p) => p.id), mode: 'auto', intervalMin: 15 },
    });
    expect(res.statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    await c.relogin();
    return ps;
  }

  it('should show processing between the phases, then changed with a new egress', async () => {
    const { claimRotations, finishRotations } = await import('../../jobs/rotation.js');
    const c = await customer(t, 1_000_000);
    const [p] = await dueAutoProxies(c, 1);
    expect(await claimRotations(t.ctx)).toBeGreaterThanOrEqual(1);
    const between = (await list(c.token)).find((x) => x.id === p!.id)!;
    expect(between).toMatchObject({ ipChangeStatus: 'processing', egressIp: p!.egressIp });
    // A claimed proxy is not claimed again while it waits for phase 2.
    await claimRotations(t.ctx);
    const finishedFrom = t.clock.nowMs();
    expect(await finishRotations(t.ctx)).toBeGreaterThanOrEqual(1);
    const after = (await list(c.token)).find((x) => x.id === p!.id) as typeof between & { ipChangedAt: string };
    expect(after.ipChangeStatus).toBe('changed');
    expect(after.egressIp).not.toBe(p!.egressIp);
    expect(new Date(after.ipChangedAt).getTime()).toBeGreaterThanOrEqual(finishedFrom);
  });

  it('should finish a claim left by a crash between the phases on the next run', async () => {
    const { claimRotations, runRotation } = await import('../../jobs/rotation.js');
    const c = await customer(t, 1_000_000);
    const [p] = await dueAutoProxies(c, 1);
    await claimRotations(t.ctx);
    // The instance dies here; the next run (anywhere) picks the claim up.
    await runRotation(t.ctx);
    const after = (await list(c.token)).find((x) => x.id === p!.id)!;
    expect(after.ipChangeStatus).toBe('changed');
    expect(after.egressIp).not.toBe(p!.egressIp);
  });

  it.each([
    ['switched to manual', { mode: 'manual' }],
    ['given a longer interval', { mode: 'auto', intervalMin: 60 }],
  ])('should not rotate a claimed proxy %s between the phases', async (_, body) => {
    const { claimRotations, finishRotations } = await import('../../jobs/rotation.js');
    const c = await customer(t, 1_000_000);
    const [p] = await dueAutoProxies(c, 1);
    await claimRotations(t.ctx);
    expect((await list(c.token)).find((x) => x.id === p!.id)).toMatchObject({ ipChangeStatus: 'processing' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/update-reset-ip-type',
      token: c.token,
      payload: { listProxyId: [p!.id], ...body },
    });
    expect(res.statusCode).toBe(200);
    const events = await countRows(t, `proxy_events where proxy_id = '${p!.id}'`);
    await finishRotations(t.ctx);
    const after = (await list(c.token)).find((x) => x.id === p!.id)!;
    expect(after.egressIp).toBe(p!.egressIp);
    expect(after.ipChangeStatus).toBe('not_changed');
    expect(await countRows(t, `proxy_events where proxy_id = '${p!.id}'`)).toBe(events);
  });

  it('should rotate each due proxy once when two instances run at the same time', async () => {
    const { runRotation } = await import('../../jobs/rotation.js');
    const { buildSecondInstance } = await import('../../../test/helper.js');
    const second = await buildSecondInstance(t);
    try {
      const c = await customer(t, 1_000_000);
      const ps = await dueAutoProxies(c, 4);
      second.clock.advance(t.clock.nowMs() - second.clock.nowMs());
      // Each rotation records one change for the gateway: a double rotation would show here.
      const mine = `proxy_events where proxy_id in (${ps.map((p) => `'${p.id}'`).join(', ')})`;
      const events = await countRows(t, mine);
      await Promise.all([runRotation(t.ctx), runRotation(second.ctx), runRotation(t.ctx), runRotation(second.ctx)]);
      expect(await countRows(t, mine)).toBe(events + ps.length);
      expect((await list(c.token)).every((x) => x.ipChangeStatus === 'changed')).toBe(true);
    } finally {
      await second.close();
    }
  });
});
