import { get } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, ownerOf } from './support/app';
import { OWNER_HOST } from './support/browser';
import { useE2E } from './support/setup';

const e2e = useE2E();

/** The HTML the server sends for `url` under another Host (Node cannot resolve *.localhost). */
function getHtml(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/** Letters only Vietnamese uses (with their tone marks); English text has none of them. */
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;

/** The visitor's device prefers Vietnamese: a site that forces English must win anyway. */
async function prefersVietnamese(page: Page): Promise<void> {
  await page.context().addInitScript(() => localStorage.setItem('clientLanguage', 'vi'));
}

describe('a site that forces English, on a fresh page load', () => {
  it('should show the login page only in English, with one period after the company name', async () => {
    const { page, server } = e2e;
    await prefersVietnamese(page);
    await page.goto(`${server.urlFor(OWNER_HOST)}/auth/login`);
    await page.locator('input[name="email"]').waitFor();
    const footer = page.getByTestId('footer');
    await footer.waitFor();
    const year = new Date().getFullYear();
    expect((await footer.innerText()).trim()).toBe(`© ${year} Proxy Owner Co., Ltd. All rights reserved.`);
    const text = await page.locator('body').innerText();
    expect(text).toContain('Sign in');
    expect(text.match(VIETNAMESE)).toBeNull();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.title()).toBe('Sign in · Proxy Owner');
  });

  it('should show a deep link (sidebar, page, footer) only in English', async () => {
    const { page, server } = e2e;
    await prefersVietnamese(page);
    await signIn(page, server.urlFor(OWNER_HOST), ownerOf(server));
    // A fresh load of a deep link, not a client-side navigation.
    await page.goto(`${server.urlFor(OWNER_HOST)}/manage-proxy`);
    await page.getByTestId('topbar-balance').waitFor();
    await page.locator('.MuiDataGrid-root').first().waitFor();
    await page.getByTestId('footer').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain('Proxy management');
    expect(text.match(VIETNAMESE)).toBeNull();
    expect(await page.title()).toBe('Proxy management · Proxy Owner');
  });
});

describe('tab titles', () => {
  it('should name each route in the chosen language, after the site', async () => {
    const { page, server } = e2e;
    await page.goto(`${server.baseUrl}/auth/login?lang=en`);
    await page.locator('input[name="email"]').waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · ProxyVN');
    await page.goto(`${server.baseUrl}/auth/forgot-password?lang=vi`);
    await page.getByTestId('forgot-submit').waitFor();
    await expect.poll(() => page.title()).toBe('Quên mật khẩu · ProxyVN');
    // The served HTML already carries the site's title and description before any script runs.
    const html = await getHtml(`${server.baseUrl}/auth/login`, OWNER_HOST);
    expect(html).toContain('<title>Proxy Owner</title>');
    expect(html).toContain('<meta name="description" content="Proxy Owner: buy and manage');
  });
});

/** A text key shown as it is: its part of the texts had not loaded when the page rendered. */
const RAW_KEY = /\b(account|dashboard|orders|proxies|topup|tools|ledger|notes|admin)\.[a-z][a-zA-Z]*\b/;

describe('the texts of the signed-in panel and of the admin', () => {
  it('should arrive with their layout in the chosen language, and follow a switch of language', async () => {
    const { page, server } = e2e;
    await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en' });
    // A fresh load of the dashboard in English: its texts come with the layout, none shows as a key.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('buy-tab-v6').waitFor();
    let text = await page.locator('body').innerText();
    expect(text).toContain('Buy now');
    expect(text.match(RAW_KEY)).toBeNull();
    // Switching on the page loads the other language's panel texts before showing them.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-vi').click();
    await expect.poll(async () => page.locator('body').innerText()).toContain('Mua ngay');
    text = await page.locator('body').innerText();
    expect(text.match(RAW_KEY)).toBeNull();
    // The admin's texts come with the admin layout, in the language now chosen.
    await page.goto(`${server.baseUrl}/admin/customers`);
    await page.locator('.MuiDataGrid-root').first().waitFor();
    text = await page.locator('body').innerText();
    expect(text.match(RAW_KEY)).toBeNull();
    expect(text.match(VIETNAMESE)).not.toBeNull();
  });
});
