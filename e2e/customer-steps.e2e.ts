import { randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, tokenOf, uniqueEmail, type Credentials } from './support/app';
import { OWNER_HOST } from './support/browser';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';

// What a customer meets: paste-to-act shows what it selected, the
// 404 page and the 2FA sign-in step, batch buttons, /agency without an agency, the admin's
// cancel-order dialog.
const e2e = useE2E();
const SHOTS = process.env.E2E_SHOTS_DIR;

interface P {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

async function withProxies(c: Credentials, quantity: number): Promise<P[]> {
  const { server } = e2e;
  await creditCustomer(server, c.email, 1_000_000);
  const res = await api<{ proxies: P[] }>(server, 'POST', '/api/v4-proxy/buy-retail', {
    token: await tokenOf(server, c),
    body: { country: 'VN', quantity, period: { unit: 'day', value: 1 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.proxies;
}

const line = (p: P) => `${p.host}:${p.port}:${p.username}:${p.password}`;

describe('paste to act (item 9)', () => {
  for (const { lang, width } of [
    { lang: 'en', width: 1366 },
    { lang: 'vi', width: 390 },
  ] as const) {
    it(`should show exactly the matched proxies, ticked, and count the lines that matched none (${lang}, ${width} px)`, async () => {
      const { server, mail } = e2e;
      const page = await e2e.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
      const c = await createCustomer(server, mail, `paste-${lang}`);
      // 30 proxies: more than the 25 of the list's first page, so two of them may be on page 2.
      const mine = await withProxies(c, 30);
      const picked: [P, P] = [mine[3]!, mine[28]!];
      await signIn(page, server.baseUrl, c, { lang, path: '/manage-proxy?tab=v4' });
      const grid = page.getByTestId('proxies-grid-v4');
      const phone = width < 600;
      const items = phone ? grid.getByTestId('item-card') : grid.locator('.MuiDataGrid-row');
      await items.nth(24).waitFor();

      // Nothing chosen yet: the batch buttons wait for a selection (item 14).
      if (!phone) {
        expect(await page.getByTestId('batch-renew').isDisabled()).toBe(true);
      }

      await page.getByTestId('paste-open').click();
      await page.getByTestId('paste-text').fill(`${line(picked[0])}\n10.9.9.9:1234:nobody:nothing\n${line(picked[1])}`);
      await page.getByTestId('paste-submit').click();
      await page.getByTestId('paste-matched-count').filter({ hasText: '2' }).waitFor();
      await page.getByTestId('paste-select').click();

      await page.getByTestId('paste-pinned').waitFor();
      await expect.poll(() => items.count()).toBe(2);
      expect(await page.getByTestId('paste-pinned-selected').innerText()).toBe(
        lang === 'en' ? '2 proxies from the pasted list are selected' : 'Đang chọn 2 proxy từ danh sách đã dán',
      );
      expect(await page.getByTestId('paste-pinned-unmatched').innerText()).toBe(
        lang === 'en' ? '1 line matched no proxy' : '1 dòng không khớp proxy nào',
      );
      if (phone) {
        const text = await grid.innerText();
        for (const p of picked) {
          expect(text).toContain(`${p.host}:${p.port}`);
        }
        for (const box of await grid.getByTestId('item-card-check').locator('input').all()) {
          expect(await box.isChecked()).toBe(true);
        }
      } else {
        const ids = await items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')));
        expect(ids.sort()).toEqual(picked.map((p) => p.id).sort());
        for (const row of await items.all()) {
          expect(await row.getAttribute('aria-selected')).toBe('true');
        }
        await page.getByTestId('batch-selected').filter({ hasText: '2' }).waitFor();
        expect(await page.getByTestId('batch-renew').isEnabled()).toBe(true);
      }
      expect(await layoutProblems(page, { tables: true })).toEqual([]);
      await shot(page, `paste-selected-${lang}-${width}`);

      // Unticking one leaves one for the batch actions; "Clear" brings the whole list back.
      if (phone) {
        await grid.getByTestId('item-card-check').first().locator('input').uncheck();
      } else {
        await items.first().getByRole('checkbox').uncheck();
      }
      await page
        .getByTestId('paste-pinned-selected')
        .filter({ hasText: lang === 'en' ? '1 proxy from' : 'Đang chọn 1 proxy' })
        .waitFor();
      await page.getByTestId('paste-clear').click();
      await items.nth(24).waitFor();
    });
  }
});

/** A customer with 2FA on, through the API (turn on, then verify with the current code). */
async function twoFactorCustomer(tag: string): Promise<{ c: Credentials; secret: string }> {
  const { server, mail } = e2e;
  const c = await createCustomer(server, mail, tag);
  const token = await tokenOf(server, c);
  const on = await api<{ secret: string }>(server, 'POST', '/api/user/turn-on-2fa', {
    token,
    body: { password: c.password },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  const verified = await api(server, 'POST', '/api/user/verify-2fa', {
    token,
    body: { password: c.password, code: authenticator.generate(on.body.secret) },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { c, secret: on.body.secret };
}

describe('404 and the 2FA sign-in step (item 12)', () => {
  for (const lang of ['en', 'vi'] as const) {
    it(`should send a visitor home and a customer to the dashboard, and ask for the 2FA code on a second screen (${lang})`, async () => {
      const { server } = e2e;
      for (const width of [1366, 390]) {
        const visitor = await e2e.newPage({ viewport: { width, height: 844 } });
        await visitor.goto(`${server.baseUrl}/no-such-page?lang=${lang}`);
        const home = visitor.getByTestId('not-found-home');
        await home.waitFor();
        const text = await visitor.locator('body').innerText();
        expect(text).toContain(
          lang === 'en'
            ? 'Sorry, the page you requested was not found.'
            : 'Xin lỗi, đã xảy ra lỗi, không tìm thấy trang được yêu cầu!',
        );
        expect(await home.innerText()).toBe(lang === 'en' ? 'Home page' : 'Trang chủ');
        expect(await layoutProblems(visitor)).toEqual([]);
        await shot(visitor, `404-visitor-${lang}-${width}`);
        await home.click();
        await visitor.waitForURL((url) => url.pathname === '/');
      }

      for (const width of [1366, 390]) {
        // One account per width: a TOTP step once used is refused, and the next one is 30 s away.
        const { c, secret } = await twoFactorCustomer(`tfa-${lang}-${width}`);
        const page = await e2e.newPage({ viewport: { width, height: 844 } });
        await page.goto(`${server.baseUrl}/auth/login?lang=${lang}`);
        await page.locator('input[name="email"]').fill(c.email);
        await page.locator('input[name="password"]').fill(c.password);
        await page.getByTestId('login-submit').click();
        const step = page.getByTestId('login-2fa-step');
        await step.waitFor();
        // A step, not a failure: no toast, the email and password are off the screen.
        expect(await page.locator('.notistack-MuiContent-error').count()).toBe(0);
        expect(await page.locator('input[name="password"]').count()).toBe(0);
        await page.getByText(lang === 'en' ? 'Two-factor verification' : 'Xác thực hai lớp').waitFor();
        expect(await layoutProblems(page)).toEqual([]);
        await shot(page, `login-2fa-step-${lang}-${width}`);
        // A wrong code is said under the field.
        await page.getByTestId('login-code').fill('000000');
        await page.getByTestId('login-submit').click();
        await page
          .getByText(lang === 'en' ? 'Wrong 2FA code' : 'Mã 2FA không đúng')
          .first()
          .waitFor();
        await shot(page, `login-2fa-wrong-${lang}-${width}`);
        // "Back" returns to the first screen with the address kept.
        await page.getByTestId('login-2fa-back').click();
        expect(await page.locator('input[name="email"]').inputValue()).toBe(c.email);
        await page.getByTestId('login-submit').click();
        await step.waitFor();
        // The next time step's code: the step of turning 2FA on is spent (the server accepts one step ahead).
        const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
        await page.getByTestId('login-code').fill(code);
        await page.getByTestId('login-submit').click();
        await page.waitForURL((url) => url.pathname === '/dashboard');
        if (width === 390) {
          await page.goto(`${server.baseUrl}/no-such-page`);
          const home = page.getByTestId('not-found-home');
          expect(await home.innerText()).toBe(lang === 'en' ? 'Go to the dashboard' : 'Về trang tổng quan');
          await shot(page, `404-signed-in-${lang}-${width}`);
          await home.click();
          await page.waitForURL((url) => url.pathname === '/dashboard');
        }
      }
    });
  }
});

describe('smaller things (item 14)', () => {
  it('should open /agency without an agency with no failing call', async () => {
    const { server, mail } = e2e;
    const email = uniqueEmail('no-agency');
    const password = `Pw-${randomBytes(4).toString('hex')}`;
    const reg = await api(server, 'POST', '/api/auth/register', {
      host: OWNER_HOST,
      body: { email, password, passwordConfirm: password },
    });
    expect(reg.status).toBe(200);
    const code = await mail.nextOtp(email);
    expect((await api(server, 'POST', '/api/auth/verify', { host: OWNER_HOST, body: { email, code } })).status).toBe(
      200,
    );
    for (const lang of ['en', 'vi'] as const) {
      const page = await e2e.newPage();
      await signIn(page, server.urlFor(OWNER_HOST), { email, password }, { lang });
      const failed: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) {
          failed.push(`${res.status()} ${res.url()}`);
        }
      });
      await page.goto(`${server.urlFor(OWNER_HOST)}/agency`);
      await page.getByTestId('agency-create-submit').waitFor();
      await shot(page, `agency-none-${lang}-1366`);
      expect(failed).toEqual([]);
    }
  });
});
