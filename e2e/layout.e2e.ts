import { describe, expect, it } from 'vitest';
import { createCustomer, loginViaUi, pathOf } from './support/app';
import { useE2E } from './support/setup';

const e2e = useE2E();

describe('language', () => {
  it('should switch to English and back to Vietnamese, and remember the choice', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'lang');
    await loginViaUi(page, server.baseUrl, user, 'vi');
    const nav = page.getByTestId('nav-drawer');
    const langSwitch = page.getByTestId('lang-switch');

    // docs/screens.md#layouts: the switch shows VN for vi and US for en.
    expect((await langSwitch.textContent())?.trim()).toBe('VN');
    await nav.getByText('Tổng quan', { exact: true }).waitFor();

    await langSwitch.click();
    await page.getByTestId('lang-option-en').click();
    await nav.getByText('Dashboard', { exact: true }).waitFor();
    expect((await langSwitch.textContent())?.trim()).toBe('US');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // docs/product-rules.md#languages: the choice is stored under clientLanguage and survives a reload.
    await page.reload();
    await nav.getByText('Dashboard', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('clientLanguage'))).toBe('en');

    await langSwitch.click();
    await page.getByTestId('lang-option-vi').click();
    await nav.getByText('Tổng quan', { exact: true }).waitFor();
    expect((await langSwitch.textContent())?.trim()).toBe('VN');
    expect(await page.evaluate(() => localStorage.getItem('clientLanguage'))).toBe('vi');
  });
});

describe('not found', () => {
  it('should show the 404 texts in both languages, with home on the landing for a visitor', async () => {
    const { page, server } = e2e;
    const home = page.getByRole('link', { name: /^(Home page|Trang chủ)$/ });
    await page.goto(`${server.baseUrl}/no-such-page/at-all?lang=en`);
    // docs/screens.md#not-found
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByText('Sorry, the page you requested was not found.', { exact: true }).waitFor();
    await page.getByText('You may have mistyped the address or the page may have moved.', { exact: true }).waitFor();
    expect(new URL((await home.getAttribute('href')) ?? '', server.baseUrl).pathname).toBe('/');

    await page.goto(`${server.baseUrl}/no-such-page/at-all?lang=vi`);
    await page.getByText('Xin lỗi, đã xảy ra lỗi, không tìm thấy trang được yêu cầu!', { exact: true }).waitFor();
    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('should send a signed-in user home to the dashboard', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'notfound');
    await loginViaUi(page, server.baseUrl, user);
    await page.goto(`${server.baseUrl}/no-such-page/at-all?lang=en`);
    await page.getByText('Sorry, the page you requested was not found.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});

describe('admin guard', () => {
  it('should send a customer who opens /admin to /dashboard', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'guard');
    await loginViaUi(page, server.baseUrl, user);
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('topbar-balance').waitFor();
  });

  it('should let the owner stay on /admin', async () => {
    const { page, server } = e2e;
    await loginViaUi(page, server.baseUrl, { email: server.adminEmail, password: server.adminPassword });
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    expect(pathOf(page)).toMatch(/^\/admin/);
  });
});

describe('phone layout', () => {
  it('should open the side drawer from the hamburger on a 360x740 screen and navigate from it', async () => {
    const { server, mail } = e2e;
    const user = await createCustomer(server, mail, 'phone');
    const page = await e2e.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await loginViaUi(page, server.baseUrl, user);

    const drawer = page.getByTestId('nav-drawer');
    // On a phone the drawer is closed until asked for; the hamburger is what opens it.
    expect(await drawer.isVisible()).toBe(false);
    await page.getByTestId('nav-toggle').tap();
    await drawer.getByRole('link', { name: 'Account' }).waitFor();

    await drawer.getByRole('link', { name: 'Account' }).tap();
    await page.waitForURL((url) => url.pathname === '/account');
    await drawer.waitFor({ state: 'hidden' });

    // Nothing may overflow sideways at 360 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
