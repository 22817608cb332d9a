import { describe, expect, it } from 'vitest';
import { createCustomer, loginViaUi, pathOf, tryLogin, uniqueEmail } from './support/app';
import { useE2E } from './support/setup';

const e2e = useE2E();

describe('registration', () => {
  it('should register, verify the mailed code, log in and land on the dashboard', async () => {
    const { page, server, mail } = e2e;
    const email = uniqueEmail('register');
    const password = 'Register-pw-1';

    await page.goto(`${server.baseUrl}/auth/register?lang=en`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="passwordConfirm"]').fill(password);
    await page.getByTestId('register-submit').click();

    // The OTP dialog asks for the code the server mailed to the sink.
    const code = await mail.nextOtp(email);
    expect(code).toMatch(/^\d{6}$/);
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="code"]').fill(code);
    await dialog.getByTestId('otp-submit').click();

    // docs/product-rules.md#registration: after success the register flow leads to login (directly
    // or via the success page).
    await page.waitForURL((url) => /^\/auth\/(login|register\/success)$/i.test(url.pathname));
    if (pathOf(page) !== '/auth/login') {
      await page.getByTestId('register-success-login').click();
      await page.waitForURL((url) => url.pathname.toLowerCase() === '/auth/login');
    }

    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('topbar-balance').waitFor();
    expect(await page.getByTestId('topbar-balance').textContent()).toMatch(/\b0\b/);
  });

  it('should refuse a login before the email is verified', async () => {
    const { page, server } = e2e;
    const email = uniqueEmail('unverified');
    const password = 'Unverified-pw-1';
    await page.goto(`${server.baseUrl}/auth/register?lang=en`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="passwordConfirm"]').fill(password);
    await page.getByTestId('register-submit').click();
    await page.getByRole('dialog').locator('input[name="code"]').waitFor();

    expect(await tryLogin(server, { email, password })).toEqual({ status: 400, message: 'NOT_VERIFY_MAIL' });
  });
});

describe('session', () => {
  it('should change the password, log out, and log in again with the new password only', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'chpw');
    const newPassword = 'Changed-pw-2';
    await loginViaUi(page, server.baseUrl, user);

    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('menu-change-password').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="password"]').fill(user.password);
    await dialog.locator('input[name="newPassword"]').fill(newPassword);
    await dialog.locator('input[name="passwordConfirm"]').fill(newPassword);
    await dialog.getByTestId('change-password-submit').click();
    // docs/screens.md#account: on success the dialog closes (and the session keeps working with the new tokens).
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/dashboard');

    // The server, not just the UI, must have switched passwords.
    expect(await tryLogin(server, user)).toEqual({ status: 400, message: 'WRONG_PASSWORD' });
    expect((await tryLogin(server, { email: user.email, password: newPassword })).status).toBe(200);

    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/auth/login');
    const storedToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(storedToken).toBeNull();

    // Logged out, a protected page sends the visitor back to login.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/auth/login');

    await loginViaUi(page, server.baseUrl, { email: user.email, password: newPassword });
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('should show the wrong-password error and stay on the login page', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'wrongpw');
    await page.goto(`${server.baseUrl}/auth/login?lang=en`);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(`${user.password}-nope`);
    await page.getByTestId('login-submit').click();
    // docs/screens.md#error-messages: the code WRONG_PASSWORD is shown through the English error table.
    await page.getByText('Wrong password', { exact: true }).waitFor();
    expect(pathOf(page).toLowerCase()).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
