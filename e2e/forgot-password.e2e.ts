import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advanceServerClock, createCustomer, pathOf, tryLogin } from './support/app';
import { useE2E } from './support/setup';

const e2e = useE2E({ ownServer: 'it moves the server clock' });

const TEXT = {
  en: { resendIn: /^Resend the code in (\d+)s$/, resend: 'Resend code', step: 'Enter the 6-digit code sent to' },
  vi: { resendIn: /^Gửi lại mã sau (\d+) giây$/, resend: 'Gửi lại mã', step: 'Nhập mã 6 chữ số đã được gửi tới' },
} as const;

async function resendLabel(page: Page): Promise<string> {
  return (await page.getByTestId('forgot-resend').innerText()).trim();
}

describe('forgot password: the code step', () => {
  for (const lang of ['en', 'vi'] as const) {
    it(`should keep the step and its countdown across a reload, then resend a working code (${lang})`, async () => {
      const { page, server, mail } = e2e;
      const user = await createCustomer(server, mail, `forgot-${lang}`);
      const text = TEXT[lang];
      await page.goto(`${server.baseUrl}/auth/forgot-password?lang=${lang}`);
      await page.locator('input[name="email"]').fill(user.email);
      await page.getByTestId('forgot-submit').click();
      const first = await mail.nextOtp(user.email);
      await page.getByTestId('forgot-code').waitFor();
      expect(await page.locator('body').innerText()).toContain(`${text.step} ${user.email}`);
      expect(await resendLabel(page)).toMatch(text.resendIn);
      expect(await page.getByTestId('forgot-resend').isDisabled()).toBe(true);

      await page.reload();
      await page.getByTestId('forgot-code').waitFor();
      expect(await page.locator('body').innerText()).toContain(user.email);
      const left = Number(text.resendIn.exec(await resendLabel(page))?.[1]);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60);
      // The address is kept for the tab; the code never is.
      const stored = await page.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage));
      expect(stored).toContain(user.email);
      expect(stored).not.toContain(first);

      // A minute later (both clocks: the page's countdown and the server's resend rule).
      await page.evaluate(() => {
        const saved = JSON.parse(sessionStorage.getItem('forgotPassword') ?? '{}') as { sentAt: number };
        sessionStorage.setItem('forgotPassword', JSON.stringify({ ...saved, sentAt: saved.sentAt - 61_000 }));
      });
      await advanceServerClock(server, 61_000);
      await page.reload();
      await page.getByTestId('forgot-resend').filter({ hasText: text.resend }).waitFor();
      await page.getByTestId('forgot-resend').click();
      const second = await mail.nextOtp(user.email);
      expect(second).toMatch(/^\d{6}$/);
      await page.getByTestId('forgot-resend').filter({ hasText: text.resendIn }).waitFor();

      await page.getByTestId('forgot-code').fill(second);
      await page.getByTestId('forgot-code-submit').click();
      const newPassword = `New-${lang}-pw-9`;
      await page.locator('input[name="password"]').fill(newPassword);
      await page.locator('input[name="passwordConfirm"]').fill(newPassword);
      await page.getByTestId('forgot-password-submit').click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      expect(pathOf(page)).toBe('/auth/login');
      expect((await tryLogin(server, { email: user.email, password: newPassword })).status).toBe(200);
      // Done: the step is forgotten, a new visit starts with the address.
      expect(await page.evaluate(() => sessionStorage.getItem('forgotPassword'))).toBeNull();
    });
  }
});
