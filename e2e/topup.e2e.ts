import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, BANK_WEBHOOK_KEY, createCustomer, signIn, ownerOf, ownerToken, postBankWebhook } from './support/app';
import { startServer, type RunningServer } from './support/server';
import { useE2E } from './support/setup';

const e2e = useE2E({ env: { BANK_WEBHOOK_KEY } });

/** The PostgreSQL of the two-instance test; another one can be given with E2E_PG_URL. */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Opens /topup and waits for the QR, the transfer code and the open realtime stream (the response
 * to GET /api/events arrives once the server has subscribed the user).
 */
async function openTopup(page: Page, baseUrl: string): Promise<{ code: string; accountNumber: string }> {
  const stream = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200);
  await page.goto(`${baseUrl}/topup`);
  await page.getByTestId('topup-qr').waitFor();
  await stream;
  const code = (await page.getByTestId('topup-code-bill').innerText()).trim();
  expect(code).toMatch(/^NAP[0-9A-Z]{6}$/);
  const accountNumber = (await page.getByTestId('topup-account-number').innerText()).trim();
  return { code, accountNumber };
}

/** The bank transfer reaches the page without a reload: dialog (comma grouping) and top-bar balance. */
async function expectCredited(page: Page, amountText: string, balanceText: string): Promise<void> {
  const dialog = page.getByTestId('topup-success-dialog');
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(amountText);
  await page.getByTestId('topbar-balance').filter({ hasText: balanceText }).waitFor();
  // The marker set before the transfer survives: nothing reloaded the page.
  expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('set');
}

describe('bank transfer top-up', () => {
  it('should show the QR and the code, then the success dialog and the new balance when the bank webhook arrives', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'topup');
    await signIn(page, server.baseUrl, user, { lang: 'en' });
    const { code, accountNumber } = await openTopup(page, server.baseUrl);
    await page.getByTestId('topbar-balance').filter({ hasText: '0 coins' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { e2eMarker?: string }).e2eMarker = 'set';
    });

    await postBankWebhook(server, { content: `MBVCB.8812.${code}.CT tu 0123`, amount: 200_000, accountNumber });

    await expectCredited(page, '200,000', '200,000 coins');
    // docs/screens.md#top-up-success: the id is remembered, so the same top-up is not shown again.
    expect(await page.evaluate(() => localStorage.getItem('lastTopupId'))).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('topup-success-close').click();
    await page.getByTestId('topup-success-dialog').waitFor({ state: 'hidden' });
    // The history refreshed too: the transfer is listed as a success.
    await page.getByTestId('topup-history').locator('[data-status="success"]').first().waitFor();
  });

  it('should show the dialog on instance A when the webhook reaches instance B (PostgreSQL)', async ({ skip }) => {
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch (err) {
      console.log(`[e2e] skipping the two-instance test: PostgreSQL at ${PG_URL} is unreachable (${String(err)})`);
      skip();
      return;
    }
    const dbName = `e2e_topup_${randomBytes(6).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'proxy-panel-e2e-topup-'));
    const servers: RunningServer[] = [];
    try {
      await admin.query(`create database ${dbName}`);
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      // One secret for both instances, as in a real deployment behind a load balancer.
      const env = {
        BANK_WEBHOOK_KEY,
        APP_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
      };
      // One after the other: the first migrates and seeds the empty database.
      servers.push(await startServer({ databaseUrl: url.toString(), smtpUrl: e2e.mail.url, env }));
      servers.push(await startServer({ databaseUrl: url.toString(), smtpUrl: e2e.mail.url, env }));
      const [a, b] = servers as [RunningServer, RunningServer];

      const { page, mail } = e2e;
      const user = await createCustomer(a, mail, 'topup-pg');
      await signIn(page, a.baseUrl, user, { lang: 'en' });
      const { code, accountNumber } = await openTopup(page, a.baseUrl);
      await page.evaluate(() => {
        (window as unknown as { e2eMarker?: string }).e2eMarker = 'set';
      });

      await postBankWebhook(b, { content: `${code} nap tien`, amount: 150_000, accountNumber });

      await expectCredited(page, '150,000', '150,000 coins');
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('descriptions in the reader’s language', () => {
  it('should show the transactions and the top-up history in Vietnamese when the panel is in Vietnamese', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'ledger-vi');
    const login = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', { body: user });
    const token = login.body.tokens.accessToken;
    const bill = await api<{ codeBill: string; bank: { accountNumber: string } }>(server, 'GET', '/api/bill/get-bill', {
      token,
    });
    const code = bill.body.codeBill;
    const announced = await api(server, 'POST', '/api/user/bank-create-order', { token, body: { amount: 1_000_000 } });
    expect(announced.status).toBe(200);
    await postBankWebhook(server, {
      content: `${code} nap tien`,
      amount: 1_000_000,
      accountNumber: bill.body.bank.accountNumber,
    });
    const bought = await api<{ order: { code: string } }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status).toBe(200);

    await signIn(page, server.baseUrl, user, { lang: 'vi', path: '/account' });
    const transactions = page.getByTestId('transactions-grid');
    const topupText = `Chuyển khoản ngân hàng 1.000.000 VND (${code})`;
    await transactions
      .getByText(`${bought.body.order.code}: mua 2 proxy IPv4 Việt Nam, 1 ngày`, { exact: true })
      .waitFor();
    await transactions.getByText(topupText, { exact: true }).waitFor();
    // The English text the server also keeps is not what a Vietnamese reader sees.
    expect(await transactions.getByText('Bank transfer', { exact: false }).count()).toBe(0);

    await page.goto(`${server.baseUrl}/topup`);
    await page.getByTestId('topup-history').getByText(topupText, { exact: true }).waitFor();
  });
});

describe('provider URLs in the admin payment settings', () => {
  it('should refuse a base URL that leads to the metadata service, mark the field and save nothing', async () => {
    const { page, server } = e2e;
    await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/config' });
    const panel = page.getByTestId('payment-method-bytepay');
    // The method's panel opens from its title (bytepay is shown as "Crypto").
    await panel.getByText('Crypto', { exact: true }).click();
    // Fully open before typing and saving: a click while the panel still unfolds can miss its button.
    await panel.locator('.MuiCollapse-entered').waitFor();
    const field = panel.getByTestId('payment-field-baseUrl');
    await field.fill('https://169.254.169.254/latest/meta-data');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/bill/admin/payment-methods/bytepay'));
    await panel.getByTestId('payment-save-bytepay').click();
    const res = await answer;
    expect(`${res.status()} ${((await res.json()) as { message?: string }).message}`).toBe(
      '400 OUTBOUND_URL_NOT_ALLOWED',
    );
    await page
      .getByText('The URL is not allowed: it must be an https address that leads to a public server (API URL)', {
        exact: true,
      })
      .first()
      .waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const config = await api<{ methods: { method: string; values: Record<string, string | null> }[] }>(
      server,
      'GET',
      '/api/bill/admin/payment-methods',
      { token: await ownerToken(server) },
    );
    expect(config.body.methods.find((m) => m.method === 'bytepay')?.values.baseUrl).toBeNull();
  });
});
