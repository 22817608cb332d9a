import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, signIn, ownerOf, pathOf, uniqueEmail, type Credentials } from './support/app';
import { OWNER_HOST } from './support/browser';
import type { RunningServer } from './support/server';
import { useE2E } from './support/setup';
import type { SmtpSink } from './support/smtp-sink';

const e2e = useE2E({ ownServer: 'it counts the site’s agencies' });

/** A verified customer of the proxy-owner site, made through the API and the mailed code. */
async function ownerSiteCustomer(server: RunningServer, mail: SmtpSink, tag: string): Promise<Credentials> {
  const email = uniqueEmail(tag);
  const password = `Pw-${randomBytes(4).toString('hex')}`;
  const reg = await api(server, 'POST', '/api/auth/register', {
    host: OWNER_HOST,
    body: { email, password, passwordConfirm: password },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const code = await mail.nextOtp(email);
  const ver = await api(server, 'POST', '/api/auth/verify', { host: OWNER_HOST, body: { email, code } });
  expect(ver.status, JSON.stringify(ver.body)).toBe(200);
  return { email, password };
}

async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

describe('agency program on the proxy-owner site', () => {
  it('should run create → approve at 10% → register by link → top-up → commission, chart, balance → transfer', async () => {
    const { page, server, mail } = e2e;
    const site = server.urlFor(OWNER_HOST);
    const code = `e2e-${randomBytes(3).toString('hex')}`;

    // 1. A customer applies for an agency and sees it awaiting approval.
    const founder = await ownerSiteCustomer(server, mail, 'agency-owner');
    await signIn(page, site, founder, { lang: 'en', path: '/agency' });
    await page.getByTestId('agency-create-name').fill('E2E Resellers');
    await page.getByTestId('agency-create-description').fill('Proxies for the e2e crowd');
    await page.getByTestId('agency-create-code').fill(code);
    await page.getByTestId('agency-create-submit').click();
    await page.locator('[data-testid="agency-status"][data-status="pending"]').waitFor();
    expect(await page.getByTestId('agency-status').innerText()).toBe('Awaiting approval');
    const link = (await page.getByTestId('agency-share-link').innerText()).trim();
    expect(link).toBe(`${site}/auth/register?ref=${code}`);

    // 2. The site's admin (the owner) approves it and sets 10% on /admin/agency.
    await signOut(page);
    await signIn(page, site, ownerOf(server), { lang: 'en', path: '/admin/agency' });
    // The search's answer (debounced, then fetched) is on the page before acting on the row, so the
    // grid does not re-render under the click: the list before the search may already hold one row.
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/agency-admin/list-agency') && new URL(r.url()).searchParams.get('search') === code,
    );
    await page.getByTestId('agencies-search').fill(code);
    expect((await searched).status()).toBe(200);
    const row = page.getByTestId('agencies-grid').locator('.MuiDataGrid-row', { hasText: code });
    await expect.poll(() => page.getByTestId('agencies-grid').locator('.MuiDataGrid-row').count()).toBe(1);
    await row.getByTestId('agency-approve').click();
    // The approval's own answer first, so a failure says whether it was sent and what it got.
    const approved = page.waitForResponse((r) => r.url().includes('/api/agency-admin/toggle-agency-status'));
    await page.getByTestId('agency-toggle-dialog-confirm').click();
    expect((await approved).status()).toBe(200);
    await row.getByTestId('agency-row-status').filter({ hasText: 'Active' }).waitFor();
    await row.getByTestId('agency-edit').click();
    await page.getByTestId('agency-edit-percent').fill('10');
    await page.getByTestId('agency-edit-save').click();
    await row.filter({ hasText: '10%' }).waitFor();

    // 3. A second customer registers through the share link: the coupon is filled in.
    await signOut(page);
    const member = { email: uniqueEmail('agency-member'), password: 'Member-pw-1' };
    await page.goto(link);
    expect(await page.getByTestId('register-agency-code').inputValue()).toBe(code);
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('input[name="password"]').fill(member.password);
    await page.locator('input[name="passwordConfirm"]').fill(member.password);
    await page.getByTestId('register-submit').click();
    const otp = await mail.nextOtp(member.email);
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="code"]').fill(otp);
    await dialog.getByTestId('otp-submit').click();
    await page.waitForURL((url) => /^\/auth\/(login|register\/success)$/i.test(url.pathname));
    expect(pathOf(page)).not.toBe('/auth/register');

    // The member sees their agency on /account.
    await signIn(page, site, member, { lang: 'en', path: '/account' });
    expect(await page.getByTestId('account-agency-name').innerText()).toBe(`E2E Resellers (${code})`);

    // 4. The member tops up 200,000 coins through the bank simulator (the transfer carries their code).
    await page.goto(`${site}/topup`);
    const billCode = (await page.getByTestId('topup-code-bill').innerText()).trim();
    await signOut(page);
    const ownerLogin = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', {
      host: OWNER_HOST,
      body: ownerOf(server),
    });
    const sim = await api(server, 'POST', '/api/bill/admin/bank-simulate', {
      host: OWNER_HOST,
      token: ownerLogin.body.tokens.accessToken,
      body: { content: `NAP TIEN ${billCode}`, amount: 200_000 },
    });
    expect(sim.status, JSON.stringify(sim.body)).toBe(200);

    // 5. The agency owner sees the member, the deposit, the commission in the chart and the balance.
    await signIn(page, site, founder, { lang: 'en' });
    await page.getByTestId('topbar-balance').filter({ hasText: '20,000' }).waitFor();
    await page.goto(`${site}/agency`);
    const members = page.getByTestId('agency-members-grid');
    const memberRow = members.locator('.MuiDataGrid-row', { hasText: member.email });
    await memberRow.filter({ hasText: '200,000' }).waitFor();
    // The totals and the chart come from their own calls: wait for their figures, not just the cards.
    await page.getByTestId('agency-total-commission').filter({ hasText: '20,000' }).waitFor();
    const chart = page.getByTestId('agency-chart');
    await expect.poll(() => chart.getAttribute('data-commission')).toBe('20000');
    expect(await chart.getAttribute('data-deposit')).toBe('200000');
    await expect.poll(() => chart.locator('svg rect').count()).toBeGreaterThan(0);

    // 6. The owner transfers 5,000 coins to the member after confirming.
    await memberRow.getByTestId('agency-member-transfer').click();
    await page.getByTestId('agency-transfer-amount').fill('5.000');
    await page.getByTestId('agency-transfer-next').click();
    await page.getByTestId('agency-transfer-confirm-confirm').click();
    await page.getByTestId('agency-total-transferred').filter({ hasText: '5,000' }).waitFor();
    await page.getByTestId('topbar-balance').filter({ hasText: '15,000' }).waitFor();

    // The ledger agrees: 15,000 left for the owner, 205,000 for the member.
    const memberToken = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', {
      host: OWNER_HOST,
      body: member,
    });
    const money = await api<{ balance: number }>(server, 'GET', '/api/user/get-money', {
      host: OWNER_HOST,
      token: memberToken.body.tokens.accessToken,
    });
    expect(money.body.balance).toBe(205_000);
  });
});
