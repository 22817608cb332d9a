import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, signIn, ownerToken, tokenOf, type Credentials } from './support/app';
import type { RunningServer } from './support/server';
import { useE2E } from './support/setup';

// Paste to act and the activity trail: a customer pastes three lines (one not theirs), renews the
// two matched proxies, and finds the renewal and the purchase in the activity on /account.
const e2e = useE2E();
const SHOTS = process.env.SHOTS_DIR;

interface P {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

async function buyProxies(server: RunningServer, creds: Credentials, quantity: number): Promise<P[]> {
  const owner = await ownerToken(server);
  const users = await api<{ items: { id: string; email: string }[] }>(
    server,
    'GET',
    `/api/user/admin/get-all-user?search=${encodeURIComponent(creds.email)}`,
    { token: owner },
  );
  const id = users.body.items.find((u) => u.email === creds.email)?.id;
  await api(server, 'PUT', `/api/user/admin/add-to-balance/${id}`, { token: owner, body: { amount: 1_000_000 } });
  const res = await api<{ proxies: P[] }>(server, 'POST', '/api/v4-proxy/buy-retail', {
    token: await tokenOf(server, creds),
    body: { country: 'VN', quantity, period: { unit: 'day', value: 1 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.proxies;
}

async function shoot(page: Page, name: string) {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
  }
}

describe('paste to act and activity', () => {
  it('should match 2 of 3 pasted lines, renew the two, and show the renewal and purchase in the activity', async () => {
    const { server, mail, page } = e2e;
    const creds = await createCustomer(server, mail, 'paste');
    const mine = await buyProxies(server, creds, 3);
    const other = await createCustomer(server, mail, 'other');
    const [theirs] = await buyProxies(server, other, 1);
    const line = (p: P) => `${p.host}:${p.port}:${p.username}:${p.password}`;
    await signIn(page, server.baseUrl, creds);

    for (const lang of ['en', 'vi'] as const) {
      await page.evaluate((l) => localStorage.setItem('clientLanguage', l), lang);
      await page.goto(`${server.baseUrl}/manage-proxy?tab=v4`);
      await page.getByTestId('paste-open').click();
      await page
        .getByTestId('paste-text')
        .fill(
          `${line(mine[0]!)}\n\nsocks5://${mine[1]!.username}:${mine[1]!.password}@${mine[1]!.host}:${mine[1]!.port}\r\n${line(theirs!)}`,
        );
      await page.getByTestId('paste-submit').click();
      await page
        .getByTestId('paste-matched-count')
        .filter({ hasText: lang === 'en' ? 'Matched: 2' : 'Khớp: 2' })
        .waitFor();
      await page
        .getByTestId('paste-unmatched-count')
        .filter({ hasText: lang === 'en' ? 'Not matched: 1' : 'Không khớp: 1' })
        .waitFor();
      expect(await page.getByTestId('paste-unmatched-lines').textContent()).toContain(line(theirs!));
      await shoot(page, `paste-dialog-1366-${lang}`);
      await page.getByTestId('paste-select').click();
      await page.getByTestId('paste-pinned').waitFor();
    }
    await page.getByTestId('batch-selected').filter({ hasText: '2' }).waitFor();
    await page.getByTestId('batch-renew').click();
    await page.getByTestId('proxy-renew-dialog-confirm').click();
    await page.getByTestId('proxy-renew-dialog').waitFor({ state: 'hidden' });

    for (const lang of ['vi', 'en'] as const) {
      await page.evaluate((l) => localStorage.setItem('clientLanguage', l), lang);
      await page.goto(`${server.baseUrl}/account`);
      const grid = page.getByTestId('activity-grid');
      await grid
        .getByText(lang === 'en' ? 'Proxy renewed' : 'Gia hạn proxy')
        .first()
        .waitFor();
      await grid
        .getByText(lang === 'en' ? 'Order bought' : 'Mua đơn hàng')
        .first()
        .waitFor();
      expect(await grid.getByText(lang === 'en' ? 'Proxy renewed' : 'Gia hạn proxy').count()).toBe(2);
      await page.getByTestId('activity-card').scrollIntoViewIfNeeded();
      await shoot(page, `account-activity-1366-${lang}`);
      await page.goto(`${server.baseUrl}/manage-proxy?tab=v4`);
      await page.getByTestId('item-details-open').first().click();
      await page.getByTestId('details-activity').getByTestId('activity-item').first().waitFor();
      await page.getByTestId('details-activity').scrollIntoViewIfNeeded();
      await shoot(page, `drawer-activity-1366-${lang}`);
      const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await signIn(phone, server.baseUrl, creds);
      await phone.evaluate((l) => localStorage.setItem('clientLanguage', l), lang);
      await phone.goto(`${server.baseUrl}/account`);
      await phone.getByTestId('activity-card').scrollIntoViewIfNeeded();
      await phone
        .getByTestId('activity-grid')
        .getByText(lang === 'en' ? 'Proxy renewed' : 'Gia hạn proxy')
        .first()
        .waitFor();
      // On a phone each row is a block: its detail is on screen, not in a column scrolled off it.
      const cost = phone
        .getByTestId('activity-grid')
        .getByText(lang === 'en' ? /Cost: 6,000/ : /Chi phí: 6\.000/)
        .first();
      const box = await cost.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await shoot(phone, `account-activity-390-${lang}`);
      await phone.goto(`${server.baseUrl}/manage-proxy?tab=v4`);
      await phone.getByTestId('paste-open').click();
      await phone.getByTestId('paste-text').fill(line(mine[2]!));
      await phone.getByTestId('paste-submit').click();
      await phone.getByTestId('paste-matched-count').waitFor();
      await shoot(phone, `paste-dialog-390-${lang}`);
      await phone.keyboard.press('Escape');
      await phone.getByTestId('paste-dialog').waitFor({ state: 'detached' });
      await phone.getByTestId('item-details-open').first().click();
      await phone.getByTestId('details-activity').scrollIntoViewIfNeeded();
      await shoot(phone, `drawer-activity-390-${lang}`);
    }
  });
});
