import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, ownerOf, tokenOf } from './support/app';
import { useE2E } from './support/setup';

// 2FA recovery codes shown once and signing in once; the admin's cancel-order
// dialog says "Cancel order" / "Keep order". A file of its own: a fresh server, so the sign-in
// limits of the other specs' many logins do not apply.
const e2e = useE2E();
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

describe('2FA recovery codes', () => {
  for (const { lang, width } of [
    { lang: 'en', width: 1366 },
    { lang: 'vi', width: 390 },
  ] as const) {
    it(`should show 10 codes once when 2FA is turned on, and sign in once with one (${lang}, ${width} px)`, async () => {
      const { server, mail } = e2e;
      const viewport = { width, height: width > 500 ? 900 : 844 };
      const page = await e2e.newPage({ viewport });
      const c = await createCustomer(server, mail, `recovery-${lang}`);
      await signIn(page, server.baseUrl, c, { lang, path: '/account' });
      await page.getByTestId('twofa-toggle').click();
      await page.locator('input[name="password"]').fill(c.password);
      await page.getByTestId('twofa-submit').click();
      const secret = (await page.getByTestId('twofa-secret').innerText()).trim();
      await page.getByTestId('twofa-code').fill(authenticator.generate(secret));
      await page.getByTestId('twofa-submit').click();

      const list = page.getByTestId('recovery-codes');
      await list.waitFor();
      const codes = (await list.locator('li').allInnerTexts()).map((x) => x.trim());
      expect(codes).toHaveLength(10);
      for (const code of codes) {
        expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
      }
      await shot(page, `recovery-codes-${lang}-${width}`);
      await page.getByTestId('recovery-codes-done').click();
      await page
        .getByTestId('twofa-status')
        .filter({ hasText: lang === 'en' ? 'On' : 'Đang bật' })
        .waitFor();
      // Nothing shows them again: the account page offers only a new set.
      expect(await page.getByTestId('recovery-codes').count()).toBe(0);
      await page.getByTestId('recovery-regenerate').waitFor();

      const next = await e2e.newPage({ viewport });
      await next.goto(`${server.baseUrl}/auth/login?lang=${lang}`);
      await next.locator('input[name="email"]').fill(c.email);
      await next.locator('input[name="password"]').fill(c.password);
      await next.getByTestId('login-submit').click();
      await next.getByTestId('login-2fa-step').waitFor();
      await next.getByTestId('login-code').fill(codes[0]!.toUpperCase());
      await next.getByTestId('login-submit').click();
      await next.waitForURL((url) => url.pathname === '/dashboard');

      // The same code a second time is refused.
      const again = await api<{ message?: string }>(server, 'POST', '/api/auth/login', {
        body: { email: c.email, password: c.password, code: codes[0] },
      });
      expect([again.status, again.body.message]).toEqual([400, 'INVALID_2FA']);
    });
  }
});

describe('admin cancel-order dialog', () => {
  it('should ask the admin "Cancel order" or "Keep order"', async () => {
    const { server, mail, page } = e2e;
    const c = await createCustomer(server, mail, 'cancel');
    await creditCustomer(server, c.email, 1_000_000);
    const bought = await api<{ order: { id: string } }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token: await tokenOf(server, c),
      body: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en' });
    for (const lang of ['en', 'vi'] as const) {
      await page.evaluate((l) => localStorage.setItem('clientLanguage', l), lang);
      await page.goto(`${server.baseUrl}/admin/orders/${bought.body.order.id}`);
      await page.getByTestId('order-cancel').click();
      const dialog = page.getByTestId('order-cancel-dialog');
      await dialog.waitFor();
      expect(await page.getByTestId('order-cancel-save').innerText()).toBe(lang === 'en' ? 'Cancel order' : 'Hủy đơn');
      expect(await page.getByTestId('order-cancel-dialog-close').innerText()).toBe(
        lang === 'en' ? 'Keep order' : 'Giữ đơn',
      );
      await shot(page, `admin-cancel-dialog-${lang}-1366`);
      await page.getByTestId('order-cancel-dialog-close').click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});
