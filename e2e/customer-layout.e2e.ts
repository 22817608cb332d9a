import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCustomer,
  creditCustomer,
  loginViaUi,
  setSupportChannels,
  tokenOf,
  type Credentials,
} from './support/app';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';

// docs/screens.md#layouts: on every customer route, at 1,366 and 390 px and in both languages, no
// visible control is covered by another element and nothing scrolls sideways; the support channels
// sit behind one button in the top bar.
const e2e = useE2E();

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;
const LANGS = ['vi', 'en'] as const;

// Each route with what shows it has rendered its content (not just the shell).
const ROUTES: { path: string; ready: (page: Page) => Promise<unknown>; tables?: false }[] = [
  { path: '/dashboard', ready: (p) => p.getByTestId('topbar-balance').waitFor() },
  { path: '/manage-proxy', ready: (p) => p.locator('.MuiDataGrid-row, [data-testid="unit-card"]').first().waitFor() },
  { path: '/order', ready: (p) => p.locator('.MuiDataGrid-row, [data-testid="unit-card"]').first().waitFor() },
  { path: '/topup', ready: (p) => p.getByTestId('topup-code-bill').waitFor() },
  { path: '/check-proxy', ready: (p) => p.locator('textarea').first().waitFor() },
  { path: '/account', ready: (p) => p.locator('main input').first().waitFor() },
  { path: '/support', ready: (p) => p.locator('main a[href^="https://t.me/"]').waitFor() },
  { path: '/tools', ready: (p) => p.locator('main textarea').first().waitFor() },
  { path: '/tutorial', ready: (p) => p.locator('main a[href^="/tutorial/"]').first().waitFor() },
];

let customer: Credentials;

beforeAll(async () => {
  const { server, mail } = e2e;
  customer = await createCustomer(server, mail, 'layout');
  await creditCustomer(server, customer.email, 1_000_000);
  const token = await tokenOf(server, customer);
  const bought = await api(server, 'POST', '/api/v6-proxy/buy-retail', {
    token,
    body: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  // Support channels, with the setting that used to float them over the page.
  await setSupportChannels(server);
  const support = await api(server, 'GET', '/api/support/support-info');
  expect(support.body).toMatchObject({ showIcons: true });
  expect((support.body as { channels: unknown[] }).channels.length).toBeGreaterThan(1);
});

describe('layout check', () => {
  it('should report a control under a floating element and a page wider than the window', async () => {
    const { server } = e2e;
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await loginViaUi(page, server.baseUrl, customer, 'en');
    await page.goto(`${server.baseUrl}/topup`);
    await page.getByTestId('topup-code-bill').waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    // A box over the transfer code's copy button wherever the page is scrolled, the way the old
    // floating support icons sat over it, and a strip wider than the window.
    await page.evaluate(() => {
      const target = document
        .querySelector('[data-testid="topup-code-bill"]')!
        .closest('.MuiStack-root')!
        .querySelector('button')!;
      const r = target.getBoundingClientRect();
      const top = r.top + window.scrollY;
      const cover = document.createElement('div');
      cover.style.cssText = `position:absolute;left:${r.left - 4}px;top:${top - 4}px;width:${r.width + 8}px;height:${r.height + 8}px;z-index:2000`;
      document.body.append(cover);
      const wide = document.createElement('div');
      wide.style.cssText = 'position:absolute;left:0;top:0;width:600px;height:4px';
      document.body.append(wide);
    });
    const problems = await layoutProblems(page);
    expect(problems.map((p) => p.kind).sort()).toEqual(['covered', 'page scrolls sideways']);
    expect(problems.find((p) => p.kind === 'covered')?.by).toMatch(/^div/);
  });
});

describe('customer routes: nothing covered, nothing sideways', () => {
  for (const width of WIDTHS) {
    for (const lang of LANGS) {
      it(`should pass on every customer route at ${width.viewport.width} px in ${lang}`, async () => {
        const { server } = e2e;
        const { name: _name, ...contextOptions } = width;
        const page = await e2e.newPage(contextOptions);
        await loginViaUi(page, server.baseUrl, customer, lang);
        const failures: string[] = [];
        for (const route of ROUTES) {
          await page.goto(`${server.baseUrl}${route.path}`);
          await route.ready(page);
          await page.getByTestId('support-button').waitFor();
          for (const p of await layoutProblems(page, { tables: route.tables ?? true })) {
            failures.push(`${route.path}: ${p.kind}: ${p.what}${p.by ? ` (under ${p.by})` : ''}`);
          }
        }
        expect(failures).toEqual([]);
      });
    }
  }
});

describe('support button', () => {
  for (const lang of LANGS) {
    it(`should open the support channels from the top bar at 390 px in ${lang}`, async () => {
      const { server } = e2e;
      const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await loginViaUi(page, server.baseUrl, customer, lang);
      const button = page.getByTestId('support-button');
      expect(await button.getAttribute('aria-label')).toBe(lang === 'vi' ? 'Liên hệ hỗ trợ' : 'Contact support');
      // It lives in the top bar, not floating over the page.
      expect(await button.evaluate((el) => el.closest('header') !== null)).toBe(true);
      await button.tap();
      const channels = page.getByTestId('support-channel');
      await channels.first().waitFor();
      const hrefs = await channels.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
      expect(hrefs).toEqual(['https://t.me/proxy_support', 'https://zalo.me/0900000000', 'mailto:support@example.com']);
      await page.getByRole('menuitem', { name: lang === 'vi' ? 'Tất cả kênh hỗ trợ' : 'All support options' }).tap();
      await page.waitForURL((url) => url.pathname === '/support');
    });
  }

  it('should sit in the landing bar for visitors and pass the layout check there', async () => {
    const { server } = e2e;
    for (const width of WIDTHS) {
      const { name: _name, ...contextOptions } = width;
      const page = await e2e.newPage(contextOptions);
      await page.goto(`${server.baseUrl}/?lang=en`);
      await page.getByTestId('support-button').waitFor();
      expect(await page.getByTestId('support-button').evaluate((el) => el.closest('header') !== null)).toBe(true);
      expect(await layoutProblems(page)).toEqual([]);
    }
  });
});
