import type { Locator, Page as BrowserPage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  advanceServerClock,
  api,
  createCustomer,
  creditCustomer,
  signIn,
  pathOf,
  tokenOf,
  selectBuyTab,
} from './support/app';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

// The e2e server runs with TEST_CLOCK=1 (e2e/support/server.ts): POST /api/test/clock and /api/test/run-jobs
// (owner only) let the order expire without waiting a day.
const e2e = useE2E({ ownServer: 'it moves the server clock' });

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

function gridRows(grid: Locator): Locator {
  return grid.locator('.MuiDataGrid-row');
}

/** Waits for the top bar's balance to read `text`. */
function balance(page: BrowserPage, text: string): Promise<void> {
  return page.getByTestId('topbar-balance').filter({ hasText: text }).waitFor();
}

describe('buying IPv6 proxies and renewing the order', () => {
  it('should buy 50 IPv6 proxies for 1 day, list them on the success page, then renew the expired order', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'buyer');
    await creditCustomer(server, user.email, 100_000);
    await signIn(page, server.baseUrl, user, { lang: 'en' });
    await page.getByTestId('topbar-balance').filter({ hasText: '100,000 coins' }).waitFor();

    // Dashboard: buy V6, 50 proxies for 1 day.
    await selectBuyTab(page, 'v6');
    const form = page.getByTestId('buy-form-v6');
    await form.getByTestId('buy-period-unit').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Day', exact: true }).click();
    await form.getByTestId('buy-period-value').fill('1');
    await form.getByTestId('buy-quantity').fill('50');
    // The live price is the contract's quote(): 50 × 400 coins, and dollars in English.
    await page.getByTestId('buy-price-total').filter({ hasText: '20,000 coins ($0.83)' }).waitFor();

    await form.getByTestId('buy-submit').click();
    const confirm = page.getByTestId('buy-confirm');
    await confirm.waitFor();
    expect(await page.getByTestId('buy-confirm-total').textContent()).toBe('20,000 coins ($0.83)');
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
    await page.getByTestId('topbar-balance').filter({ hasText: '80,000 coins' }).waitFor();

    // A day later the order has expired; only then can it be renewed (docs/product-rules.md#order-states).
    await advanceServerClock(server, DAY_MS + 3600_000);
    await openInApp(page, '/order');
    const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
    await row.locator('[data-status="expired"]').waitFor();
    await row.getByTestId('order-renew').click();
    const renew = page.getByTestId('renew-dialog');
    await renew.waitFor();
    await page.getByTestId('renew-estimate').filter({ hasText: '20,000 coins' }).waitFor();
    await page.getByTestId('renew-dialog-confirm').click();
    await renew.waitFor({ state: 'hidden' });
    await row.locator('[data-status="using"]').waitFor();
    await page.getByTestId('topbar-balance').filter({ hasText: '60,000 coins' }).waitFor();

    // The operation history shows the purchase and the renewal, each charged 20.000 coins.
    await row.getByTestId('order-history').click();
    const history = page.getByTestId('history-row');
    await history.nth(1).waitFor();
    expect(await history.count()).toBe(2);
    const actions = await history.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.sort()).toEqual(['buy', 'renew']);
    for (const amount of await page.getByTestId('history-amount').allTextContents()) {
      expect(amount).toBe('-20,000 coins (-$0.83)');
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

    // …and so does the account's transaction list screen: the credit and the two charges.
    await openInApp(page, '/account');
    const listed = gridRows(page.getByTestId('transactions-grid'));
    for (const type of ['Buy IPv6 proxy', 'Renew']) {
      await listed.filter({ hasText: type }).getByTestId('transaction-amount').filter({ hasText: '-20,000' }).waitFor();
    }
    await expect.poll(() => listed.count()).toBe(3);
    const amounts = await page.getByTestId('transactions-grid').getByTestId('transaction-amount').allTextContents();
    expect(amounts.sort()).toEqual(['+100,000', '-20,000', '-20,000']);
  });
});

describe('order management', () => {
  it('should filter by status, add bandwidth to a package, keep auto-renew per order and show each order’s history', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'orders');
    await creditCustomer(server, user.email, 300_000);
    const token = await tokenOf(server, user);
    // One IPv4 proxy for an hour (300 coins) and the Starter package (120.000 coins, 50 GB).
    const retail = await api<{ order: { id: string; code: string } }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: 'VN', quantity: 1, period: { unit: 'hour', value: 1 } },
    });
    expect(retail.status, JSON.stringify(retail.body)).toBe(200);
    const packages = await api<{ id: string; name: string }[]>(server, 'GET', '/api/v4-package/get-all-package');
    const starter = packages.body.find((p) => p.name === 'Starter');
    expect(starter, 'the demo Starter package').toBeDefined();
    const pkg = await api<{ order: { id: string; code: string } }>(
      server,
      'POST',
      `/api/v4-proxy/buy-package/${starter?.id}`,
      { token, body: { country: 'VN', protocol: 'http' } },
    );
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    // Two hours later the hourly order has expired; the 30-day package is still in use.
    await advanceServerClock(server, 2 * 3600_000);

    await signIn(page, server.baseUrl, user, { lang: 'en', path: '/order' });
    await balance(page, '179,700 coins');
    const grid = page.getByTestId('orders-grid');
    const rows = gridRows(grid);
    const retailRow = grid.locator(`.MuiDataGrid-row[data-id="${retail.body.order.id}"]`);
    const packageRow = grid.locator(`.MuiDataGrid-row[data-id="${pkg.body.order.id}"]`);
    await packageRow.waitFor();
    await retailRow.waitFor();
    expect(await rows.count()).toBe(2);

    // The status filter asks the server for one status at a time.
    const filterBy = async (status: string) => {
      await page.getByTestId('orders-status-filter').getByRole('combobox').click();
      await page.getByRole('option', { name: status, exact: true }).click();
    };
    await filterBy('Expired');
    await packageRow.waitFor({ state: 'detached' });
    await retailRow.locator('[data-status="expired"]').waitFor();
    expect(await rows.count()).toBe(1);
    await filterBy('Using');
    await retailRow.waitFor({ state: 'detached' });
    await packageRow.locator('[data-status="using"]').waitFor();
    expect(await rows.count()).toBe(1);
    await filterBy('All');
    await retailRow.waitFor();

    // Extra bandwidth for the package: 10 GB at 5.000 coins per GB.
    expect(await retailRow.getByTestId('order-bandwidth').count()).toBe(0);
    await packageRow.getByTestId('order-bandwidth').click();
    const bandwidth = page.getByTestId('bandwidth-dialog');
    await bandwidth.getByText('Now 50 GB, at most 1,000 GB. 5,000 coins ($0.21) per GB.', { exact: true }).waitFor();
    await page.getByTestId('bandwidth-gb').fill('10');
    await bandwidth.getByText('50,000 coins ($2.08)', { exact: true }).waitFor();
    await page.getByTestId('bandwidth-dialog-confirm').click();
    await bandwidth.waitFor({ state: 'hidden' });
    await page.getByText('New bandwidth: 60 GB', { exact: true }).waitFor();
    await balance(page, '129,700 coins');
    // The table keeps the bandwidth in the order's details; the dialog says the new one.
    await packageRow.getByTestId('order-bandwidth').click();
    await bandwidth.getByText(/^Now 60 GB, at most 1,000 GB\./).waitFor();
    await page.keyboard.press('Escape');
    await bandwidth.waitFor({ state: 'hidden' });

    // Auto-renew is per order and survives a reload.
    const packageSwitch = packageRow.getByTestId('order-auto-renew').locator('input');
    expect(await packageSwitch.isChecked()).toBe(false);
    await packageSwitch.click();
    await page.getByText('Updated successfully', { exact: true }).first().waitFor();
    await expect.poll(() => packageSwitch.isChecked()).toBe(true);
    await page.reload();
    await packageRow.waitFor();
    await expect.poll(() => packageSwitch.isChecked()).toBe(true);
    expect(await retailRow.getByTestId('order-auto-renew').locator('input').isChecked()).toBe(false);

    // Renewing the expired order, then each order's history.
    await retailRow.getByTestId('order-renew').click();
    await page.getByTestId('renew-estimate').filter({ hasText: '300 coins' }).waitFor();
    await page.getByTestId('renew-dialog-confirm').click();
    await page.getByTestId('renew-dialog').waitFor({ state: 'hidden' });
    await retailRow.locator('[data-status="using"]').waitFor();
    await balance(page, '129,400 coins');

    const historyOf = async (row: Locator): Promise<string[]> => {
      await row.getByTestId('order-history').click();
      const dialog = page.getByTestId('history-dialog');
      await dialog.getByTestId('history-row').first().waitFor();
      const entries = await dialog
        .getByTestId('history-row')
        .evaluateAll((trs) =>
          trs.map(
            (tr) =>
              `${tr.getAttribute('data-action')} ${tr.querySelector('[data-testid="history-amount"]')?.textContent}`,
          ),
        );
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      return entries.sort();
    };
    expect(await historyOf(retailRow)).toEqual(['buy -300 coins (-$0.01)', 'renew -300 coins (-$0.01)']);
    expect(await historyOf(packageRow)).toEqual([
      'buy -120,000 coins (-$5.00)',
      'increase_bandwidth -50,000 coins (-$2.08)',
    ]);
    expect(pathOf(page)).toBe('/order');
  });
});
