import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BANK_WEBHOOK_KEY, createCustomer, creditCustomer, signIn, postBankWebhook, selectBuyTab } from './support/app';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';

// docs/screens.md#not-enough-balance: a purchase the balance cannot cover says what is missing and
// offers to top up that amount; the top-up then updates every balance on the dashboard.
const e2e = useE2E({ env: { BANK_WEBHOOK_KEY } });

const SHOTS = process.env.E2E_SHOTS_DIR;
const START = 1_000;
/** docs/money.md#minimums: the smallest bank transfer. */
const BANK_MIN = 10_000;

/** Digits grouped as the interface language writes them (docs/product-rules.md#formats). */
function grouped(n: number, lang: 'vi' | 'en'): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'vi' ? '.' : ',');
}

function digitsOf(text: string): number {
  // "20,000 coins ($0.83)" or "20.000 Xu": the coins come first.
  const m = /^[\d.,]+/.exec(text.trim());
  return Number((m?.[0] ?? '').replace(/[.,]/g, ''));
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

const CASES = [
  { lang: 'en', width: 1366 },
  { lang: 'vi', width: 390 },
  { lang: 'vi', width: 1366 },
  { lang: 'en', width: 390 },
] as const;

describe('not enough balance', () => {
  for (const { lang, width } of CASES) {
    it(`should say what is missing, top up that amount and update every balance (${lang}, ${width} px)`, async () => {
      const { server, mail } = e2e;
      const page = await e2e.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
      const user = await createCustomer(server, mail, `short-${lang}-${width}`);
      await creditCustomer(server, user.email, START);
      await signIn(page, server.baseUrl, user, { lang });

      // The default IPv4 purchase costs more than the 1,000 coins the customer holds.
      await selectBuyTab(page, 'v4');
      const form = page.getByTestId('buy-form-v4');
      await form.getByTestId('buy-submit').click();
      await page.getByTestId('buy-confirm').waitFor();
      const price = digitsOf(await page.getByTestId('buy-confirm-total').innerText());
      expect(price).toBeGreaterThan(START);
      await page.getByTestId('buy-confirm-confirm').click();

      const dialog = page.getByTestId('shortfall-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('shortfall-price').innerText()).toContain(grouped(price, lang));
      expect(await page.getByTestId('shortfall-balance').innerText()).toContain(grouped(START, lang));
      const short = price - START;
      expect(await page.getByTestId('shortfall-short').innerText()).toContain(grouped(short, lang));
      expect(await dialog.innerText()).toContain(lang === 'vi' ? 'Còn thiếu' : 'Missing');
      await shot(page, `money-shortfall-${lang}-${width}`);

      // "Top up that amount": /topup with the shortfall, raised to the bank minimum when below it.
      await page.getByTestId('shortfall-topup').click();
      await page.waitForURL((url) => url.pathname === '/topup');
      expect(new URL(page.url()).searchParams.get('amount')).toBe(String(short));
      const wanted = Math.max(short, BANK_MIN);
      const amount = page.getByTestId('topup-amount');
      await page.getByTestId('topup-qr').waitFor();
      expect(await amount.inputValue()).toBe(grouped(wanted, lang));
      // Nothing else on the page changed the pre-filled amount: it is what the QR asks for.
      await page.getByTestId('topup-amount-credit').waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `money-topup-prefilled-${lang}-${width}`);
      const accountNumber = (await page.getByTestId('topup-account-number').innerText()).trim();
      const code = (await page.getByTestId('topup-code-bill').innerText()).trim();

      // Back on the dashboard, the transfer arrives: the top bar and the overview card follow it.
      const stream = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
      );
      await page.goto(`${server.baseUrl}/dashboard`);
      await stream;
      await page
        .getByTestId('summary-balance')
        .filter({ hasText: grouped(START, lang) })
        .waitFor();
      await postBankWebhook(server, { content: `${code} nap tien`, amount: wanted, accountNumber });
      await page.getByTestId('topup-success-dialog').waitFor();
      const after = grouped(START + wanted, lang);
      await page.getByTestId('topbar-balance').filter({ hasText: after }).waitFor();
      await page.getByTestId('summary-balance').filter({ hasText: after }).waitFor();
      await shot(page, `money-after-topup-${lang}-${width}`);
      await page.getByTestId('topup-success-close').click();

      // The purchase now goes through.
      await selectBuyTab(page, 'v4');
      await form.getByTestId('buy-submit').click();
      await page.getByTestId('buy-confirm-confirm').click();
      await page.waitForURL((url) => url.pathname.startsWith('/order/success/'));
      await page
        .getByTestId('topbar-balance')
        .filter({ hasText: grouped(START + wanted - price, lang) })
        .waitFor();
    });
  }
});
