import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, createUser, login, type TestApp } from '../../../test/helper.js';
import { configureMethod } from '../../../test/payments.js';
import { normaliseHost } from './resolve-site.js';

const B = 'proxy-owner.localhost';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

describe('the host cache', () => {
  it('should read a site again once its entry is older than the cache lifetime', async () => {
    await t.app.sites.resolve(B);
    expect(t.app.sites.cached(B)?.id).toBeDefined();
    const now = Date.now();
    // The lifetime bounds staleness while no change notice can arrive: ten seconds.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 10_001);
    try {
      expect(t.app.sites.cached(B)).toBeUndefined();
      const res = await t.inject({ method: 'GET', url: '/api/site/get-site-info', headers: { host: B } });
      expect(res.json()).toMatchObject({ forceEnglish: true });
      expect(t.app.sites.cached(B)).toBeDefined();
    } finally {
      clock.mockRestore();
    }
  });
});

describe('GET /api/site/get-site-info', () => {
  it('should answer the default site for localhost and for an unknown host', async () => {
    for (const host of ['localhost:8080', 'unknown.example.org']) {
      const res = await t.inject({ method: 'GET', url: '/api/site/get-site-info', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        color: '#2196F3',
        showAgencyApi: false,
        forceEnglish: false,
        companyFooter: false,
        isOpenV6: true,
      });
    }
  });

  it('should answer the proxy-owner site flags for its host', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/site/get-site-info',
      headers: { host: 'proxy-owner.localhost:8080' },
    });
    expect(res.json()).toMatchObject({
      showAgencyApi: true,
      forceEnglish: true,
      companyFooter: true,
      companyName: 'Proxy Owner Co., Ltd.',
    });
  });

  it('should list the payment methods the site has switched on, and only those', async () => {
    const methods = async () =>
      (await t.inject({ method: 'GET', url: '/api/site/get-site-info', headers: { host: B } })).json().paymentMethods;
    // Unset: the bank simulator only.
    expect(await methods()).toEqual(['bank']);
    const pm = {
      payeeAccount: 'U1234567',
      alternatePassphrase: 'pm-alt-pass',
      sciUrl: 'https://perfectmoney.com/api/step1.asp',
    };
    await configureMethod(t, 'perfectmoney', { enabled: true, ...pm }, B);
    expect(await methods()).toEqual(['bank', 'perfectmoney']);
    await configureMethod(t, 'bank', { enabled: false }, B);
    expect(await methods()).toEqual(['perfectmoney']);
    await configureMethod(t, 'perfectmoney', { enabled: false }, B);
    expect(await methods()).toEqual([]);
    // The default site keeps its own.
    expect((await t.inject({ method: 'GET', url: '/api/site/get-site-info' })).json().paymentMethods).toEqual(['bank']);
  });

  it('should report the captcha as off when CAPTCHA=off', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/site/get-site-info' });
    expect(res.json().captcha).toEqual({ provider: 'off', siteKey: null });
  });
});

describe('GET /api/health', () => {
  it('should report the database and the version', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok', version: expect.any(String) });
  });
});

describe('unknown API paths', () => {
  it('should answer 404 NOT_FOUND', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
  });
});

describe('normaliseHost', () => {
  it.each([
    ['Example.COM:8080', 'example.com'],
    ['[::1]:8080', '[::1]'],
    ['shop.example.com.', 'shop.example.com'],
    [undefined, ''],
  ])('should normalise %s to %s', (raw, want) => {
    expect(normaliseHost(raw)).toBe(want);
  });
});

describe('PUT /api/site/admin/update-products', () => {
  it('should let a site admin switch a product category off and on, and nobody else', async () => {
    const admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
    const user = (await login(t, await createUser(t))).accessToken;
    const info = async () => (await t.inject({ method: 'GET', url: '/api/site/get-site-info' })).json();

    const off = await t.inject({
      method: 'PUT',
      url: '/api/site/admin/update-products',
      token: admin,
      payload: { isOpenKey: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isOpenV6: true, isOpenV4: true, isOpenKey: false });
    expect(await info()).toMatchObject({ isOpenV6: true, isOpenV4: true, isOpenKey: false });
    // Another site keeps its own flags.
    const owner = await t.inject({
      method: 'GET',
      url: '/api/site/get-site-info',
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(owner.json()).toMatchObject({ isOpenKey: true });

    const refused = await t.inject({
      method: 'PUT',
      url: '/api/site/admin/update-products',
      token: user,
      payload: { isOpenKey: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'PUT', url: '/api/site/admin/update-products', payload: { isOpenKey: true } }))
        .statusCode,
    ).toBe(401);

    const on = await t.inject({
      method: 'PUT',
      url: '/api/site/admin/update-products',
      token: admin,
      payload: { isOpenKey: true },
    });
    expect(on.json()).toMatchObject({ isOpenKey: true });
    expect(await info()).toMatchObject({ isOpenKey: true });
  });
});
