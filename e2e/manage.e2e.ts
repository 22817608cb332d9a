import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, signIn, ownerOf, tokenOf, type Credentials } from './support/app';
import type { RunningServer } from './support/server';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

// The screens built from the shared list pieces (paged grid, search box, row selection, batch-action
// and form dialogs): the customer's proxy and key lists and account transactions, and the admin's
// customers, transactions and catalogue.
const e2e = useE2E({ ownServer: 'it edits a retail price and a package every customer sees' });

interface Paged<T> {
  items: T[];
}

/** A customer with 500,000 coins, two IPv4 proxies and one rotating key, all bought through the API. */
async function customerWithProxies(server: RunningServer, creds: Credentials): Promise<void> {
  const ownerToken = await tokenOf(server, ownerOf(server));
  const users = await api<Paged<{ id: string; email: string }>>(
    server,
    'GET',
    `/api/user/admin/get-all-user?search=${encodeURIComponent(creds.email)}`,
    { token: ownerToken },
  );
  const user = users.body.items.find((u) => u.email === creds.email);
  const credit = await api(server, 'PUT', `/api/user/admin/add-to-balance/${user?.id}`, {
    token: ownerToken,
    body: { amount: 500_000, note: 'e2e' },
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);

  const token = await tokenOf(server, creds);
  const proxies = await api(server, 'POST', '/api/v4-proxy/buy-retail', {
    token,
    body: { country: 'VN', quantity: 2, period: { unit: 'day', value: 1 } },
  });
  expect(proxies.status, JSON.stringify(proxies.body)).toBe(200);
  const packages = await api<{ id: string; nameEng: string | null }[]>(
    server,
    'GET',
    '/api/key-package/get-all-package',
  );
  const keyPackage = packages.body.find((p) => p.nameEng === 'Key 1 day');
  expect(keyPackage, 'the demo key package').toBeDefined();
  const key = await api(server, 'POST', `/api/key/buy-key-package/${keyPackage?.id}`, {
    token,
    body: { country: 'VN' },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
}

function rows(grid: Locator): Locator {
  return grid.locator('.MuiDataGrid-row');
}

describe('proxy management', () => {
  it('should ask for a selection, then comment and auto-renew the chosen proxy, and delete the chosen key', async () => {
    const { server, mail, page } = e2e;
    const creds = await createCustomer(server, mail, 'manage');
    await customerWithProxies(server, creds);
    await signIn(page, server.baseUrl, creds, { path: '/manage-proxy?tab=v4' });

    const grid = page.getByTestId('proxies-grid-v4');
    await rows(grid).nth(1).waitFor();
    // The grid may hold a row more for a frame while it renders the first page: count once settled.
    await expect.poll(() => rows(grid).count()).toBe(2);

    // docs/product-rules.md#batch-actions: nothing chosen, nothing to act on; export acts on the list.
    expect(await page.getByTestId('batch-comment').isDisabled()).toBe(true);
    expect(await page.getByTestId('batch-renew').isDisabled()).toBe(true);
    expect(await page.getByTestId('batch-export').isEnabled()).toBe(true);

    const first = rows(grid).first();
    await first.getByRole('checkbox').check();
    await page.getByTestId('batch-selected').filter({ hasText: '1 selected' }).waitFor();
    await page.getByTestId('batch-comment').click();
    expect(await page.getByTestId('comment-input').inputValue()).toBe('');
    await page.getByTestId('comment-input').fill('e2e note');
    await page.getByTestId('comment-dialog-confirm').click();
    await page.getByTestId('comment-dialog').waitFor({ state: 'hidden' });
    await first.filter({ hasText: 'e2e note' }).waitFor();

    // One proxy chosen: the dialog starts from its comment.
    await page.getByTestId('batch-comment').click();
    expect(await page.getByTestId('comment-input').inputValue()).toBe('e2e note');
    await page.getByTestId('comment-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('batch-autoRenewOn').click();
    await page.getByTestId('auto-renew-dialog').filter({ hasText: 'Applies to the selected proxy.' }).waitFor();
    await page.getByTestId('auto-renew-dialog-confirm').click();
    await page.getByTestId('auto-renew-dialog').waitFor({ state: 'hidden' });
    await first.locator('.MuiChip-root').filter({ hasText: 'On' }).waitFor();
    expect(await rows(grid).nth(1).locator('.MuiChip-root').filter({ hasText: 'On' }).count()).toBe(0);

    await page.getByTestId('proxy-tab-key').click();
    const keys = page.getByTestId('keys-grid');
    await rows(keys).first().waitFor();
    await rows(keys).first().getByRole('checkbox').check();
    await page.getByTestId('batch-selected').filter({ hasText: '1 selected' }).waitFor();
    await page.getByTestId('batch-delete').click();
    await page.getByTestId('delete-keys-dialog-confirm').click();
    await rows(keys).first().locator('[data-status="locked"]').waitFor();
    // A deleted key cannot stay chosen.
    await page.getByTestId('batch-selected').filter({ hasText: '0 selected' }).waitFor();
  });

  it('should switch auto-renew for all private proxies on the account page and keep it after a reload', async () => {
    const { server, mail, page } = e2e;
    const creds = await createCustomer(server, mail, 'autorenew');
    await signIn(page, server.baseUrl, creds, { path: '/account' });
    const toggle = page.getByTestId('private-auto-renew').locator('input');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // A click, then the outcome: the saved state is what matters, not the frame after the click.
    await toggle.click();
    await page.getByText('Auto-renew is on for all private proxies').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    const token = await tokenOf(server, creds);
    const me = await api<{ autoRenewPrivate: boolean }>(server, 'GET', '/api/user/me', { token });
    expect(me.body.autoRenewPrivate).toBe(true);
    await page.reload();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText('Auto-renew is off for all private proxies').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(
      (await api<{ autoRenewPrivate: boolean }>(server, 'GET', '/api/user/me', { token })).body.autoRenewPrivate,
    ).toBe(false);
  });

  it('should search the account transactions', async () => {
    const { server, mail, page } = e2e;
    const creds = await createCustomer(server, mail, 'account');
    await customerWithProxies(server, creds);
    await signIn(page, server.baseUrl, creds, { path: '/account' });

    const grid = page.getByTestId('transactions-grid');
    await rows(grid).nth(2).waitFor();
    await page.getByTestId('transactions-search').fill('no-such-transaction');
    await grid.filter({ hasText: 'Nothing here yet' }).waitFor();
    await page.getByTestId('transactions-search').fill('');
    await rows(grid).nth(2).waitFor();
  });
});

describe('admin lists and catalogue', () => {
  it('should find a customer and their transactions by email, and edit a retail price and a package', async () => {
    const { server, mail, page } = e2e;
    const customer = await createCustomer(server, mail, 'findme');
    await customerWithProxies(server, customer);
    await signIn(page, server.baseUrl, ownerOf(server), { path: '/admin/customers' });

    await page.getByTestId('customers-search').fill(customer.email);
    const customers = page.getByTestId('customers-grid');
    await customers.locator('.MuiDataGrid-row').filter({ hasText: customer.email }).waitFor();
    await expect.poll(() => rows(customers).count(), { timeout: 10_000 }).toBe(1);

    await openInApp(page, '/admin/transactions');
    const transactions = page.getByTestId('admin-transactions-grid');
    await page.getByTestId('admin-transactions-search').fill(customer.email);
    // The credit and the two purchases, and nobody else's (the search runs once typing pauses).
    await rows(transactions).filter({ hasText: customer.email }).first().waitFor();
    await expect.poll(() => rows(transactions).count(), { timeout: 10_000 }).toBe(3);
    expect(await rows(transactions).filter({ hasText: customer.email }).count()).toBe(3);

    await openInApp(page, '/admin/v4/manage-price');
    await page.getByTestId('retail-edit').first().click();
    const retail = page.getByTestId('retail-edit-dialog');
    await retail.waitFor();
    await page.getByTestId('retail-price').fill('1234');
    await page.getByTestId('retail-save').click();
    await retail.waitFor({ state: 'hidden' });
    await page
      .getByTestId('admin-retail')
      .locator('.MuiDataGrid-row')
      .first()
      .filter({ hasText: '1,234 coins' })
      .waitFor();

    await openInApp(page, '/admin/v4/manage-package');
    await page.getByTestId('package-edit').first().click();
    const pkg = page.getByTestId('package-edit-dialog');
    await pkg.locator('input[name="name"]').fill('Renamed by e2e');
    await pkg.locator('input[type="checkbox"]').uncheck();
    await page.getByTestId('package-save').click();
    await pkg.waitFor({ state: 'hidden' });
    const renamed = page
      .getByTestId('admin-packages-v4')
      .locator('.MuiDataGrid-row')
      .filter({ hasText: 'Renamed by e2e' });
    await renamed.filter({ hasText: 'Not on sale' }).waitFor();
  });
});
