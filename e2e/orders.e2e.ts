import { describe, expect, it } from 'vitest';
import { api, createCustomer, loginViaUi, pathOf, type Credentials } from './support/app';
import type { RunningServer } from './support/server';
import { useE2E } from './support/setup';

// The e2e server runs with TEST_CLOCK=1 (e2e/support/server.ts): POST /api/test/clock and /api/test/run-jobs
// (owner only) let the order expire without waiting a day.
const e2e = useE2E();

const DAY_MS = 24 * 3600_000;
/** The demo catalogue: IPv6 at 400 coins per proxy per day, sold in steps of 50. */
const FIFTY_FOR_A_DAY = 50 * 400;

interface Page<T> {
  items: T[];
}
interface Transaction {
  type: string;
  amount: number;
}

async function tokenOf(server: RunningServer, creds: Credentials): Promise<string> {
  const res = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', { body: creds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tokens.accessToken;
}

/** The owner's token, fetched anew: moving the server clock expires the earlier ones. */
function ownerToken(server: RunningServer): Promise<string> {
  return tokenOf(server, { email: server.adminEmail, password: server.adminPassword });
}

/** Credits a customer through the owner's add-to-balance (seed-spec §7 user admin calls). */
async function credit(server: RunningServer, email: string, amount: number): Promise<void> {
  const token = await ownerToken(server);
  const users = await api<Page<{ id: string; email: string }>>(
    server,
    'GET',
    `/api/user/admin/get-all-user?search=${encodeURIComponent(email)}`,
    { token },
  );
  const user = users.body.items.find((u) => u.email === email);
  expect(user, `customer ${email} in the admin list`).toBeDefined();
  const res = await api(server, 'PUT', `/api/user/admin/add-to-balance/${user?.id}`, {
    token,
    body: { amount, note: 'e2e' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Moves the server's clock forward and runs every background sweep (lifecycle, auto-renew…). */
async function advanceServerClock(server: RunningServer, ms: number): Promise<void> {
  const clock = await api(server, 'POST', '/api/test/clock', {
    token: await ownerToken(server),
    body: { advanceMs: ms },
  });
  expect(clock.status, `POST /api/test/clock (TEST_CLOCK=1): ${JSON.stringify(clock.body)}`).toBe(200);
  const jobs = await api(server, 'POST', '/api/test/run-jobs', { token: await ownerToken(server) });
  expect(jobs.status, `POST /api/test/run-jobs: ${JSON.stringify(jobs.body)}`).toBe(200);
}

describe('buying IPv6 proxies and renewing the order', () => {
  it('should buy 50 IPv6 proxies for 1 day, list them on the success page, then renew the expired order', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'buyer');
    await credit(server, user.email, 100_000);
    await loginViaUi(page, server.baseUrl, user, 'en');
    await page.getByTestId('topbar-balance').filter({ hasText: '100.000 Coin' }).waitFor();

    // Dashboard: buy V6, 50 proxies for 1 day.
    await page.getByTestId('buy-tab-v6').click();
    const form = page.getByTestId('buy-form-v6');
    await form.getByTestId('buy-period-unit').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    await form.getByTestId('buy-period-value').fill('1');
    await form.getByTestId('buy-quantity').fill('50');
    // The live price is the contract's quote(): 50 × 400 coins, and dollars in English.
    await page.getByTestId('buy-price-total').filter({ hasText: '20.000 Coin ($0.83)' }).waitFor();

    await form.getByTestId('buy-submit').click();
    const confirm = page.getByTestId('buy-confirm');
    await confirm.waitFor();
    expect(await page.getByTestId('buy-confirm-total').textContent()).toBe('20.000 Coin ($0.83)');
    await page.getByTestId('buy-confirm-confirm').click();

    // The success page lists the 50 proxies as host:port:user:pass lines.
    await page.waitForURL((url) => url.pathname.startsWith('/order/success/'));
    const orderId = pathOf(page).split('/').pop() ?? '';
    const linesBox = page.getByTestId('order-success-lines');
    await linesBox.waitFor();
    const lines = (await linesBox.inputValue()).trim().split('\n');
    expect(lines).toHaveLength(50);
    for (const line of lines) {
      expect(line).toMatch(/^[^:\s]+:\d+:[A-Za-z0-9]+:[A-Za-z0-9]+$/);
    }
    expect(new Set(lines).size).toBe(50);
    // The top bar's balance follows the purchase.
    await page.getByTestId('topbar-balance').filter({ hasText: '80.000 Coin' }).waitFor();

    // A day later the order has expired; only then can it be renewed (seed-spec §4).
    await advanceServerClock(server, DAY_MS + 3600_000);
    await page.goto(`${server.baseUrl}/order`);
    const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
    await row.locator('[data-status="expired"]').waitFor();
    await row.getByTestId('order-renew').click();
    const renew = page.getByTestId('renew-dialog');
    await renew.waitFor();
    await page.getByTestId('renew-estimate').filter({ hasText: '20.000 Coin' }).waitFor();
    await page.getByTestId('renew-dialog-confirm').click();
    await renew.waitFor({ state: 'hidden' });
    await row.locator('[data-status="using"]').waitFor();
    await page.getByTestId('topbar-balance').filter({ hasText: '60.000 Coin' }).waitFor();

    // The operation history shows the purchase and the renewal, each charged 20.000 coins.
    await row.getByTestId('order-history').click();
    const history = page.getByTestId('history-row');
    await history.nth(1).waitFor();
    expect(await history.count()).toBe(2);
    const actions = await history.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.sort()).toEqual(['buy', 'renew']);
    for (const amount of await page.getByTestId('history-amount').allTextContents()) {
      expect(amount).toBe('-20.000 Coin (-$0.83)');
    }

    // The customer's transaction list has both charges.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const transactions = await api<Page<Transaction>>(server, 'GET', '/api/log/list-transaction', {
      token: token ?? undefined,
    });
    expect(transactions.status).toBe(200);
    const charges = transactions.body.items.filter((t) => t.amount < 0);
    expect(charges.map((t) => t.type).sort()).toEqual(['buy_proxy_v6', 'renew']);
    expect(charges.every((t) => t.amount === -FIFTY_FOR_A_DAY)).toBe(true);
  });
});
