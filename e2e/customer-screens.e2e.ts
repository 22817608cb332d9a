import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, tokenOf, type Credentials } from './support/app';
import type { RunningServer } from './support/server';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

// What a customer meets first: packages over a trial, the order history of a renewal, tags, the
// proxy and key lists at 1,366 and 390 px, the change-IP link, the dashboard overview and the
// proxy-password wording, in Vietnamese and English.
const e2e = useE2E();

type Lang = 'vi' | 'en';

interface Bought {
  order: { id: string; code: string; expiresAt: string };
  proxies: { id: string }[];
}

async function customer(server: RunningServer, tag: string, coins = 1_000_000) {
  const creds = await createCustomer(server, e2e.mail, tag);
  await creditCustomer(server, creds.email, coins);
  return { creds, token: await tokenOf(server, creds) };
}

async function buyV6(server: RunningServer, token: string, quantity = 50): Promise<Bought> {
  const res = await api<Bought>(server, 'POST', '/api/v6-proxy/buy-retail', {
    token,
    body: { country: 'VN', quantity, period: { unit: 'day', value: 1 } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function buyKey(server: RunningServer, token: string): Promise<{ key: string; id: string }> {
  const packages = await api<{ id: string; nameEng: string | null }[]>(
    server,
    'GET',
    '/api/key-package/get-all-package',
  );
  const pkg = packages.body.find((p) => p.nameEng === 'Key 1 day');
  const res = await api<{ keys: { key: string; id: string }[] }>(
    server,
    'POST',
    `/api/key/buy-key-package/${pkg?.id}`,
    { token, body: { country: 'VN' } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.keys[0]!;
}

async function packageId(server: RunningServer, name: string): Promise<string> {
  const list = await api<{ id: string; name: string }[]>(server, 'GET', '/api/v4-package/get-all-package');
  return list.body.find((p) => p.name === name)!.id;
}

function gridRows(grid: Locator): Locator {
  return grid.locator('.MuiDataGrid-row');
}

/** Signs in and opens `path` (the dashboard unless given) as the test's first page. */
async function login(page: Page, creds: Credentials, lang: Lang, path?: string) {
  await signIn(page, e2e.server.baseUrl, creds, { lang, path });
}

const TEXT = {
  vi: {
    usedTrial: 'Bạn đã dùng gói dùng thử.',
    endsTrial: 'Mua gói này sẽ kết thúc gói dùng thử',
    heldPaid: 'Bạn đang có gói Starter',
    renewNote: 'Gia hạn 2 proxy: 1 ngày',
    renewAmount: '-800 Xu',
    earliest: 'Sớm nhất:',
    latest: 'Muộn nhất:',
    passwordHelp: 'Mật khẩu mới được áp dụng chậm nhất sau 2 phút',
    renewPrice: '20.000 Xu',
  },
  en: {
    usedTrial: 'You have already used the trial.',
    endsTrial: 'Buying this package ends your trial',
    heldPaid: 'You hold the Starter package',
    renewNote: 'Renewed 2 proxies: 1 day',
    renewAmount: '-800 coins (-$0.03)',
    earliest: 'Earliest:',
    latest: 'Latest:',
    passwordHelp: 'The new password takes effect within 2 minutes',
    renewPrice: '20,000 coins ($0.83)',
  },
} as const;

// The register limit (10 an hour per address) allows two customers per language: one for the
// trial, and one whose 50 IPv6 proxies (2 of them renewed) and key the other tests share, in order.
describe.each(['vi', 'en'] as const)('customer screens (%s)', (lang) => {
  const text = TEXT[lang];
  let main: { creds: Credentials; token: string; bought: Bought; key: { key: string; id: string }; keyPrice: number };

  beforeAll(async () => {
    const { server } = e2e;
    const c = await customer(server, `main-${lang}`);
    const bought = await buyV6(server, c.token);
    const renew = await api<{ cost: number }>(server, 'PUT', '/api/v6-proxy/renew-list-proxy', {
      token: c.token,
      body: { listProxyId: bought.proxies.slice(0, 2).map((p) => p.id), period: { unit: 'day', value: 1 } },
    });
    expect(renew.body).toEqual({ cost: 800 });
    const before = (await api<{ balance: number }>(server, 'GET', '/api/user/me', { token: c.token })).body.balance;
    const key = await buyKey(server, c.token);
    const after = (await api<{ balance: number }>(server, 'GET', '/api/user/me', { token: c.token })).body.balance;
    main = { ...c, bought, key, keyPrice: before - after };
  });

  it('should let a trial user buy a paid package, saying it ends the trial, then disable the other buttons with the reason', async () => {
    const { server, page } = e2e;
    const { creds, token } = await customer(server, `trial-${lang}`);
    const trial = await api(server, 'POST', `/api/v4-proxy/buy-package/${await packageId(server, 'Trial')}`, {
      token,
      body: { country: 'US' },
    });
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    await login(page, creds, lang, `/dashboard?buy=packages`);

    const trialCard = page.getByTestId('package-v4-trial');
    await trialCard.getByTestId('package-blocked').filter({ hasText: text.usedTrial }).waitFor();
    expect(await trialCard.getByTestId('package-buy').isDisabled()).toBe(true);

    const starter = page.getByTestId(`package-v4-${await packageId(server, 'Starter')}`);
    await starter.getByTestId('package-note').filter({ hasText: text.endsTrial }).waitFor();
    await starter.getByTestId('package-buy').click();
    await page.getByTestId('package-buy-note').filter({ hasText: text.endsTrial }).waitFor();
    await page.getByTestId('package-confirm-confirm').click();
    await page.getByTestId('package-success').waitFor();
    await page.keyboard.press('Escape');

    await starter.getByTestId('package-blocked').filter({ hasText: text.heldPaid }).waitFor();
    expect(await starter.getByTestId('package-buy').isDisabled()).toBe(true);
    const status = await api<{ plan: { packageName: string } }>(server, 'GET', '/api/order/package-status', { token });
    expect(status.body.plan.packageName).toBe('Starter');
  });

  it('should show a renewal of 2 proxies with its amount, a translated note, and the order’s expiry range', async () => {
    const { page } = e2e;
    const { creds, bought } = main;
    await login(page, creds, lang, `/order`);
    const row = page.locator('.MuiDataGrid-row', { hasText: bought.order.code });
    const range = row.getByTestId('order-expiry-range');
    await range.filter({ hasText: text.earliest }).filter({ hasText: text.latest }).waitFor();

    await row.getByTestId('order-history').click();
    const renewal = page.getByTestId('history-row').and(page.locator('[data-action="renew"]'));
    await renewal.waitFor();
    expect(await renewal.getByTestId('history-note').textContent()).toBe(text.renewNote);
    expect(await renewal.getByTestId('history-amount').textContent()).toBe(text.renewAmount);
  });

  it('should create, assign, filter by, rename and delete tags on proxies', async () => {
    const { page } = e2e;
    const { creds } = main;
    await login(page, creds, lang, `/manage-proxy?tab=v6`);
    const grid = page.getByTestId('proxies-grid-v6');
    await expect.poll(() => gridRows(grid).count()).toBe(25);

    await page.getByTestId('tags-manage').click();
    const dialog = page.getByTestId('tags-dialog');
    await dialog.getByTestId('tag-name-input').fill('Shop A');
    await dialog.getByTestId('tag-create').click();
    await dialog.locator('[data-tag="Shop A"]').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await gridRows(grid).nth(0).getByRole('checkbox').check();
    await gridRows(grid).nth(1).getByRole('checkbox').check();
    await page.getByTestId('batch-tag').click();
    await page.getByTestId('tag-assign-add').click();
    await page.getByTestId('tag-assign-dialog').waitFor({ state: 'hidden' });

    await page.getByTestId('proxies-tag-filter').click();
    await page.getByRole('option', { name: 'Shop A' }).click();
    await expect.poll(() => gridRows(grid).count()).toBe(2);
    expect(await gridRows(grid).first().textContent()).toContain('Shop A');

    await page.getByTestId('tags-manage').click();
    await dialog.getByTestId('tag-rename').click();
    await dialog.getByTestId('tag-rename-input').fill('Shop B');
    await dialog.getByTestId('tag-rename-save').click();
    await dialog.locator('[data-tag="Shop B"]').waitFor();
    await dialog.getByTestId('tag-delete').click();
    await page.getByTestId('tag-delete-dialog-confirm').click();
    await dialog.getByTestId('tag-row').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await expect.poll(() => gridRows(grid).count()).toBe(25);
  });

  it('should tag rotating keys with their own tags and filter by them', async () => {
    const { page } = e2e;
    await login(page, main.creds, lang, '/manage-proxy?tab=key');
    const dialog = page.getByTestId('tags-dialog');
    const keys = page.getByTestId('keys-grid');
    await expect.poll(() => gridRows(keys).count()).toBe(1);
    await page.getByTestId('tags-manage').click();
    await dialog.getByTestId('tag-name-input').fill('Antidetect');
    await dialog.getByTestId('tag-create').click();
    await dialog.locator('[data-tag="Antidetect"]').waitFor();
    await page.keyboard.press('Escape');
    // While the dialog is open (or closing) MUI hides the page from the accessibility tree.
    await dialog.waitFor({ state: 'hidden' });
    await gridRows(keys).first().getByRole('checkbox').check();
    await page.getByTestId('batch-tag').click();
    await page.getByTestId('tag-assign-add').click();
    await page.getByTestId('tag-assign-dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('proxies-tag-filter').click();
    await page.getByRole('option', { name: 'Antidetect' }).click();
    await expect.poll(() => gridRows(keys).count()).toBe(1);
    await gridRows(keys).first().getByTestId('item-details-open').click();
    await page.getByTestId('details-tag').filter({ hasText: 'Antidetect' }).waitFor();
  });

  it('should fit the proxy and key lists at 1,366 px with a details drawer, and use cards at 390 px', async () => {
    const { server, page } = e2e;
    const { creds, key } = main;
    await login(page, creds, lang, `/manage-proxy?tab=v6`);
    const grid = page.getByTestId('proxies-grid-v6');
    await gridRows(grid).first().waitFor();
    for (const field of ['expiresAt', 'autoRenew', 'comment', '__details']) {
      const header = grid.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`);
      const box = await header.boundingBox();
      expect(box, field).not.toBeNull();
      expect(box!.x + box!.width, field).toBeLessThanOrEqual(1366);
    }
    await gridRows(grid).first().getByTestId('item-details-open').click();
    const drawer = page.getByTestId('item-details');
    await drawer.getByTestId('proxy-password').waitFor();
    await page.keyboard.press('Escape');

    await openInApp(page, '/manage-proxy?tab=key');
    const keys = page.getByTestId('keys-grid');
    const newIp = gridRows(keys).first().getByTestId('key-new-ip');
    await newIp.waitFor();
    const b = await newIp.boundingBox();
    const cell = await newIp.locator('xpath=ancestor::div[contains(@class,"MuiDataGrid-cell")]').boundingBox();
    expect(b!.x + b!.width).toBeLessThanOrEqual(Math.min(1366, cell!.x + cell!.width));
    // The details have the change-IP link, and the link works as a GET.
    await gridRows(keys).first().getByTestId('item-details-open').click();
    const link = await page.getByTestId('details-change-ip-link').locator('span').first().textContent();
    expect(link).toBe(`${server.baseUrl}/api/key/get-new-ip?keyRotate=${key.key}`);
    const res = await fetch(link!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    await page.keyboard.press('Escape');

    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await login(phone, creds, lang, '/manage-proxy?tab=v6');
    for (const tab of ['v6', 'key']) {
      if (tab !== 'v6') {
        await openInApp(phone, `/manage-proxy?tab=${tab}`);
      }
      await phone.getByTestId('item-card').first().waitFor();
      expect(await phone.locator('.MuiDataGrid-root').count()).toBe(0);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    }
    await phone.getByTestId('item-card').first().getByTestId('item-details-open').click();
    await phone.getByTestId('details-change-ip-link').waitFor();
  });

  it('should open the dashboard with the overview and renew the expiring proxies in one click, priced', async () => {
    const { server, page } = e2e;
    const { creds, token, keyPrice } = main;
    await login(page, creds, lang);
    const money = (coins: number) =>
      lang === 'vi'
        ? `${coins.toLocaleString('de-DE')} Xu`
        : `${coins.toLocaleString('en-US')} coins ($${(Math.round(coins / 240) / 100).toFixed(2)})`;
    const spent = 20_000 + 800 + keyPrice;
    const summary = page.getByTestId('dashboard-summary');
    await summary.getByTestId('summary-active-v6').filter({ hasText: '50' }).waitFor();
    expect(await summary.getByTestId('summary-active-key').textContent()).toBe('1');
    expect(await summary.getByTestId('summary-month-spend').textContent()).toBe(money(spent));
    const balance = (await api<{ balance: number }>(server, 'GET', '/api/user/me', { token })).body.balance;
    await summary.getByTestId('summary-expiring-v6').getByTestId('summary-renew').click();
    const dialog = page.getByTestId('summary-renew-dialog');
    expect(await dialog.getByTestId('summary-renew-price').textContent()).toBe(text.renewPrice);
    await page.getByTestId('summary-renew-dialog-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await api<{ balance: number }>(server, 'GET', '/api/user/me', { token })).body.balance)
      .toBe(balance - 20_000);
    await summary
      .getByTestId('summary-month-spend')
      .filter({ hasText: money(spent + 20_000) })
      .waitFor();
  });

  it('should say the new proxy password takes effect within 2 minutes', async () => {
    const { page } = e2e;
    const { creds } = main;
    await login(page, creds, lang, `/manage-proxy?tab=v6`);
    const grid = page.getByTestId('proxies-grid-v6');
    // The grid may hold a row more for a frame while it renders the first page: check once settled.
    await expect.poll(() => gridRows(grid).count()).toBe(25);
    await gridRows(grid).first().getByRole('checkbox').check();
    await page.getByTestId('batch-password').click();
    await page.getByText(text.passwordHelp).waitFor();
  });
});
