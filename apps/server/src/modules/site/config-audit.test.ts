import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, ROLE } from '@proxy/contract';
import { build, createUser, login, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let siteId: string;
let demoId: string;
beforeAll(async () => {
  t = await build();
  siteId = (await t.app.sites.resolve('localhost')).id;
  demoId = (await t.app.sites.resolve('proxy-owner.localhost')).id;
});
afterAll(async () => {
  await t.close();
});

async function admin(host = 'localhost') {
  const u = await createUser(t, { role: ROLE.SITE_ADMIN, host });
  return { ...u, token: (await login(t, u, host)).accessToken };
}
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, host = 'localhost') =>
  t.inject({ method, url, token, payload, headers: { host } });
const update = (token: string, id: string, body: object, host = 'localhost') =>
  call('PUT', `/api/site/admin/update-site/${id}`, token, body, host);
const history = async (token: string, query = '', host = 'localhost') =>
  (await call('GET', `/api/site/admin/list-setting-change?limit=100${query}`, token, undefined, host)).json();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('/admin/config groups: each validated on the server, nothing changed on a refusal', () => {
  it.each([
    ['branding', { title: '' }],
    ['branding', { title: 'x'.repeat(81) }],
    ['branding', { color: 'blue' }],
    ['branding', { color: '#12345' }],
    ['flags', { isOpenV6: 'yes' }],
    ['language', { forceEnglish: 1 }],
    ['footer', { companyName: 'x'.repeat(121) }],
    ['footer', { companyFooter: null }],
    ['captcha', { recaptcha: { siteKey: 'short', secretKey: 'long-enough-secret' } }],
    ['captcha', { recaptcha: { siteKey: 'a-valid-site-key-123' } }],
    ['analytics', { googlePixel: '<script>alert(1)</script>' }],
    ['analytics', { googlePixel: 'x'.repeat(41) }],
  ])('should refuse a bad %s value %j', async (_group, body) => {
    const a = await admin();
    const before = (await call('GET', '/api/site/admin/my-site', a.token)).json();
    const res = await update(a.token, siteId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('VALIDATION_ERROR');
    expect((await call('GET', '/api/site/admin/my-site', a.token)).json()).toEqual(before);
    expect((await history(a.token, `&search=${encodeURIComponent(a.email)}`)).total).toBe(0);
  });

  it('should save each group and audit every changed field with its actor, old and new values', async () => {
    const a = await admin();
    const res = await update(a.token, siteId, {
      title: 'ProxyVN Pro',
      color: '#112233',
      googlePixel: 'G-ABC123',
      companyFooter: true,
      companyName: 'Công ty A',
      forceEnglish: false, // unchanged: no row
      recaptcha: { siteKey: 'site-key-0123456789', secretKey: 'secret-key-0123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'ProxyVN Pro',
      recaptchaSiteKey: 'site-key-0123456789',
      recaptchaSecretSet: true,
    });
    expect(JSON.stringify(res.json())).not.toContain('secret-key-0123456789');
    // The public info follows at once.
    const info = (await t.inject({ method: 'GET', url: '/api/site/get-site-info' })).json();
    expect(info).toMatchObject({ title: 'ProxyVN Pro', color: '#112233', googlePixel: 'G-ABC123' });

    const rows = (await history(a.token, `&search=${encodeURIComponent(a.email)}`)).items;
    const byField = Object.fromEntries(
      rows.map((r: { field: string; oldValue: string | null; newValue: string | null }) => [r.field, r]),
    );
    expect(Object.keys(byField).sort()).toEqual(
      [
        'color',
        'companyFooter',
        'companyName',
        'googlePixel',
        'recaptchaSecretKey',
        'recaptchaSiteKey',
        'title',
      ].sort(),
    );
    expect(byField.title).toMatchObject({
      oldValue: 'ProxyVN',
      newValue: 'ProxyVN Pro',
      actorId: a.id,
      actorEmail: a.email,
      siteId,
    });
    expect(byField.color).toMatchObject({ oldValue: '#2196F3', newValue: '#112233' });
    expect(byField.companyFooter).toMatchObject({ oldValue: 'false', newValue: 'true' });
    expect(byField.recaptchaSecretKey).toMatchObject({ oldValue: null, newValue: '••••••' });
    expect(JSON.stringify(rows)).not.toContain('secret-key-0123456789');

    // A new secret is masked on both sides; the site key alone keeps the stored secret.
    await update(a.token, siteId, { recaptcha: { siteKey: 'site-key-9876543210', secretKey: 'another-secret-000' } });
    await update(a.token, siteId, { recaptcha: { siteKey: 'site-key-5555555555' } });
    const again = (await history(a.token, '&search=recaptcha')).items;
    expect(again.find((r: { field: string }) => r.field === 'recaptchaSecretKey')).toMatchObject({
      oldValue: '••••••',
      newValue: '••••••',
    });
    expect((await call('GET', '/api/site/admin/my-site', a.token)).json().recaptchaSecretSet).toBe(true);
    await update(a.token, siteId, { title: 'ProxyVN', color: '#2196F3', recaptcha: null, googlePixel: null });
  });

  it('should audit the lock period, the API limit, the products and the maintenance notice', async () => {
    const a = await admin();
    await call('PUT', '/api/setting/admin/update', a.token, { settings: { lockDays: 11, apiRateLimitPerMin: 77 } });
    await call('PUT', '/api/site/admin/update-products', a.token, { isOpenKey: false });
    await call('PUT', '/api/setting/admin/maintenance', a.token, {
      enabled: true,
      message: 'Bảo trì',
      messageEng: 'Maintenance',
      until: null,
    });
    const rows = (await history(a.token, `&search=${encodeURIComponent(a.email)}`)).items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    const byField = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(byField.lockDays).toMatchObject({ oldValue: null, newValue: '11' });
    expect(byField.apiRateLimitPerMin).toMatchObject({ newValue: '77' });
    expect(byField.isOpenKey).toMatchObject({ oldValue: 'true', newValue: 'false' });
    expect(JSON.parse(byField.maintenance!.newValue!)).toMatchObject({ enabled: true, message: 'Bảo trì' });
    await call('PUT', '/api/setting/admin/maintenance', a.token, {
      enabled: false,
      message: '',
      messageEng: '',
      until: null,
    });
    await call('PUT', '/api/site/admin/update-products', a.token, { isOpenKey: true });
  });

  it('should page the history on the server and show a site admin its own site only', async () => {
    const mine = await admin('proxy-owner.localhost');
    await update(mine.token, demoId, { companyName: 'Demo Co 1' }, 'proxy-owner.localhost');
    await update(mine.token, demoId, { companyName: 'Demo Co 2' }, 'proxy-owner.localhost');
    const demoPage = (
      await call(
        'GET',
        '/api/site/admin/list-setting-change?limit=1&page=2',
        mine.token,
        undefined,
        'proxy-owner.localhost',
      )
    ).json();
    expect(demoPage).toMatchObject({ page: 2, limit: 1 });
    expect(demoPage.items).toHaveLength(1);
    expect(demoPage.total).toBeGreaterThanOrEqual(2);
    const all = await history(mine.token, '', 'proxy-owner.localhost');
    expect(all.items.every((r: { siteId: string }) => r.siteId === demoId)).toBe(true);
    expect(all.items[0]).toMatchObject({ field: 'companyName', oldValue: 'Demo Co 1', newValue: 'Demo Co 2' });
    // The default site's admin sees none of the demo's rows.
    const other = await admin();
    const theirs = await history(other.token);
    expect(theirs.items.some((r: { siteId: string }) => r.siteId === demoId)).toBe(false);
    expect(theirs.items.some((r: { actorEmail: string }) => r.actorEmail === mine.email)).toBe(false);
  });
});

describe('payment settings audit', () => {
  it('should audit a payment method and the public URL, the credentials masked', async () => {
    const a = await admin('proxy-owner.localhost');
    const res = await call(
      'PUT',
      '/api/bill/admin/payment-methods/bank',
      a.token,
      {
        bankName: 'VCB',
        bin: '970436',
        accountNumber: '0123456789',
        accountName: 'NGUYEN VAN A',
        webhookKey: 'very-secret-webhook-key',
      },
      'proxy-owner.localhost',
    );
    expect(res.statusCode).toBe(200);
    await call(
      'PUT',
      '/api/bill/admin/payment-public-url',
      a.token,
      { publicUrl: 'https://shop.example.com' },
      'proxy-owner.localhost',
    );
    const rows = (await history(a.token, `&search=${encodeURIComponent(a.email)}`, 'proxy-owner.localhost')).items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    const byField = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(byField['payments.bank.accountNumber']).toMatchObject({ oldValue: null, newValue: '0123456789' });
    expect(byField['payments.bank.webhookKey']).toMatchObject({ oldValue: null, newValue: '••••••' });
    expect(byField['payments.publicUrl']).toMatchObject({ newValue: 'https://shop.example.com' });
    expect(JSON.stringify(rows)).not.toContain('very-secret-webhook-key');
  });
});

describe('logo upload', () => {
  it('should store a PNG, serve it with its type and audit the new logo path', async () => {
    const a = await admin();
    const res = await call('POST', `/api/site/admin/upload-logo/${siteId}`, a.token, { data: PNG.toString('base64') });
    expect(res.statusCode).toBe(200);
    const logo: string = res.json().logo;
    expect(logo).toMatch(new RegExp(`^/api/site/logo/${siteId}\\?v=[0-9a-f]{12}$`));
    const img = await t.inject({ method: 'GET', url: logo });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/api/site/get-site-info' })).json().logo).toBe(logo);
    const rows = (await history(a.token, '&search=logo')).items;
    expect(rows[0]).toMatchObject({ field: 'logo', oldValue: '/logo.svg', newValue: logo, actorEmail: a.email });
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['a PNG over the limit', Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)])],
  ])('should refuse %s and keep the logo', async (_name, bytes) => {
    const a = await admin('proxy-owner.localhost');
    const before = (await call('GET', '/api/site/admin/my-site', a.token, undefined, 'proxy-owner.localhost')).json()
      .logo;
    const res = await call(
      'POST',
      `/api/site/admin/upload-logo/${demoId}`,
      a.token,
      { data: bytes.toString('base64') },
      'proxy-owner.localhost',
    );
    expect(res.statusCode).toBe(400);
    expect(['INVALID_IMAGE', 'VALIDATION_ERROR']).toContain(res.json().message);
    expect(
      (await call('GET', '/api/site/admin/my-site', a.token, undefined, 'proxy-owner.localhost')).json().logo,
    ).toBe(before);
  });

  it('should refuse another site’s admin with SITE_NOT_EXISTS', async () => {
    const a = await admin('proxy-owner.localhost');
    const res = await call(
      'POST',
      `/api/site/admin/upload-logo/${siteId}`,
      a.token,
      { data: PNG.toString('base64') },
      'proxy-owner.localhost',
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('SITE_NOT_EXISTS');
  });

  it('should answer 404 for a site without an uploaded logo', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/site/logo/${demoId}` });
    expect(res.statusCode).toBe(404);
  });
});
