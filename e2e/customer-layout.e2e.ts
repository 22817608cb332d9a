import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createCustomer,
  creditCustomer,
  signIn,
  ownerOf,
  setSupportChannels,
  type Credentials,
} from './support/app';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';

// docs/screens.md#layouts: the layout check itself (it reports a covered control and a page wider
// than the window: e2e/route-layout.e2e.ts runs it over every route), and the support channels
// behind one button in the top bar.
const e2e = useE2E({ ownServer: 'its support channels show on every page of the site' });

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;
const LANGS = ['vi', 'en'] as const;

let customer: Credentials;

beforeAll(async () => {
  const { server, mail } = e2e;
  customer = await createCustomer(server, mail, 'layout');
  await creditCustomer(server, customer.email, 1_000_000);
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
    await signIn(page, server.baseUrl, customer, { lang: 'en', path: '/topup' });
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

  it('should report a grid wider than its frame, and not one that fits', async () => {
    const { server } = e2e;
    // The admin's customer list keeps its columns on a phone and scrolls inside its own frame.
    for (const [width, wider] of [
      [390, true],
      [1366, false],
    ] as const) {
      const page = await e2e.newPage({ viewport: { width, height: 844 } });
      await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/customers' });
      await page.locator('.MuiDataGrid-row').first().waitFor();
      const kinds = (await layoutProblems(page, { tables: true })).map((p) => p.kind);
      expect(kinds.includes('table scrolls sideways'), `${width} px: ${kinds.join(', ')}`).toBe(wider);
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
    }
  });
});

describe('support button', () => {
  for (const lang of LANGS) {
    it(`should open the support channels from the top bar at 390 px in ${lang}`, async () => {
      const { server } = e2e;
      const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await signIn(page, server.baseUrl, customer, { lang });
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
