import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { siteAdmin } from '../../../test/payments.js';
import { sites } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: 'env-bank-key-123' });
});
afterAll(async () => {
  await t.close();
});

const host = 'proxy-owner.localhost';

describe('admin payment configuration (/api/bill/admin/payment-methods)', () => {
  it('should show every method, the simulator bank on, and which secrets are set, never their values', async () => {
    const admin = await siteAdmin(t);
    const res = await t.inject({ method: 'GET', url: '/api/bill/admin/payment-methods', token: admin.token });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.methods.map((m: { method: string }) => m.method)).toEqual([
      'bank',
      'paypal',
      'card',
      'momo',
      'perfectmoney',
      'usdt',
      'bytepay',
      'tazapay',
    ]);
    const bank = view.methods[0];
    expect(bank).toMatchObject({ enabled: true, secretsSet: { webhookKey: true } });
    expect(bank.webhookUrl).toBe('http://localhost:80/api/webhook/bank');
    expect(view.methods.find((m: { method: string }) => m.method === 'perfectmoney').webhookUrl).toBe(
      'http://localhost:80/api/user/perfect-money-complete-payment',
    );
    expect(view.methods.find((m: { method: string }) => m.method === 'paypal')).toMatchObject({
      enabled: false,
      values: { baseUrl: 'https://api-m.paypal.com', clientId: null },
      secretsSet: { clientSecret: false },
    });
  });

  it('should store secrets encrypted, answer only that they are set, and clear them with null', async () => {
    const admin = await siteAdmin(t, host);
    const put = (body: Record<string, unknown>) =>
      t.inject({
        method: 'PUT',
        url: '/api/bill/admin/payment-methods/paypal',
        token: admin.token,
        headers: { host },
        payload: body,
      });
    const incomplete = await put({ enabled: true, clientId: 'client-1' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().data.issues.map((i: { path: string }) => i.path)).toEqual([
      'body.clientSecret',
      'body.webhookId',
    ]);
    const res = await put({
      enabled: true,
      clientId: 'client-1',
      clientSecret: 'very-secret-value',
      webhookId: 'WH-1',
      baseUrl: 'http://127.0.0.1:9/paypal',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('very-secret-value');
    const paypal = res.json().methods.find((m: { method: string }) => m.method === 'paypal');
    expect(paypal).toMatchObject({
      enabled: true,
      values: { clientId: 'client-1', webhookId: 'WH-1', baseUrl: 'http://127.0.0.1:9/paypal' },
      secretsSet: { clientSecret: true },
    });
    const [row] = await t.ctx.db.select().from(sites).where(eq(sites.slug, 'proxy-owner'));
    expect(JSON.stringify(row!.settings)).not.toContain('very-secret-value');
    expect(row!.settings.payments?.methods?.paypal?.secrets.clientSecret).toMatch(/^v1\./);

    // Now offered to that site's customers, and not to the default site's.
    const c = await customer(t, 0, host);
    const bill = await t.inject({ method: 'GET', url: '/api/bill/get-bill', token: c.token, headers: { host } });
    expect(bill.json().methods.map((m: { method: string }) => m.method)).toContain('paypal');
    const d = await customer(t);
    const defaultBill = await t.inject({ method: 'GET', url: '/api/bill/get-bill', token: d.token });
    expect(defaultBill.json().methods.map((m: { method: string }) => m.method)).not.toContain('paypal');

    const off = await put({ enabled: false, clientSecret: null });
    const after = off.json().methods.find((m: { method: string }) => m.method === 'paypal');
    expect(after).toMatchObject({
      enabled: false,
      secretsSet: { clientSecret: false },
      values: { clientId: 'client-1' },
    });
  });

  it('should end the simulator once a real bank account is set, and drop bank from get-bill when off', async () => {
    const admin = await siteAdmin(t, host);
    const put = (body: Record<string, unknown>) =>
      t.inject({
        method: 'PUT',
        url: '/api/bill/admin/payment-methods/bank',
        token: admin.token,
        headers: { host },
        payload: body,
      });
    expect((await put({ accountNumber: '123456789' })).statusCode).toBe(400);
    const res = await put({ bankName: 'ACB', bin: '970416', accountNumber: '257678859', accountName: 'CONG TY PROXY' });
    expect(res.statusCode).toBe(200);
    const c = await customer(t, 0, host);
    const bill = (
      await t.inject({ method: 'GET', url: '/api/bill/get-bill', token: c.token, headers: { host } })
    ).json();
    expect(bill.bank).toEqual({
      bankName: 'ACB',
      bin: '970416',
      accountNumber: '257678859',
      accountName: 'CONG TY PROXY',
    });
    expect(bill.simulator).toBe(false);
    expect(bill.qrPayload).toContain('0109257678859');
    const sim = await t.inject({
      method: 'POST',
      url: '/api/bill/admin/bank-simulate',
      token: admin.token,
      headers: { host },
      payload: { content: bill.codeBill, amount: 10_000 },
    });
    expect(sim.json().message).toBe('PAYMENT_METHOD_DISABLED');

    await put({ enabled: false });
    const offBill = (
      await t.inject({ method: 'GET', url: '/api/bill/get-bill', token: c.token, headers: { host } })
    ).json();
    expect(offBill).toMatchObject({ bank: null, qrPayload: null });
    expect(offBill.methods.map((m: { method: string }) => m.method)).not.toContain('bank');
  });

  it('should refuse customers and bad values', async () => {
    const c = await customer(t);
    const res = await t.inject({ method: 'GET', url: '/api/bill/admin/payment-methods', token: c.token });
    expect(res.statusCode).toBe(403);
    const admin = await siteAdmin(t);
    for (const [method, body] of [
      ['usdt', { address: 'not-a-tron-address' }],
      ['bank', { bin: '12' }],
      ['card', { baseUrl: 'ftp://x' }],
      ['perfectmoney', { payeeAccount: 'E123' }],
    ] as const) {
      const r = await t.inject({
        method: 'PUT',
        url: `/api/bill/admin/payment-methods/${method}`,
        token: admin.token,
        payload: body,
      });
      expect(r.json().message, method).toBe('VALIDATION_ERROR');
    }
  });

  it('should set the public URL that provider redirects and webhooks use', async () => {
    const admin = await siteAdmin(t);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/bill/admin/payment-public-url',
      token: admin.token,
      payload: { publicUrl: 'https://shop.example.com/' },
    });
    expect(res.json().publicUrl).toBe('https://shop.example.com/');
    expect(res.json().methods[0].webhookUrl).toBe('https://shop.example.com/api/webhook/bank');
  });
});
