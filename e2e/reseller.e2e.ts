import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, signIn, ownerOf, pathOf, uniqueEmail } from './support/app';
import { OWNER_HOST } from './support/browser';
import { layoutProblems } from './support/layout-checks';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

const e2e = useE2E();

/** E2E_SHOTS_DIR: also save screenshots of the screens (for a human to look at). */
const SHOTS = process.env.E2E_SHOTS_DIR;
const LANGS = ['vi', 'en'] as const;
const WIDTHS = [1366, 390] as const;

/** No covered control, no sideways scroll (`tables`: on customer pages no table either); then a screenshot. */
async function checkLayout(page: Page, name: string, tables = false): Promise<void> {
  expect(await layoutProblems(page, { tables }), name).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }
}

// Chromium resolves every *.localhost name to the loopback address, so a new host needs no DNS.
const NEW_HOST = 'reseller-e2e.localhost';

describe('the reseller story', () => {
  it('should let the owner make a customer a site admin who opens /admin, then revoke it', async () => {
    const { page: owner, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'reseller');
    await signIn(owner, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/customers?lang=en' });
    await owner.getByTestId('customers-search').fill(user.email);
    const customers = owner.getByTestId('customers-grid');
    const row = customers.getByRole('row').filter({ hasText: user.email });
    await row.getByTestId('customer-promote').click();
    const dialog = owner.getByTestId('role-dialog');
    expect(await dialog.innerText()).toContain(`${user.email} will manage this site`);
    await dialog.getByTestId('role-dialog-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    // A site admin is no customer any more: the list updates, and the admins tab shows the user.
    await row.waitFor({ state: 'detached' });
    await owner.getByTestId('customers-tab-admins').click();
    const adminRow = owner.getByTestId('admins-grid').getByRole('row').filter({ hasText: user.email });
    await adminRow.getByText('Site admin', { exact: true }).waitFor();

    // The new site admin opens /admin and manages customers, without the owner's role actions.
    const reseller = await e2e.newPage();
    await signIn(reseller, server.baseUrl, user, { lang: 'vi', path: '/admin/customers?lang=vi' });
    await reseller.getByTestId('customers-grid').getByRole('columnheader', { name: 'Email' }).waitFor();
    expect(pathOf(reseller)).toBe('/admin/customers');
    expect(await reseller.getByTestId('customer-promote').count()).toBe(0);
    expect(await reseller.getByTestId('customers-tab-admins').count()).toBe(0);

    // Revoked: out of the admins, back among the customers, and /admin is closed to the user.
    await adminRow.getByTestId('admin-revoke').click();
    const revoke = owner.getByTestId('role-dialog');
    expect(await revoke.innerText()).toContain('can no longer open /admin');
    await revoke.getByTestId('role-dialog-confirm').click();
    await adminRow.waitFor({ state: 'detached' });
    await owner.getByTestId('customers-tab-customers').click();
    await owner.getByTestId('customers-search').fill(user.email);
    await owner.getByTestId('customers-grid').getByRole('row').filter({ hasText: user.email }).waitFor();

    await reseller.goto(`${server.baseUrl}/admin/customers?lang=vi`);
    await reseller.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await signIn(reseller, server.baseUrl, user, { lang: 'vi', path: '/admin?lang=vi' });
    await reseller.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('should lay out the customers and admins tabs at 1366 and 390 px in vi and en', async () => {
    const { server, mail } = e2e;
    await createCustomer(server, mail, 'listed');
    for (const width of WIDTHS) {
      const owner = await e2e.newPage({ viewport: { width, height: 900 } });
      await signIn(owner, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/customers' });
      for (const lang of LANGS) {
        await openInApp(owner, `/admin/customers?lang=${lang}`);
        // The page stays mounted across a move inside the app: back on its first tab.
        await owner.getByTestId('customers-tab-customers').click();
        await owner.getByTestId('customers-grid').getByTestId('customer-promote').first().waitFor();
        // One pager label in Vietnamese, the grid's and the cards'.
        expect(await owner.getByTestId('customers-grid').innerText()).not.toContain('Số hàng mỗi trang');
        await checkLayout(owner, `customers-${width}-${lang}`);
        await owner.getByTestId('customer-promote').first().click();
        await owner.getByTestId('role-dialog').waitFor();
        await checkLayout(owner, `promote-dialog-${width}-${lang}`);
        await owner.keyboard.press('Escape');
        await owner.getByTestId('role-dialog').waitFor({ state: 'hidden' });
        await owner.getByTestId('customers-tab-admins').click();
        await owner
          .getByTestId('admins-grid')
          .getByText(lang === 'vi' ? 'Chủ hệ thống' : 'Owner', { exact: true })
          .first()
          .waitFor();
        await checkLayout(owner, `admins-${width}-${lang}`);
      }
    }
  });

  it('should open a new site from an untouched dialog, link to its admin and show no empty sections', async () => {
    const { page, server } = e2e;
    await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/sites?lang=en' });
    await page.getByTestId('sites-grid').getByText('Proxy Owner', { exact: true }).waitFor();
    await page.getByTestId('site-add').click();
    const dialog = page.getByTestId('site-form-dialog');
    await dialog.getByTestId('site-field-slug').waitFor();
    // Nothing typed yet: nothing is red.
    expect(await dialog.locator('.Mui-error').count()).toBe(0);
    await checkLayout(page, 'site-dialog-untouched-1366-en');
    // Leaving the title empty marks it; saving marks every field still wrong.
    await dialog.getByTestId('site-field-title').focus();
    await dialog.getByTestId('site-field-title').blur();
    await expect.poll(() => dialog.locator('.Mui-error').count()).toBeGreaterThan(0);
    await dialog.getByTestId('site-form-submit').click();
    await dialog.locator('label.Mui-error', { hasText: 'Hosts' }).waitFor();
    await dialog.locator('label.Mui-error', { hasText: 'Slug' }).waitFor();
    await dialog.getByTestId('site-field-slug').fill('reseller-e2e');
    await dialog.getByTestId('site-field-hosts').fill(NEW_HOST);
    await dialog.getByTestId('site-field-title').fill('Reseller Shop');
    expect(await dialog.locator('.Mui-error').count()).toBe(0);
    await dialog.getByTestId('site-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    // The list links to the new site's admin panel, in a new tab.
    const link = page.getByTestId('site-admin-link-reseller-e2e');
    expect(await link.getAttribute('href')).toBe(`http://${NEW_HOST}:${server.port}/admin`);
    expect(await link.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForURL((url) => url.hostname === NEW_HOST);
    await tab.close();

    // Its landing: prices, and none of the sections it has not filled in.
    for (const lang of LANGS) {
      for (const width of WIDTHS) {
        const visitor = await e2e.newPage({ viewport: { width, height: 900 } });
        await visitor.goto(`${server.urlFor(NEW_HOST)}/?lang=${lang}`);
        await visitor.getByTestId('price-table-v6').waitFor();
        for (const id of ['about', 'more', 'faq', 'quotes', 'contacts']) {
          expect(await visitor.locator(`section#${id}`).count(), id).toBe(0);
        }
        const text = await visitor.locator('body').innerText();
        expect(text).not.toContain(lang === 'vi' ? 'Chưa có kênh hỗ trợ' : 'No support channel');
        await checkLayout(visitor, `new-site-landing-${width}-${lang}`);
      }
    }
  });
});

describe('copy customers read', () => {
  it('should say true, consistent things in both languages', async () => {
    const { server, mail } = e2e;
    const customer = await createCustomer(server, mail, 'copy');
    const developer = { email: uniqueEmail('dev'), password: 'Dev-pass-123' };
    const body = { ...developer, passwordConfirm: developer.password };
    expect((await api(server, 'POST', '/api/auth/register', { body, host: OWNER_HOST })).status).toBe(200);
    const code = await mail.nextOtp(developer.email);
    const verify = { email: developer.email, code };
    expect((await api(server, 'POST', '/api/auth/verify', { body: verify, host: OWNER_HOST })).status).toBe(200);
    for (const lang of LANGS) {
      const page = await e2e.newPage();
      // The demo landing: the FAQ says which proxies change IP, no invented quotes, no list of
      // payment methods the site may not take.
      await page.goto(`${server.baseUrl}/?lang=${lang}`);
      const faq = page.locator('section#faq');
      await faq.waitFor();
      await faq.getByText(lang === 'vi' ? 'Tôi có thể đổi IP không?' : 'Can I change the IP?').click();
      await faq.getByText(lang === 'vi' ? 'mọi proxy IPv6 và IPv4' : 'every IPv6 and IPv4 proxy').waitFor();
      expect(await page.locator('section#quotes').count()).toBe(0);
      const landing = await page.locator('body').innerText();
      expect(landing).not.toMatch(/PayPal, MoMo|24\/7/);

      // Menu labels.
      await signIn(page, server.baseUrl, customer, { lang });
      const nav = page.getByTestId('nav-drawer').first();
      await nav.getByText(lang === 'vi' ? 'Nạp tiền' : 'Top up', { exact: true }).waitFor();
      await nav.getByText(lang === 'vi' ? 'Kiểm tra proxy' : 'Check proxy', { exact: true }).waitFor();
      expect(await nav.innerText()).not.toMatch(/Topup|Check Proxy/);

      // The promotion on the top-up page is stated in the chosen method's currency (bank: VND).
      await openInApp(page, `/topup?lang=${lang}`);
      await page.getByTestId('topup-qr').waitFor();
      const promotion = await page.getByTestId('promotion-notice').innerText();
      expect(promotion).toContain(lang === 'vi' ? '1.000.000 VND' : '1,000,000 VND');
      expect(promotion).not.toContain('$');
    }
    // The developer page, on the demo site that offers the API (a forced-English site): no talk of
    // a source tree, and examples that look like real answers.
    const page = await e2e.newPage();
    const origin = server.urlFor(OWNER_HOST);
    await signIn(page, origin, developer, { lang: 'en', path: '/api' });
    await page.getByText('Any HTTP client works').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/the source|packages\/sdk/);
    const doc = await page.evaluate(() => fetch('/api/openapi.json').then((r) => r.text()));
    expect(doc).toContain('"paymentType":"balance"');
    expect(doc).not.toContain('"paymentType":"paymentType"');
  });
});
