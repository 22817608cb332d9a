import { describe, expect, it } from 'vitest';
import { api, createCustomer, signIn, type Credentials } from './support/app';
import type { RunningServer } from './support/server';
import { useE2E } from './support/setup';

// A server of its own: the dialogs price the hours an order has left by the browser's clock, so
// the server's clock must not have been moved by another spec (orders.e2e.ts moves it a day on).
const e2e = useE2E();

interface Page<T> {
  items: T[];
}
interface Proxy {
  country: string;
  port: number;
  password: string;
  egressIp: string;
}

async function tokenOf(server: RunningServer, creds: Credentials): Promise<string> {
  const res = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', { body: creds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tokens.accessToken;
}

/** Credits a customer through the owner's add-to-balance. */
async function credit(server: RunningServer, email: string, amount: number): Promise<void> {
  const token = await tokenOf(server, { email: server.adminEmail, password: server.adminPassword });
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

describe('adding proxies to an order and changing its country', () => {
  it('should add 3 IPv4 proxies from /order, show the new quantity, then move the order to the United States', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'amender');
    await credit(server, user.email, 100_000);
    const token = await tokenOf(server, user);
    // The demo catalogue: IPv4 at 3.000 coins per proxy per day in every country, in steps of 1.
    const bought = await api<{ order: { id: string } }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const orderId = bought.body.order.id;
    const before = await api<Page<Proxy>>(server, 'GET', `/api/v4-proxy/list-proxy-me?orderId=${orderId}`, { token });

    await signIn(page, server.baseUrl, user, { lang: 'en', path: '/order' });
    const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
    const quantity = row.locator('.MuiDataGrid-cell[data-field="quantity"]');
    await quantity.filter({ hasText: /^2 × / }).waitFor();

    // Add 3 proxies: the whole day is left, so the live price is 3 × 3.000 coins.
    await row.getByTestId('order-increase-amount').click();
    const add = page.getByTestId('increase-amount-dialog');
    await add.waitFor();
    await page.getByTestId('increase-amount-amount').fill('3');
    await page.getByTestId('increase-amount-total').filter({ hasText: '9,000 coins' }).waitFor();
    await page.getByTestId('increase-amount-submit').click();
    await add.waitFor({ state: 'hidden' });
    await page.getByText('now has 5 proxies').waitFor();
    await quantity.filter({ hasText: /^5 × / }).waitFor();
    await page.getByTestId('topbar-balance').filter({ hasText: '85,000 coins' }).waitFor();

    // Change the country: the United States cost the same per day, so the move is free.
    await row.getByTestId('order-change-country').click();
    const move = page.getByTestId('change-country-dialog');
    await move.waitFor();
    await page.getByTestId('change-country-country').getByRole('combobox').click();
    await page.getByTestId('change-country-option-US').click();
    await page.getByTestId('change-country-total').filter({ hasText: 'Free' }).waitFor();
    await page.getByTestId('change-country-submit').click();
    await move.waitFor({ state: 'hidden' });
    await row.locator('.MuiDataGrid-cell[data-field="code"]').filter({ hasText: 'United States' }).waitFor();
    await page.getByTestId('topbar-balance').filter({ hasText: '85,000 coins' }).waitFor();

    // The history names all three operations.
    await row.getByTestId('order-history').click();
    const history = page.getByTestId('history-row');
    await history.nth(2).waitFor();
    const actions = await history.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.sort()).toEqual(['buy', 'change_country', 'increase_amount']);

    // All five proxies exit from the United States' pool (127.11.0.x on the demo node); the two
    // first ones kept their ports and passwords.
    const after = await api<Page<Proxy>>(server, 'GET', `/api/v4-proxy/list-proxy-me?orderId=${orderId}`, {
      token: await tokenOf(server, user),
    });
    expect(after.body.items).toHaveLength(5);
    for (const p of after.body.items) {
      expect(p.country).toBe('US');
      expect(p.egressIp).toMatch(/^127\.11\.0\.\d+$/);
    }
    for (const p of before.body.items) {
      expect(after.body.items).toContainEqual(expect.objectContaining({ port: p.port, password: p.password }));
    }
  });
  it('should show an error and keep Submit disabled when the prices cannot be loaded', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'noprices');
    await credit(server, user.email, 100_000);
    const token = await tokenOf(server, user);
    const bought = await api<{ order: { id: string } }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // Before the login, so no page of this session ever has the catalogue cached.
    await page.route('**/api/v4-retail/get-all', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"INTERNAL_ERROR"}' }),
    );
    await signIn(page, server.baseUrl, user, { lang: 'en', path: '/order' });
    const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${bought.body.order.id}"]`);

    await row.getByTestId('order-increase-amount').click();
    await page.getByTestId('increase-amount-load-error').filter({ hasText: 'contact system admin' }).waitFor();
    expect(await page.getByTestId('increase-amount-submit').isDisabled()).toBe(true);
    await page.getByTestId('increase-amount-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('increase-amount-dialog').waitFor({ state: 'hidden' });

    await row.getByTestId('order-change-country').click();
    await page.getByTestId('change-country-load-error').filter({ hasText: 'contact system admin' }).waitFor();
    expect(await page.getByTestId('change-country-submit').isDisabled()).toBe(true);
  });
});
