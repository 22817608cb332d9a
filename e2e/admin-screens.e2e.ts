import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, ownerOf, ownerToken, tokenOf } from './support/app';
import { useE2E } from './support/setup';

// The admin screens: adding and removing countries, period prices and packages, the order page
// (items, history, free extend, cancel with a refund) and the customer page (with the customer's
// activity), in vi and en.
const e2e = useE2E({ ownServer: 'it edits the catalogue: countries, retail prices and packages every customer sees' });

/** E2E_SHOTS_DIR: also save screenshots of the screens (for a human to look at). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    // Transitions finished (the tab indicator slides), so the picture shows the settled screen.
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
  }
}

async function adminAt(page: Page, path: string, lang: 'vi' | 'en'): Promise<void> {
  const { server } = e2e;
  await signIn(page, server.baseUrl, ownerOf(server), { lang, path: `${path}` });
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** A customer with one v4 order of 50 Vietnamese proxies for a day. */
/**
 * Searches /admin/customers for `email` and opens the customer's page. The click waits for the
 * search's answer (the grid re-renders with it, and a click during that is lost) and is repeated
 * if the page did not change, as a person would click again.
 */
async function openCustomer(page: Page, email: string): Promise<void> {
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/user/admin/get-all-user') && new URL(r.url()).searchParams.get('search') === email,
  );
  await page.getByTestId('customers-search').fill(email);
  await searched;
  const link = page.getByTestId('customer-link').filter({ hasText: email });
  for (let attempt = 1; ; attempt++) {
    await link.click();
    try {
      await page.waitForURL(/\/admin\/customers\/[0-9a-f-]{36}/, { timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) {
        throw err;
      }
    }
  }
}

async function customerWithOrder(tag: string) {
  const { server, mail } = e2e;
  const creds = await createCustomer(server, mail, tag);
  await creditCustomer(server, creds.email, 10_000_000);
  const token = await tokenOf(server, creds);
  const buy = await api<{ order: { id: string; code: string; totalPrice: number } }>(
    server,
    'POST',
    '/api/v4-proxy/buy-retail',
    { token, body: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } } },
  );
  expect(buy.status).toBe(200);
  return { creds, token, order: buy.body.order };
}

describe('price pages: countries and period prices', () => {
  it('should add a country with its prices, add and remove a price, then remove the country (en)', async () => {
    const { page } = e2e;
    await adminAt(page, '/admin/v4/manage-price', 'en');
    await page.getByTestId('admin-country-add').click();
    const dialog = page.getByTestId('country-create-dialog');
    await dialog.getByTestId('country-code').fill('fr');
    await dialog.getByTestId('country-name').fill('France');
    await dialog.getByTestId('country-dayPrice').fill('3000');
    await dialog.getByTestId('country-monthPrice').fill('60000');
    await dialog.getByTestId('country-monthRenew').fill('54000');
    await page.getByTestId('country-create-save').click();
    await toast(page, 'Added');
    // No pool serves France: it is listed out of stock.
    await page.getByTestId('admin-country-stock-FR').filter({ hasText: 'Out of stock' }).waitFor();
    const retail = page.getByTestId('admin-retail');
    await retail.getByRole('row').filter({ hasText: 'France' }).filter({ hasText: '60,000 coins' }).waitFor();

    // The same country again: the server's code, in words.
    await page.getByTestId('admin-country-add').click();
    await dialog.getByTestId('country-code').fill('FR');
    await dialog.getByTestId('country-name').fill('France');
    await page.getByTestId('country-create-save').click();
    await toast(page, 'This country is already in the price list');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('retail-add').click();
    const add = page.getByTestId('retail-create-dialog');
    await add.getByTestId('retail-country').click();
    await page.getByRole('option', { name: 'France' }).click();
    await add.getByTestId('retail-unit').click();
    await page.getByRole('option', { name: 'Week' }).click();
    await add.getByTestId('retail-price').fill('15000');
    await page.getByTestId('retail-create-save').click();
    await toast(page, 'Added');
    await retail.getByRole('row').filter({ hasText: 'France' }).filter({ hasText: '15,000 coins' }).waitFor();
    await page.getByTestId('retail-remove-FR-week').click();
    await page.getByTestId('retail-remove-dialog').getByRole('button', { name: 'Confirm' }).click();
    await retail
      .getByRole('row')
      .filter({ hasText: '15,000 coins' })
      .filter({ hasText: 'France' })
      .waitFor({ state: 'detached' });

    await page.getByTestId('admin-country-remove-FR').click();
    await page.getByTestId('country-remove-dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('admin-country-stock-FR').waitFor({ state: 'detached' });
    await retail.getByRole('row').filter({ hasText: 'France' }).waitFor({ state: 'detached' });
  });

  it('should refuse to remove a country with live proxies and show stock with dots (vi)', async () => {
    const { page } = e2e;
    await customerWithOrder('price-vi');
    await adminAt(page, '/admin/v4/manage-price', 'vi');
    // Stock counts group with dots (docs/product-rules.md#formats); VN's pool has fewer than 1.000.
    const vn = page.getByTestId('admin-country-stock-VN');
    await vn.waitFor();
    expect(await vn.innerText()).toMatch(/^\d{1,3}(\.\d{3})*$/);
    await page.getByTestId('admin-country-remove-VN').click();
    await page.getByTestId('country-remove-dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await toast(page, 'Quốc gia còn proxy hoặc key đang dùng: hãy tắt bán thay vì xóa');
    await page.getByTestId('admin-country-stock-VN').waitFor();
  });
});

describe('package pages', () => {
  it('should create a package and delete it while unsold (vi), and retire a sold one (en)', async () => {
    const { page, server } = e2e;
    await adminAt(page, '/admin/v4/manage-package', 'vi');
    await page.getByTestId('package-add').click();
    const dialog = page.getByTestId('package-create-dialog');
    await dialog.getByTestId('package-name').fill('Nhóm 10');
    await dialog.getByTestId('package-name-eng').fill('Group of 10');
    await dialog.getByTestId('package-price').fill('90000');
    await dialog.getByTestId('package-proxies').fill('10');
    await page.getByTestId('package-create-save').click();
    await toast(page, 'Đã thêm');
    const created = await api<{ name: string; nameEng: string | null }[]>(
      server,
      'GET',
      '/api/v4-package/admin/get-all-package',
      { token: await ownerToken(server) },
    );
    expect(created.body.find((p) => p.name === 'Nhóm 10')?.nameEng).toBe('Group of 10');
    const table = page.getByTestId('admin-packages-v4');
    const row = table.getByRole('row').filter({ hasText: 'Nhóm 10' });
    await row.filter({ hasText: '90.000 Xu' }).waitFor();
    await row.getByTestId('package-remove').click();
    await page.getByTestId('package-remove-dialog').getByRole('button', { name: 'Xác nhận' }).click();
    await toast(page, 'Đã xóa gói');
    await row.waitFor({ state: 'detached' });

    // A package someone bought is retired: off sale, still listed for the admin.
    const token = await ownerToken(server);
    const pkg = await api<{ id: string }>(server, 'POST', '/api/v4-package/admin/create-package', {
      token,
      body: { name: 'Solo Seven', price: 20000, days: 7, proxies: 1 },
    });
    const buyer = await createCustomer(server, e2e.mail, 'retire');
    await creditCustomer(server, buyer.email, 100_000);
    const bought = await api(server, 'POST', `/api/v4-proxy/buy-package/${pkg.body.id}`, {
      token: await tokenOf(server, buyer),
      body: { country: 'VN' },
    });
    expect(bought.status).toBe(200);
    // Already signed in: ?lang= switches the language (docs/product-rules.md#languages).
    await page.goto(`${server.baseUrl}/admin/v4/manage-package?lang=en`);
    const sold = page.getByTestId('admin-packages-v4').getByRole('row').filter({ hasText: 'Solo Seven' });
    await sold.getByTestId('package-remove').click();
    await page.getByTestId('package-remove-dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The package has buyers, so it was taken off sale');
    await sold.waitFor();
    const all = await api<{ id: string; active: boolean }[]>(server, 'GET', '/api/v4-package/admin/get-all-package', {
      token: await ownerToken(server),
    });
    expect(all.body.find((p) => p.id === pkg.body.id)?.active).toBe(false);
  });
});

describe('order page', () => {
  it('should show the order, extend it for free and cancel it with one refund (en)', async () => {
    const { page, server } = e2e;
    const { creds, token, order } = await customerWithOrder('order-en');
    await adminAt(page, '/admin/v4/manage-order', 'en');
    await page.getByTestId('admin-order-link').filter({ hasText: order.code }).click();
    await page.getByRole('heading', { name: `Order ${order.code}` }).waitFor();
    await page.getByTestId('order-customer').filter({ hasText: creds.email }).waitFor();
    await page.getByTestId('order-items-grid').getByText('1–25 of 50').waitFor();
    const expires = await page.getByTestId('order-expires').innerText();

    await page.getByTestId('order-extend').click();
    await page.getByTestId('order-extend-value').fill('2');
    await page.getByTestId('order-extend-save').click();
    await toast(page, 'Extended');
    await page.getByTestId('order-expires').filter({ hasNotText: expires }).waitFor();
    await page.getByTestId('order-history').getByText('Extended by an admin').waitFor();

    const before = await api<{ balance: number }>(server, 'GET', '/api/user/get-money', { token });
    await page.getByTestId('order-cancel').click();
    const refund = page.getByTestId('order-refund-amount');
    expect(await refund.inputValue()).toBe(String(order.totalPrice));
    await refund.fill('50000');
    await page.getByTestId('order-cancel-save').click();
    await toast(page, 'Order cancelled, 50,000 coins refunded');
    await page.getByTestId('order-status').getByText('Cancelled').waitFor();
    await page.getByTestId('order-history').getByText('50 proxies/keys released, 50,000 coins refunded').waitFor();
    expect(await page.getByTestId('order-extend').count()).toBe(0);
    const after = await api<{ balance: number }>(server, 'GET', '/api/user/get-money', { token });
    expect(after.body.balance - before.body.balance).toBe(50_000);
  });
});

describe('customer page', () => {
  it('should show a customer’s balance, orders, proxies and ledger (vi)', async () => {
    const { page } = e2e;
    const { creds, order } = await customerWithOrder('customer-vi');
    await adminAt(page, '/admin/customers', 'vi');
    await openCustomer(page, creds.email);
    await page.getByRole('heading', { name: `Khách hàng ${creds.email}` }).waitFor();
    const balance = await page.getByTestId('customer-detail-balance').innerText();
    expect(balance).toMatch(/^\d{1,3}(\.\d{3})* Xu$/);
    await page.getByTestId('customer-orders-grid').getByText(order.code).waitFor();
    await page.getByTestId('customer-tab-proxies').click();
    // A full first page (25 rows and the header) of the 50 proxies.
    await page.getByTestId('customer-proxies-grid').getByRole('row').nth(25).waitFor();
    await page.getByTestId('customer-tab-ledger').click();
    await page.getByTestId('customer-ledger-grid').getByText('+10.000.000').waitFor();
  });

  it('should show a site admin another admin’s account without its money (en)', async () => {
    const { server, mail, page } = e2e;
    const owner = await ownerToken(server);
    const ids: string[] = [];
    const [admin, peer] = [
      await createCustomer(server, mail, 'site-admin'),
      await createCustomer(server, mail, 'peer'),
    ];
    for (const creds of [admin, peer]) {
      const me = await api<{ id: string }>(server, 'GET', '/api/user/me', { token: await tokenOf(server, creds) });
      const promoted = await api(server, 'PUT', `/api/user/admin/update-user/${me.body.id}`, {
        token: owner,
        body: { role: 2 },
      });
      expect(promoted.status).toBe(200);
      ids.push(me.body.id);
    }
    // The customers list holds customers only; another admin's page is reached by its address.
    await signIn(page, server.baseUrl, admin, { lang: 'en', path: `/admin/customers/${ids[1]}` });
    await page.getByRole('heading', { name: `Customer ${peer.email}` }).waitFor();
    expect(await page.getByTestId('customer-detail-balance').innerText()).toBe('—');
    await page.getByTestId('customer-orders-grid').waitFor();
    expect(await page.getByTestId('customer-detail-add').count()).toBe(0);
    const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(tabs).toEqual(['customer-tab-orders', 'customer-tab-proxies', 'customer-tab-keys']);
    await shot(page, 'admin-peer-admin-en-1366');
  });

  it('should show a customer’s activity with their purchase and the admin’s credit, on a screen and a phone (en, vi)', async () => {
    const { server, page } = e2e;
    const { creds, order } = await customerWithOrder('activity');
    await adminAt(page, '/admin/customers', 'en');
    await openCustomer(page, creds.email);
    await page.getByTestId('customer-detail-balance').waitFor();
    const customerUrl = page.url();
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, server.baseUrl, ownerOf(server), { lang: 'en' });
    const words = {
      en: {
        bought: 'Order bought',
        credited: 'Balance adjusted by an administrator',
        customer: 'Customer',
        admin: 'Administrator',
        cost: 'Cost',
      },
      vi: {
        bought: 'Mua đơn hàng',
        credited: 'Quản trị viên điều chỉnh số dư',
        customer: 'Khách hàng',
        admin: 'Quản trị viên',
        cost: 'Chi phí',
      },
    };
    for (const lang of ['en', 'vi'] as const) {
      const w = words[lang];
      for (const [p, width] of [
        [page, 1366],
        [phone, 390],
      ] as const) {
        await p.evaluate((l) => localStorage.setItem('clientLanguage', l), lang);
        await p.goto(customerUrl);
        await p.getByTestId('customer-tab-activity').click();
        const grid = p.getByTestId('customer-activity-grid');
        // The purchase, by the customer (not "You": the admin reads it), with its code and cost.
        const bought =
          width === 390
            ? grid.getByTestId('activity-item').filter({ hasText: w.bought })
            : grid.getByRole('row').filter({ hasText: w.bought });
        await bought
          .filter({ hasText: order.code })
          .filter({ hasText: w.customer })
          .filter({ hasText: `${w.cost}:` })
          .waitFor();
        // The admin's credit, by the admin.
        await grid.getByText(w.credited).first().waitFor();
        const credit =
          width === 390
            ? grid.getByTestId('activity-item').filter({ hasText: w.credited })
            : grid.getByRole('row').filter({ hasText: w.credited });
        await credit.filter({ hasText: w.admin }).first().waitFor();
        if (width === 390) {
          // A block per row: the purchase's detail is on the phone's screen, not in a column off it.
          const box = await bought.getByText(order.code).first().boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
        }
        await shot(p, `admin-customer-activity-${lang}-${width}`);
      }
    }
  });
});
