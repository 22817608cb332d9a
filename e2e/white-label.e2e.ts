import { describe, expect, it } from 'vitest';
import { OWNER_HOST } from './support/browser';
import { useE2E } from './support/setup';

const e2e = useE2E();

describe('white label', () => {
  it('should force English and show the company footer on the proxy-owner host', async () => {
    const { page, server } = e2e;
    // Asking for Vietnamese must not win on a site that forces English.
    await page.goto(`${server.urlFor(OWNER_HOST)}/auth/login?lang=vi`);
    await page.getByTestId('login-submit').waitFor();
    await page.getByTestId('footer').getByText('Proxy Owner Co., Ltd.').waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toBe('Sign in');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // English is forced, so there is no language to switch to.
    expect(await page.getByTestId('lang-switch').count()).toBe(0);
  });

  it('should keep Vietnamese, the language switch and the technology credit on the default host', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.baseUrl}/auth/login`);
    await page.getByTestId('lang-switch').waitFor();
    expect((await page.getByTestId('lang-switch').textContent())?.trim()).toBe('VN');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    const footer = (await page.getByTestId('footer').textContent()) ?? '';
    expect(footer).not.toContain('Proxy Owner Co., Ltd.');
  });
});
