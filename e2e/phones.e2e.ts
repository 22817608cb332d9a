import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/app';
import { openInApp } from './support/navigate';
import { layoutProblems } from './support/layout-checks';
import { BANK_WEBHOOK_KEY, seedRouteData, type RouteData } from './support/route-data';
import { useE2E } from './support/setup';

// docs/screens.md: what a customer reads on a 390 px phone: the landing's prices, the top-up
// history, the proxy cards, the buy form a landing choice leads to, long addresses, and the
// checker's results; each readable without scrolling sideways and with no control covered.
const e2e = useE2E({ env: { BANK_WEBHOOK_KEY } });

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const LANGS = ['vi', 'en'] as const;

let data: RouteData;

beforeAll(async () => {
  data = await seedRouteData(e2e.server, e2e.mail);
});

/** A page of its own, signed in as the seeded customer, on `path` (the dashboard unless given). */
async function customerPage(options: BrowserContextOptions, lang: 'vi' | 'en', path?: string): Promise<Page> {
  const page = await e2e.newPage(options);
  await signIn(page, e2e.server.baseUrl, data.customer, { lang, path });
  return page;
}

/** Every element matching the selector ends inside the window (nothing cut off at the right). */
async function allInside(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluateAll((els) => {
    const width = document.documentElement.clientWidth;
    return els.length > 0 && els.every((el) => el.getBoundingClientRect().right <= width);
  });
}

describe('landing prices', () => {
  for (const lang of LANGS) {
    it(`should show a card per country at 390 px and the table at 1,366 px in ${lang}`, async () => {
      const desktop = await e2e.newPage(DESKTOP);
      await desktop.goto(`${e2e.server.baseUrl}/?lang=${lang}`);
      const rows = desktop.getByTestId('price-table-v6').locator('tbody tr');
      await rows.first().waitFor();
      const countries = await rows.count();

      const page = await e2e.newPage(PHONE);
      await page.goto(`${e2e.server.baseUrl}/?lang=${lang}`);
      const cards = page.getByTestId('price-table-v6').getByTestId('price-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(countries);
      // Each card names its periods: "Theo Ngày" / "Per Day", and an hourly price is never "$0.00".
      const first = await cards.first().innerText();
      expect(first).toContain(lang === 'vi' ? 'Theo Ngày' : 'Per Day');
      expect(first).not.toContain('0.00');
      expect(first).not.toContain('0,00');
      expect(await allInside(page, '[data-testid="price-card"] dd')).toBe(true);
      expect(await layoutProblems(page, { tables: true })).toEqual([]);

      await page.getByRole('tab', { name: lang === 'vi' ? 'Gói proxy' : 'Proxy packages' }).tap();
      await page.getByTestId('price-table-packages').getByTestId('price-card').first().waitFor();
      expect(await layoutProblems(page, { tables: true })).toEqual([]);
    });
  }
});

describe('top-up history on a phone', () => {
  for (const lang of LANGS) {
    it(`should show each top-up's amount and status in ${lang}`, async () => {
      const page = await customerPage(PHONE, lang, '/topup');
      const cards = page.getByTestId('topup-history').getByTestId('topup-card');
      await expect.poll(() => cards.count()).toBe(2);
      // The amount's first line; a promotion's bonus is the line under it.
      const amounts = (await page.getByTestId('topup-card-amount').allInnerTexts()).map((a) => a.split('\n')[0]);
      expect(amounts.sort()).toEqual(
        lang === 'vi' ? ['150.000 Xu', '2.000.000 Xu'] : ['150,000 coins', '2,000,000 coins'],
      );
      const statuses = await cards.locator('.MuiChip-root').allInnerTexts();
      expect(statuses).toHaveLength(2);
      expect(statuses.every((s) => s.trim().length > 0)).toBe(true);
      expect(await allInside(page, '[data-testid="topup-card"] .MuiChip-root')).toBe(true);
      expect(await layoutProblems(page, { tables: true })).toEqual([]);
    });
  }
});

describe('proxy cards', () => {
  for (const lang of LANGS) {
    it(`should show the tag, the comment and auto-renew at 390 px in ${lang}`, async () => {
      const page = await customerPage(PHONE, lang, '/manage-proxy');
      const card = page.getByTestId('item-card').first();
      await card.getByTestId('card-tag').waitFor();
      expect(await card.getByTestId('card-tag').innerText()).toBe('Shop v6 accounts');
      expect(await card.getByTestId('card-comment').innerText()).toBe('Facebook ads, team B (do not rotate)');
      expect(await card.getByTestId('card-auto-renew').innerText()).toBe(
        lang === 'vi' ? 'Tự động gia hạn: Bật' : 'Auto-renew: On',
      );
      // A card of a proxy without them still says auto-renew is off, and shows no empty tag.
      const plain = page.getByTestId('item-card').nth(4);
      expect(await plain.getByTestId('card-auto-renew').getAttribute('data-on')).toBe('false');
      expect(await plain.getByTestId('card-tag').count()).toBe(0);
      expect(await layoutProblems(page, { tables: true })).toEqual([]);
    });
  }
});

describe('buy now from the landing', () => {
  for (const [lang, options] of [
    ['vi', PHONE],
    ['en', DESKTOP],
  ] as const) {
    it(`should sign in onto the filled buy form, scrolled into view, at ${options.viewport?.width} px in ${lang}`, async () => {
      const page = await e2e.newPage(options);
      await page.goto(`${e2e.server.baseUrl}/?lang=${lang}`);
      await page.getByTestId('quick-buy-quantity').fill('100');
      await page.getByTestId('quick-buy-submit').click();
      await page.waitForURL((url) => url.pathname === '/auth/register');
      await page.goto(`${e2e.server.baseUrl}/auth/login`);
      await page.locator('input[name="email"]').fill(data.customer.email);
      await page.locator('input[name="password"]').fill(data.customer.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('quantity') === '100');
      const quantity = page.locator('#purchase').getByTestId('buy-quantity');
      await quantity.waitFor();
      expect(await quantity.inputValue()).toBe('100');
      // The page scrolls (smoothly, once the dashboard has laid out) until the form's card starts in
      // the window's top third, below the top bar.
      const third = page.viewportSize()!.height / 3;
      await expect
        .poll(() => page.locator('#purchase').evaluate((el) => el.getBoundingClientRect().top), { timeout: 15_000 })
        .toBeLessThan(third);
      expect(await page.locator('#purchase').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
        0,
      );
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    });
  }
});

/**
 * Where the address's lines break: each break must fall after its @, a dot or a hyphen, unless the piece it
 * falls in is wider than the line on its own (then it may break anywhere, as a last resort).
 */
async function emailBreaks(page: Page, selector: string): Promise<{ lines: number; badBreaks: string[] }> {
  return page.locator(selector).evaluate((root) => {
    const box = root.closest('h1, h2, p, dd, div') ?? root;
    const lineWidth = box.getBoundingClientRect().width;
    const tops = new Set<number>();
    const badBreaks: string[] = [];
    let previousTop: number | null = null;
    for (const node of Array.from(root.childNodes)) {
      if (node.nodeType !== Node.TEXT_NODE) {
        continue;
      }
      const text = node.textContent ?? '';
      const whole = document.createRange();
      whole.selectNodeContents(node);
      const pieceWidth = Array.from(whole.getClientRects()).reduce((sum, r) => sum + r.width, 0);
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        tops.add(top);
        const afterHyphen = text[i - 1] === '-';
        if (previousTop !== null && top > previousTop && i > 0 && !afterHyphen && pieceWidth <= lineWidth) {
          badBreaks.push(`${text.slice(0, i)}|${text.slice(i)}`);
        }
        previousTop = top;
      }
    }
    return { lines: tops.size, badBreaks };
  });
}

describe('long e-mail addresses', () => {
  for (const lang of LANGS) {
    it(`should wrap after @, dots or hyphens at 390 px in ${lang}`, async () => {
      const page = await customerPage(PHONE, lang);
      const welcome = await emailBreaks(page, 'h1 span[style*="anywhere"]');
      expect(welcome.lines).toBeGreaterThan(1);
      expect(welcome.badBreaks).toEqual([]);

      await openInApp(page, '/account');
      await page.getByTestId('account-email').waitFor();
      const account = await emailBreaks(page, '[data-testid="account-email"] span');
      expect(account.badBreaks).toEqual([]);
      expect((await page.getByTestId('account-email').innerText()).replace(/\s/g, '')).toBe(data.customer.email);
      expect(await layoutProblems(page, { tables: true })).toEqual([]);

      // The avatar menu shows the whole address, not an ellipsis.
      await page.getByTestId('avatar-menu').tap();
      const inMenu = page.getByTestId('menu-email');
      await inMenu.waitFor();
      expect(await inMenu.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    });
  }
});

describe('proxy checker on a phone', () => {
  for (const lang of LANGS) {
    it(`should show the results as cards under uncovered controls at 390 px in ${lang}`, async () => {
      const page = await customerPage(PHONE, lang, '/check-proxy');
      // Nothing listens on these ports, so every line gets its verdict at once.
      const lines = Array.from({ length: 30 }, (_, i) => `127.0.0.1:${20000 + i}:user${i}:secret-password-${i}`);
      await page.getByTestId('check-input').fill(lines.join('\n'));
      await page.getByTestId('check-start').tap();
      await page
        .getByTestId('check-counts')
        .filter({ hasText: lang === 'vi' ? 'Đã kiểm tra 30/30' : 'Checked 30/30' })
        .waitFor();
      const cards = page.getByTestId('check-results').getByTestId('check-card');
      await expect.poll(() => cards.count()).toBe(25);
      const first = cards.first();
      expect(await first.getByTestId('check-status').innerText()).toBe(lang === 'vi' ? 'Chết' : 'Dead');
      expect(await first.getByTestId('check-error').innerText()).toBe(
        lang === 'vi' ? 'Kết nối bị từ chối' : 'Connection refused',
      );
      expect(await allInside(page, '[data-testid="check-card"] [data-testid="check-status"]')).toBe(true);
      expect(await layoutProblems(page, { tables: true })).toEqual([]);
      await page.getByTestId('check-copy-live').waitFor();
    });
  }

  it('should keep the table at 1,366 px', async () => {
    const page = await customerPage(DESKTOP, 'en', '/check-proxy');
    await page.getByTestId('check-input').fill('127.0.0.1:20000:user:pass');
    await page.getByTestId('check-start').click();
    await page.getByTestId('check-results').locator('.MuiDataGrid-row').first().waitFor();
    expect(await page.getByTestId('check-card').count()).toBe(0);
    expect(await layoutProblems(page, { tables: true })).toEqual([]);
  });
});
