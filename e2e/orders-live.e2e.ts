import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, ownerToken, tokenOf, type Credentials } from './support/app';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';

// docs/screens.md#order-management: a live order renews its proxies (priced, confirmed, same
// addresses); the table fits 1,366 px, a phone shows cards; mixed auto-renew says so.
const e2e = useE2E({ ownServer: 'it creates and renames a package every customer sees' });

const DAY_MS = 24 * 3600_000;
const LANGS = ['vi', 'en'] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

interface Proxy {
  id: string;
  host: string;
  port: number;
  egressIp: string;
  expiresAt: string;
}

async function buyFifty(c: Credentials): Promise<{ token: string; orderId: string; proxies: Proxy[] }> {
  const { server } = e2e;
  await creditCustomer(server, c.email, 1_000_000);
  const token = await tokenOf(server, c);
  const bought = await api<{ order: { id: string }; proxies: Proxy[] }>(server, 'POST', '/api/v6-proxy/buy-retail', {
    token,
    body: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return { token, orderId: bought.body.order.id, proxies: bought.body.proxies };
}

async function liveProxies(token: string, orderId: string): Promise<Proxy[]> {
  const res = await api<{ items: Proxy[] }>(
    e2e.server,
    'GET',
    `/api/v6-proxy/list-proxy-me?orderId=${orderId}&limit=100`,
    { token },
  );
  return res.body.items;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

describe('a live order', () => {
  for (const lang of LANGS) {
    it(`should renew its proxies, priced and confirmed, keeping their addresses, at 1366 px in ${lang}`, async () => {
      const { server, mail, page } = e2e;
      const c = await createCustomer(server, mail, `live-${lang}`);
      const { token, orderId, proxies } = await buyFifty(c);
      await signIn(page, server.baseUrl, c, { lang, path: '/order' });
      const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
      await row.locator('[data-status="using"]').waitFor();
      // Every column fits: the grid does not scroll sideways and nothing covers a control.
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `orders-1366-${lang}`);
      // The order's own renewal stays for expired orders; the live one renews its proxies.
      expect(await row.getByTestId('order-renew').count()).toBe(0);
      await row.getByTestId('order-renew-live').click();
      const dialog = page.getByTestId('proxy-renew-dialog');
      await dialog.waitFor();
      await dialog
        .getByText(lang === 'vi' ? 'Gia hạn proxy của đơn hàng' : 'Renew the proxies of order', { exact: false })
        .waitFor();
      // 50 proxies × 400 coins for the order's own period of one day.
      await page
        .getByTestId('proxy-renew-cost')
        .filter({ hasText: lang === 'vi' ? '20.000 Xu' : '20,000 coins ($0.83)' })
        .waitFor();
      await shot(page, `orders-renew-live-1366-${lang}`);
      await page.getByTestId('proxy-renew-dialog-confirm').click();
      await dialog.waitFor({ state: 'hidden' });
      await page
        .getByTestId('topbar-balance')
        .filter({ hasText: lang === 'vi' ? '960.000 Xu' : '960,000 coins' })
        .waitFor();

      const after = await liveProxies(token, orderId);
      expect(after).toHaveLength(50);
      for (const p of proxies) {
        const now = after.find((a) => a.id === p.id)!;
        expect({ host: now.host, port: now.port, egressIp: now.egressIp }).toEqual({
          host: p.host,
          port: p.port,
          egressIp: p.egressIp,
        });
        expect(new Date(now.expiresAt).getTime() - new Date(p.expiresAt).getTime()).toBe(DAY_MS);
      }
    });
  }

  for (const lang of LANGS) {
    it(`should show cards with labelled facts and say "mixed" auto-renew at 390 px in ${lang}`, async () => {
      const { server, mail } = e2e;
      const c = await createCustomer(server, mail, `cards-${lang}`);
      const { token, proxies } = await buyFifty(c);
      const update = await api(server, 'PUT', '/api/v6-proxy/update-list-proxy', {
        token,
        body: { listProxyId: [proxies[0]!.id], autoRenew: true },
      });
      expect(update.status).toBe(200);
      const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await signIn(page, server.baseUrl, c, { lang, path: '/order' });
      const cards = page.getByTestId('orders-grid');
      await cards.getByTestId('item-card').first().waitFor();
      expect(await cards.getAttribute('data-view')).toBe('cards');
      const card = cards.getByTestId('item-card').first();
      await card.getByText(lang === 'vi' ? 'Hết hạn' : 'Expires at', { exact: false }).waitFor();
      await card.getByText(lang === 'vi' ? '20.000 Xu' : '20,000 coins ($0.83)', { exact: false }).waitFor();
      await card
        .getByTestId('order-auto-renew-mixed')
        .filter({ hasText: lang === 'vi' ? 'Hỗn hợp' : 'Mixed' })
        .waitFor();
      await card.getByTestId('order-renew-live').waitFor();
      expect(await layoutProblems(page)).toEqual([]);
      await shot(page, `orders-390-${lang}`);

      // Switching a mixed order turns every proxy's auto-renew on.
      await card.getByTestId('order-auto-renew').locator('input').tap();
      await card.getByTestId('order-auto-renew-mixed').waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const res = await api<{ items: { autoRenew: boolean }[] }>(
            server,
            'GET',
            '/api/v6-proxy/list-proxy-me?limit=100',
            { token },
          );
          return res.body.items.every((p) => p.autoRenew);
        })
        .toBe(true);
    });
  }

  it('should keep "Renew selected" disabled until an order is ticked', async () => {
    const { server, mail, page } = e2e;
    const c = await createCustomer(server, mail, 'batch');
    const { orderId } = await buyFifty(c);
    await signIn(page, server.baseUrl, c, { lang: 'en', path: '/order' });
    const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
    await row.waitFor();
    const button = page.getByTestId('orders-renew-selected');
    expect(await button.isDisabled()).toBe(true);
    await row.getByRole('checkbox').check();
    await expect.poll(() => button.isDisabled()).toBe(false);
  });
});

describe('a package order in the reader’s language', () => {
  const NAMES = { vi: 'Gói nhóm e2e', en: 'Team pack e2e' };

  /** A customer who bought an IPv4 package named in both languages, renamed by the owner since. */
  async function packageBuyer(lang: 'vi' | 'en'): Promise<{ c: Credentials; orderId: string }> {
    const { server, mail } = e2e;
    const owner = await ownerToken(server);
    const created = await api<{ id: string }>(server, 'POST', '/api/v4-package/admin/create-package', {
      token: owner,
      body: { name: `${NAMES.vi} ${lang}`, nameEng: `${NAMES.en} ${lang}`, price: 1000, days: 30, proxies: 2 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = await createCustomer(server, mail, `pack-${lang}`);
    await creditCustomer(server, c.email, 100_000);
    const bought = await api<{ order: { id: string } }>(
      server,
      'POST',
      `/api/v4-proxy/buy-package/${created.body.id}`,
      {
        token: await tokenOf(server, c),
        body: { country: 'US' },
      },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // The order keeps the names it was bought under.
    const renamed = await api(server, 'PUT', `/api/v4-package/admin/update-package/${created.body.id}`, {
      token: owner,
      body: { name: `Gói mới ${lang}`, nameEng: `New pack ${lang}` },
    });
    expect(renamed.status).toBe(200);
    return { c, orderId: bought.body.order.id };
  }

  for (const lang of LANGS) {
    it(`should name the package as bought in ${lang} in the list, the history, the ledger and on a phone`, async () => {
      const { server, page } = e2e;
      const { c, orderId } = await packageBuyer(lang);
      const name = `${NAMES[lang]} ${lang}`;
      const other = `${NAMES[lang === 'vi' ? 'en' : 'vi']} ${lang}`;
      await signIn(page, server.baseUrl, c, { lang, path: '/order' });
      const row = page.getByTestId('orders-grid').locator(`.MuiDataGrid-row[data-id="${orderId}"]`);
      await row.getByText(name, { exact: false }).waitFor();
      expect(await row.innerText()).not.toContain(other);
      await row.getByTestId('order-history').click();
      const history = page.getByTestId('history-dialog');
      expect(
        await history.locator('[data-testid="history-row"][data-action="buy"]').getByTestId('history-note').innerText(),
      ).toBe(name);
      await shot(page, `orders-package-history-1366-${lang}`);
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseUrl}/account`);
      await page.getByTestId('transactions-grid').getByText(name, { exact: false }).waitFor();

      const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await signIn(phone, server.baseUrl, c, { lang, path: '/order' });
      const card = phone.getByTestId('orders-grid').getByTestId('item-card').filter({ hasText: name });
      await card.waitFor();
      expect(await card.innerText()).not.toContain(other);
      expect(await layoutProblems(phone)).toEqual([]);
      await shot(phone, `orders-package-390-${lang}`);
    });
  }
});
