import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@proxy/contract';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const HCM = 'Asia/Ho_Chi_Minh';

async function admin(host = 'localhost') {
  const u = await createUser(t, { role: ROLE.SITE_ADMIN, host });
  return (await login(t, u, host)).accessToken;
}
const read = (token: string, host = 'localhost') =>
  t.inject({ method: 'GET', url: '/api/setting/admin/list', token, headers: { host } });
const update = (token: string, settings: object, host = 'localhost') =>
  t.inject({ method: 'PUT', url: '/api/setting/admin/update', token, headers: { host }, payload: { settings } });

describe('/api/setting/admin (site settings)', () => {
  it('should read the 7-day default and save a lock period from 1 to 90 days', async () => {
    const token = await admin();
    expect((await read(token)).json()).toEqual({ lockDays: 7, apiRateLimitPerMin: 120, timeZone: HCM });
    for (const lockDays of [1, 90, 30]) {
      const res = await update(token, { lockDays });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ lockDays, apiRateLimitPerMin: 120, timeZone: HCM });
    }
    expect((await read(token)).json()).toEqual({ lockDays: 30, apiRateLimitPerMin: 120, timeZone: HCM });
    // A field left out is kept.
    expect((await update(token, {})).json()).toEqual({ lockDays: 30, apiRateLimitPerMin: 120, timeZone: HCM });
  });

  it.each([0, 91, 7.5, -3, '10', null])(
    'should refuse lockDays %j with VALIDATION_ERROR and keep the value',
    async (v) => {
      const token = await admin();
      await update(token, { lockDays: 12 });
      const res = await update(token, { lockDays: v });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
      expect((await read(token)).json()).toEqual({ lockDays: 12, apiRateLimitPerMin: 120, timeZone: HCM });
    },
  );

  it('should refuse an unknown setting with VALIDATION_ERROR and change nothing', async () => {
    const token = await admin();
    await update(token, { lockDays: 14 });
    for (const settings of [{ noSuchKey: 1 }, { lockDays: 20, noSuchKey: 'x' }]) {
      const res = await update(token, settings);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect((await read(token)).json()).toEqual({ lockDays: 14, apiRateLimitPerMin: 120, timeZone: HCM });
  });

  it('should refuse a customer with FORBIDDEN', async () => {
    const c = await customer(t);
    expect((await read(c.token)).statusCode).toBe(403);
    const res = await update(c.token, { lockDays: 2 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('FORBIDDEN');
  });

  it('should change only the admin’s own site', async () => {
    const own = await admin();
    await update(own, { lockDays: 20 });
    const other = await admin('proxy-owner.localhost');
    expect((await update(other, { lockDays: 3 }, 'proxy-owner.localhost')).json()).toEqual({
      lockDays: 3,
      apiRateLimitPerMin: 120,
      timeZone: HCM,
    });
    expect((await read(own)).json()).toEqual({ lockDays: 20, apiRateLimitPerMin: 120, timeZone: HCM });
  });

  it("should keep each site's time zone: Ho Chi Minh by default, any IANA name Intl knows, audited", async () => {
    const token = await admin('proxy-owner.localhost');
    const host = 'proxy-owner.localhost';
    for (const timeZone of ['UTC', 'Europe/Berlin', HCM]) {
      const res = await update(token, { timeZone }, host);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().timeZone).toBe(timeZone);
    }
    await update(token, { timeZone: 'America/New_York' }, host);
    const info = await t.inject({ method: 'GET', url: '/api/site/get-site-info', headers: { host } });
    expect(info.json().timeZone).toBe('America/New_York');
    expect((await read(await admin())).json().timeZone).toBe(HCM);
    const changes = await t.inject({
      method: 'GET',
      url: '/api/site/admin/list-setting-change',
      token,
      headers: { host },
    });
    expect(changes.json().items[0]).toMatchObject({ field: 'timeZone', oldValue: HCM, newValue: 'America/New_York' });
  });

  it.each(['Mars/Olympus', '+07:00', 'Asia/Ho Chi Minh', '', 'x'.repeat(100), 7])(
    'should refuse the time zone %j with VALIDATION_ERROR and keep the zone',
    async (timeZone) => {
      const token = await admin();
      const res = await update(token, { timeZone });
      expect([res.statusCode, res.json().message]).toEqual([400, 'VALIDATION_ERROR']);
      expect((await read(token)).json().timeZone).toBe(HCM);
    },
  );
});
