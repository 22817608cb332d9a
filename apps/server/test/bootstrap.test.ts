import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, login, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'owner-pass-1', DEMO: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('first start', () => {
  it('should create the owner from ADMIN_EMAIL/ADMIN_PASSWORD, verified, role 0', async () => {
    const tokens = await login(t, { email: 'owner@example.com', password: 'owner-pass-1' });
    const me = await t.inject({ method: 'GET', url: '/api/user/me', token: tokens.accessToken });
    expect(me.json()).toMatchObject({ email: 'owner@example.com', role: 0 });
  });

  it('should seed only the default site with DEMO=0', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/site/get-site-info',
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(res.json().showAgencyApi).toBe(false);
  });
});
