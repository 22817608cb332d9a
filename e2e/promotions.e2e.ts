import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BANK_WEBHOOK_KEY, createCustomer, signIn, ownerOf, postBankWebhook } from './support/app';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

const e2e = useE2E({ env: { BANK_WEBHOOK_KEY }, ownServer: 'a promotion it starts adds a bonus to every top-up' });

/** E2E_SHOTS_DIR: also save screenshots of the screens (for a human to look at). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  // No screen may scroll sideways at any width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }
}

/** The admin (signed in on `page`) stops the running (demo) promotion and starts a 10% one from 100,000 coins. */
async function startTenPercent(page: Page): Promise<void> {
  await openInApp(page, '/admin/promotion?lang=en');
  await page.getByTestId('promotion-running').waitFor();
  const running = page.getByTestId('promotion-card').filter({ hasText: 'Running' });
  if ((await running.count()) > 0) {
    await running.first().getByTestId('promotion-toggle').click();
    await page.getByTestId('promotion-running').filter({ hasText: 'No promotion is running' }).waitFor();
  }
  await page.getByTestId('promotion-add').click();
  const dialog = page.getByTestId('promotion-dialog');
  await dialog.getByTestId('promotion-name').fill('Ten percent');
  await dialog.getByRole('button', { name: 'Remove tier' }).nth(1).click();
  await dialog.getByTestId('tier-min-0').fill('100000');
  await dialog.getByTestId('tier-percent-0').fill('10');
  await dialog.getByTestId('promotion-save').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('promotion-running').filter({ hasText: 'Ten percent' }).waitFor();
}

describe('deposit promotion', () => {
  it('should credit the bonus of a promotion the admin starts, and show the top-up in the analytics', async () => {
    const { page, server, mail } = e2e;
    await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/promotion' });
    await startTenPercent(page);

    const customerPage = await e2e.newPage();
    const user = await createCustomer(server, mail, 'promo');
    await signIn(customerPage, server.baseUrl, user, { lang: 'en' });
    await customerPage.getByTestId('promotion-notice').filter({ hasText: '10%' }).waitFor();
    const stream = customerPage.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
    await customerPage.goto(`${server.baseUrl}/topup`);
    await customerPage.getByTestId('topup-qr').waitFor();
    await stream;
    expect(await customerPage.getByTestId('promotion-notice').innerText()).toContain('100,000 VND');
    const code = (await customerPage.getByTestId('topup-code-bill').innerText()).trim();
    const accountNumber = (await customerPage.getByTestId('topup-account-number').innerText()).trim();

    await postBankWebhook(server, { content: `${code} nap tien`, amount: 500_000, accountNumber });

    // 500,000 coins and the 10% bonus, in the top bar without a reload.
    await customerPage.getByTestId('topbar-balance').filter({ hasText: '550,000 coins' }).waitFor();

    // Screens this page has not shown yet, so what they fetch comes after the top-up.
    await openInApp(page, '/admin/analytics?lang=en');
    await page.getByTestId('revenue-total').filter({ hasText: 'Total top-ups: 500,000 coins' }).waitFor();
    await openInApp(page, '/admin/overview?lang=en');
    await page.getByTestId('overview-topups-today').filter({ hasText: '500,000 coins' }).waitFor();
    await openInApp(page, '/admin/promotion?lang=en');
    await page
      .getByTestId('promotion-card')
      .filter({ hasText: 'Ten percent' })
      .getByTestId('promotion-stats-open')
      .click();
    await page.getByTestId('stats-bonus').filter({ hasText: '50,000' }).waitFor();
  });

  it('should lay out the promotion, overview and analytics screens and the notice at 1366 and 390 px in vi and en', async () => {
    const { server, mail } = e2e;
    const user = await createCustomer(server, mail, 'promo-shots');
    for (const width of [1366, 390]) {
      const admin = await e2e.newPage({ viewport: { width, height: 900 } });
      await signIn(admin, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/promotion' });
      const customer = await e2e.newPage({ viewport: { width, height: 900 } });
      await signIn(customer, server.baseUrl, user, { lang: 'en' });
      for (const lang of ['vi', 'en'] as const) {
        await openInApp(admin, `/admin/promotion?lang=${lang}`);
        await admin.getByTestId('promotion-card').first().waitFor();
        await shot(admin, `promotion-${width}-${lang}`);
        await openInApp(admin, `/admin/overview?lang=${lang}`);
        await admin.getByTestId('overview-revenue-today').waitFor();
        await shot(admin, `overview-${width}-${lang}`);
        await openInApp(admin, `/admin/analytics?lang=${lang}`);
        await admin.getByTestId('revenue-total').waitFor();
        await admin.getByTestId('stock-table').waitFor();
        await shot(admin, `analytics-${width}-${lang}`);
        await openInApp(customer, `/dashboard?lang=${lang}`);
        await customer.getByTestId('promotion-notice').waitFor();
        await shot(customer, `dashboard-${width}-${lang}`);
        await openInApp(customer, `/topup?lang=${lang}`);
        await customer.getByTestId('topup-qr').waitFor();
        await shot(customer, `topup-${width}-${lang}`);
      }
    }
  });
});
