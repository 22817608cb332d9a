import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentMethod } from '@proxy/contract';
import { sites, type SiteSettings } from '../../db/schema/index.js';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.js';
import { notFound, randomId, startFake, type FakeRequest, type FakeServer } from '../../../test/fakes/http.js';
import { build, countRows, customer, type TestApp } from '../../../test/helper.js';
import { configureMethod, expectLedgerHolds, siteAdmin, siteId } from '../../../test/payments.js';

/**
 * SSRF through admin-set URLs (docs/operations.md#security): with OUTBOUND_ALLOW_PRIVATE off (production), a
 * provider base URL must lead to a public address — refused when saved, and refused again on every
 * connection, so a name that resolves elsewhere later (DNS rebinding) reaches nothing either.
 */

/** A bytepay endpoint that records every request and answers create with a checkout URL. */
interface RecordingFake extends FakeServer {
  requests: FakeRequest[];
  port: number;
}

async function recordingBytepay(status = 200): Promise<RecordingFake> {
  const requests: FakeRequest[] = [];
  const server = await startFake((req) => {
    requests.push(req);
    if (req.method === 'POST' && req.path === '/v1/orders') {
      return { status, json: { id: randomId('bp_'), order_id: req.body.order_id, pay_url: 'https://pay.example/x' } };
    }
    return notFound();
  });
  return { ...server, requests, port: Number(new URL(server.url).port) };
}

let t: TestApp;
let dns: TestDnsServer;
let fake: RecordingFake;
/** What the test DNS server answers; changed by the rebinding test. */
const records: Record<string, string[]> = {
  'pay.example.test': ['1.1.1.1'],
  'rebind.example.test': ['1.1.1.1'],
  'loop.example.test': ['127.0.0.1'],
  'private6.example.test': ['2606:4700::1111', 'fd00::1'],
};

beforeAll(async () => {
  dns = await startDnsServer(records, 0);
  t = await build({ OUTBOUND_ALLOW_PRIVATE: '0', OUTBOUND_DNS_SERVERS: dns.address });
  fake = await recordingBytepay(418);
});
afterAll(async () => {
  await fake.close();
  await t.close();
  await dns.close();
});

async function storedSettings(): Promise<SiteSettings> {
  const [row] = await t.ctx.db
    .select()
    .from(sites)
    .where(eq(sites.id, await siteId(t)));
  return row!.settings;
}

/** A value written straight into the site's settings, as a URL saved before this rule existed. */
async function storeValue(method: PaymentMethod, field: string, value: string): Promise<void> {
  const settings = await storedSettings();
  const stored = settings.payments!.methods![method]!;
  const next = { ...stored, values: { ...stored.values, [field]: value } };
  const payments = { ...settings.payments, methods: { ...settings.payments!.methods, [method]: next } };
  await t.ctx.db
    .update(sites)
    .set({ settings: { ...settings, payments } })
    .where(eq(sites.id, await siteId(t)));
  t.app.sites.invalidate();
}

async function createBytepay(token: string) {
  return t.inject({ method: 'POST', url: '/api/user/bytepay-create-order', token, payload: { amount: 480_000 } });
}

describe('admin-set provider URLs (OUTBOUND_ALLOW_PRIVATE=0)', () => {
  it('should refuse private, loopback, link-local and non-https base URLs when saved, and save nothing', async () => {
    const admin = await siteAdmin(t);
    const before = JSON.stringify(await storedSettings());
    const cases: [PaymentMethod, string, string][] = [
      ['paypal', 'baseUrl', 'https://127.0.0.1'],
      ['card', 'baseUrl', 'https://169.254.169.254/latest/meta-data'],
      ['bytepay', 'baseUrl', 'https://[::1]:5432'],
      ['tazapay', 'baseUrl', 'https://10.0.0.1'],
      ['momo', 'baseUrl', 'https://localhost:8443'],
      ['momo', 'baseUrl', 'https://localhost./'],
      ['usdt', 'baseUrl', 'https://loop.example.test'],
      ['bytepay', 'baseUrl', 'https://private6.example.test'],
      ['bytepay', 'baseUrl', 'https://2130706433/'],
      ['bytepay', 'baseUrl', 'https://[::ffff:127.0.0.1]/'],
      ['bytepay', 'baseUrl', 'https://0x7f.1/'],
      ['bytepay', 'baseUrl', 'http://pay.example.test'],
      ['bytepay', 'baseUrl', 'https://user:pw@pay.example.test'],
      ['bytepay', 'baseUrl', 'https://nxdomain.example.test'],
      ['perfectmoney', 'sciUrl', 'https://192.168.1.1/sci'],
    ];
    for (const [method, field, url] of cases) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/bill/admin/payment-methods/${method}`,
        token: admin.token,
        payload: { [field]: url },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        message: 'OUTBOUND_URL_NOT_ALLOWED',
        data: { field, issues: [{ path: `body.${field}` }] },
      });
    }
    // Other schemes never pass the request schema.
    for (const url of ['ftp://pay.example.test', 'javascript:alert(1)', 'file:///etc/passwd', 'gopher://127.0.0.1']) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/bill/admin/payment-methods/bytepay',
        token: admin.token,
        payload: { baseUrl: url },
      });
      expect(res.statusCode, url).toBe(400);
    }
    expect(JSON.stringify(await storedSettings())).toBe(before);
  });

  it('should save a base URL whose name resolves to public addresses only', async () => {
    const admin = await siteAdmin(t);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/bill/admin/payment-methods/card',
      token: admin.token,
      payload: { baseUrl: 'https://pay.example.test/stripe' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedSettings()).payments?.methods?.card?.values.baseUrl).toBe('https://pay.example.test/stripe');
  });

  it('should refuse the connection when the name resolves privately at call time (DNS rebinding)', async () => {
    await configureMethod(t, 'bytepay', {
      enabled: true,
      baseUrl: `https://rebind.example.test:${fake.port}`,
      apiKey: 'bytepay-api-key',
      ipnSecret: 'bytepay-ipn-secret',
    });
    // Public when saved; now it points at the fake on this machine's loopback.
    records['rebind.example.test'] = ['127.0.0.1'];
    const c = await customer(t);
    const res = await createBytepay(c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'PAYMENT_ERROR', data: { reason: 'provider address not allowed' } });
    expect(fake.requests).toHaveLength(0);
    expect(dns.questions.some((q) => q.name === 'rebind.example.test')).toBe(true);
    // The top-up does not stay pending forever.
    expect(await countRows(t, `topups where user_id = '${c.id}' and status = 'pending'`)).toBe(0);
    expect(await countRows(t, `topups where user_id = '${c.id}' and status = 'failed'`)).toBe(1);
    await expectLedgerHolds(t);
  });

  it('should not post credentials to, nor echo the answer of, a private URL saved before the rule', async () => {
    const c = await customer(t);
    for (const url of [
      `http://127.0.0.1:${fake.port}`,
      `https://127.0.0.1:${fake.port}`,
      `http://[::1]:${fake.port}`,
    ]) {
      await storeValue('bytepay', 'baseUrl', url);
      const res = await createBytepay(c.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'PAYMENT_ERROR', data: { reason: 'provider address not allowed' } });
    }
    expect(fake.requests).toHaveLength(0);
    expect(await countRows(t, `topups where user_id = '${c.id}' and status = 'pending'`)).toBe(0);
  });

  it('should refuse a Perfect Money form action that is plain http, javascript: or data: (no fake needed)', async () => {
    await configureMethod(t, 'perfectmoney', {
      enabled: true,
      payeeAccount: 'U1234567',
      alternatePassphrase: 'pm-alt-pass',
    });
    const c = await customer(t);
    const urls = ['http://perfectmoney.example/api/step1.asp', 'javascript:alert(1)', 'data:text/html,<b>x</b>'];
    for (const url of urls) {
      await storeValue('perfectmoney', 'sciUrl', url);
      const res = await t.inject({
        method: 'POST',
        url: '/api/user/perfect-money-create-order',
        token: c.token,
        payload: { amount: 480_000 },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('PAYMENT_ERROR');
    }
    await storeValue('perfectmoney', 'sciUrl', 'https://perfectmoney.com/api/step1.asp');
    const ok = await t.inject({
      method: 'POST',
      url: '/api/user/perfect-money-create-order',
      token: c.token,
      payload: { amount: 480_000 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().instructions.form.action).toBe('https://perfectmoney.com/api/step1.asp');
    expect(await countRows(t, `topups where user_id = '${c.id}' and status = 'failed'`)).toBe(urls.length);
    expect(await countRows(t, `topups where user_id = '${c.id}' and status = 'pending'`)).toBe(1);
  });
});
