import { describe, it } from 'vitest';
import { createCustomer, loginViaUi } from './support/app';
import { OWNER_HOST } from './support/browser';
import { useE2E } from './support/setup';

const e2e = useE2E();
const dir = '/tmp/shots-auth';

describe('shots', () => {
  it('login, forgot code step, dashboard', async () => {
    const { server, mail, newPage } = e2e;
    const user = await createCustomer(server, mail, 'shots');
    for (const width of [1366, 390]) {
      for (const lang of ['vi', 'en'] as const) {
        const page = await newPage({ viewport: { width, height: 860 } });
        await page.goto(`${server.baseUrl}/auth/login?lang=${lang}`);
        await page.locator('input[name="email"]').waitFor();
        await page.screenshot({ path: `${dir}/login-default-${lang}-${width}.png`, fullPage: true });
        await page.goto(`${server.urlFor(OWNER_HOST)}/auth/login?lang=${lang}`);
        await page.locator('input[name="email"]').waitFor();
        await page.screenshot({ path: `${dir}/login-owner-${lang}-${width}.png`, fullPage: true });
        await page.goto(`${server.baseUrl}/auth/forgot-password?lang=${lang}`);
        await page.locator('input[name="email"]').fill(user.email);
        await page.getByTestId('forgot-submit').click();
        await page.getByTestId('forgot-code').waitFor();
        await page.screenshot({ path: `${dir}/forgot-code-${lang}-${width}.png`, fullPage: true });
        await page.evaluate(() => sessionStorage.clear());
        await loginViaUi(page, server.baseUrl, user, lang);
        await page.waitForTimeout(800);
        await page.screenshot({ path: `${dir}/dashboard-${lang}-${width}.png`, fullPage: true });
        await page.context().close();
      }
    }
  });
});
