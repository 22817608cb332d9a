import { mkdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPortBlock, E2E_RANGE } from '../apps/server/test/ports.js';
import { startFakeProxy6, type FakeProxy6 } from '../apps/server/test/fakes/index.js';
import { api, createCustomer, creditCustomer, signIn, ownerOf, ownerToken, tokenOf } from './support/app';
import { layoutProblems } from './support/layout-checks';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';
import { priceSupplierCountry, routeCountryInUi } from './support/suppliers';
import { truncatedLabels } from './support/truncation';

// The admin's supplier screens as the admin sees them change: the grid takes a new supplier's
// balance, a sync's result (with its progress while it runs), a new account's balance after an
// edit, the stock a route change and pasted lines bring, all without a reload or a manual sync;
// the analytics page's margin card goes from its empty state to the right coins; and every one of
// these screens fits 1,366 and 390 px in Vietnamese and English with no label cut, no control
// covered and no sideways scroll. Proxy6 is the local fake speaking its API.
const portBase = claimPortBlock(E2E_RANGE);
const e2e = useE2E({
  env: {
    GATEWAY: 'embedded',
    GATEWAY_ALLOW_PRIVATE: '1',
    GATEWAY_PORTS: `${portBase}-${portBase + 99}`,
    OUTBOUND_ALLOW_PRIVATE: '1',
    // A held sync (below) must outlast the browser's look at it on a loaded machine.
    SUPPLIER_TIMEOUT_MS: '120000',
  },
});

const COUNTRY = 'MT';
const DAY_PRICE = 1_000;
const RUB_RATE = 100;
/** E2E_SHOTS_DIR: also save screenshots of the screens (for a human to look at). */
const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * An HTTP hop in front of a fake supplier that can hold its answers: while held, a request is
 * forwarded only once `release()` is called, so a spec sees the page while a sync is running.
 */
interface Gate {
  url: string;
  hold(): void;
  release(): void;
  /** Requests that arrived while held and wait for the release. */
  waiting(): number;
  close(): Promise<void>;
}

async function startGate(target: () => string): Promise<Gate> {
  let held: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let waiting = 0;
  const server: Server = createServer((req, res) => {
    const forward = () => {
      const up = request(`${target()}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
    };
    if (held) {
      waiting++;
      void held.then(() => {
        waiting--;
        forward();
      });
    } else {
      forward();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      held = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      held = null;
      open();
    },
    waiting: () => waiting,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let p6: FakeProxy6;
/** Another Proxy6 account the admin switches to by editing the base URL. */
let p6b: FakeProxy6;
let gate: Gate;

beforeAll(async () => {
  p6 = await startFakeProxy6({ stock: { [`4:${COUNTRY.toLowerCase()}`]: 20 } });
  p6b = await startFakeProxy6({ apiKey: p6.apiKey, balance: 500, stock: { [`4:${COUNTRY.toLowerCase()}`]: 7 } });
  gate = await startGate(() => p6.url);
});

afterAll(async () => {
  gate?.release();
  await Promise.all([p6?.close(), p6b?.close(), gate?.close()]);
});

const supplierRow = (page: Page, name: string) =>
  page.getByTestId('suppliers-grid').locator('.MuiDataGrid-row').filter({ hasText: name });

/** A cell of a supplier's row, by the grid's field name. */
const cell = (page: Page, name: string, field: string) => supplierRow(page, name).locator(`[data-field="${field}"]`);

/** How the page writes a whole number: dot thousands in Vietnamese, comma in English. */
const num = (n: number, lang: 'vi' | 'en') => n.toLocaleString(lang === 'vi' ? 'de-DE' : 'en-US');

/** Waits until a dialog has faded in: checked or photographed halfway, it is see-through. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.MuiDialog-container')).every(
          (el) => getComputedStyle(el).opacity === '1',
        ),
      ),
    )
    .toBe(true);
}

/** Layout and truncation problems of the open page, each named with where it was seen. */
async function screenProblems(page: Page, where: string): Promise<string[]> {
  const layout = await layoutProblems(page);
  const cut = await truncatedLabels(page);
  return [
    ...layout.map((p) => `${where}: ${p.kind} ${p.what}${p.by ? ` by ${p.by}` : ''}`),
    ...cut.map((c) => `${where}: cut ${c}`),
  ];
}

describe('the admin’s supplier screens', { timeout: 300_000 }, () => {
  let owner = '';
  let p6Id = '';

  const server = () => e2e.server;

  it('should show a new supplier’s balance, a running sync and its result, and an edited account, without a reload', async () => {
    const { page } = e2e;
    owner = await ownerToken(server());
    await priceSupplierCountry(
      server(),
      owner,
      { code: COUNTRY, name: 'Malta', dayPrice: DAY_PRICE },
      { RUB: RUB_RATE },
    );

    await signIn(page, server().baseUrl, ownerOf(server()), { lang: 'en', path: '/admin/suppliers?lang=en' });
    await page.getByTestId('suppliers-empty').waitFor();
    await page.getByTestId('supplier-add').click();
    const form = page.getByTestId('supplier-form-dialog');
    await form.getByTestId('supplier-name-input').fill('Proxy6 main');
    await form.getByTestId('supplier-api-key').fill(p6.apiKey);
    await form.getByTestId('supplier-base-url').fill(gate.url);
    await form.getByTestId('supplier-submit').click();
    await form.waitFor({ state: 'hidden' });
    // Create: the new row with the balance the create call's sync read.
    await cell(page, 'Proxy6 main', 'balance').filter({ hasText: '1,000 RUB' }).waitFor();
    const listed = await api<{ id: string; name: string }[]>(server(), 'GET', '/api/supplier/admin/list', {
      token: owner,
    });
    p6Id = listed.body.find((s) => s.name === 'Proxy6 main')?.id ?? '';
    expect(p6Id).not.toBe('');

    // Sync: held at the supplier, the grid shows it running; released, the grid shows its result.
    p6.balance = 750;
    gate.hold();
    await supplierRow(page, 'Proxy6 main').getByTestId('supplier-sync').click();
    await expect.poll(() => gate.waiting()).toBeGreaterThan(0);
    await supplierRow(page, 'Proxy6 main').locator('[data-testid="supplier-sync"][data-syncing="true"]').waitFor();
    await page.getByTestId('suppliers-syncing').filter({ hasText: 'Proxy6 main' }).waitFor();
    expect(await cell(page, 'Proxy6 main', 'balance').textContent()).toContain('1,000 RUB');
    gate.release();
    await cell(page, 'Proxy6 main', 'balance').filter({ hasText: '750 RUB' }).waitFor();
    await page.getByTestId('suppliers-syncing').waitFor({ state: 'detached' });

    // Update: another account behind a new base URL shows its own balance, with no sync clicked.
    await supplierRow(page, 'Proxy6 main').getByTestId('supplier-edit').click();
    const edit = page.getByTestId('supplier-form-dialog');
    await edit.getByTestId('supplier-base-url').fill(p6b.url);
    await edit.getByTestId('supplier-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await cell(page, 'Proxy6 main', 'balance').filter({ hasText: '500 RUB' }).waitFor();
    expect(p6b.calls.length).toBeGreaterThan(0);
  });

  it('should show the stock a route change and pasted lines bring, with no manual sync', async () => {
    const { page } = e2e;
    await signIn(page, server().baseUrl, ownerOf(server()), { lang: 'vi', path: '/admin/suppliers?lang=vi' });
    await cell(page, 'Proxy6 main', 'stock').filter({ hasText: 'Hết hàng' }).waitFor();
    const countsBefore = p6b.calls.filter((c) => c.method === 'getcount').length;

    // Route: Proxy6 counts stock only for what is routed to it; the save has it counted.
    await routeCountryInUi(page, COUNTRY, { name: 'Proxy6 main', id: p6Id });
    await page.getByTestId('suppliers-tab-suppliers').click();
    await cell(page, 'Proxy6 main', 'stock')
      .getByTestId('supplier-stock')
      .filter({ hasText: `v4 · ${COUNTRY} · 7` })
      .waitFor();
    expect(p6b.calls.filter((c) => c.method === 'getcount').length).toBeGreaterThan(countsBefore);

    // Pasted lines: a new list shows its one proxy, and the lines added later join it.
    await page.getByTestId('supplier-add').click();
    const form = page.getByTestId('supplier-form-dialog');
    await form.getByRole('combobox').first().click();
    await page.getByTestId('supplier-kind-list').click();
    await form.getByTestId('supplier-name-input').fill('Pasted pool');
    await form.getByTestId('supplier-lines').fill('127.0.0.1:41001:u1:p1');
    await form.getByTestId('supplier-lines-country').fill(COUNTRY);
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await form.getByTestId('supplier-lines-expires').fill(expires);
    await form.getByTestId('supplier-submit').click();
    const result = page.getByTestId('lines-result-dialog');
    await result.getByTestId('lines-added').waitFor();
    await result.getByTestId('lines-result-close').click();
    await result.waitFor({ state: 'hidden' });
    await cell(page, 'Pasted pool', 'unused').filter({ hasText: /^1$/ }).waitFor();

    await supplierRow(page, 'Pasted pool').getByTestId('supplier-add-lines').click();
    const add = page.getByTestId('add-lines-dialog');
    await add.getByTestId('supplier-lines').fill(['127.0.0.1:41002:u2:p2', '127.0.0.1:41003:u3:p3'].join('\n'));
    await add.getByTestId('supplier-lines-country').fill(COUNTRY);
    await add.getByTestId('supplier-lines-expires').fill(expires);
    await add.getByTestId('add-lines-submit').click();
    const added = page.getByTestId('lines-result-dialog');
    await added.getByTestId('lines-added').filter({ hasText: '2' }).waitFor();
    await added.getByTestId('lines-result-close').click();
    await added.waitFor({ state: 'hidden' });
    await cell(page, 'Pasted pool', 'unused').filter({ hasText: /^3$/ }).waitFor();
    await cell(page, 'Pasted pool', 'stock')
      .getByTestId('supplier-stock')
      .filter({ hasText: `v4 · ${COUNTRY} · 3` })
      .waitFor();

    // Server paging: the search narrows the grid to the matching supplier.
    await page.getByTestId('suppliers-search').fill('pasted');
    await expect.poll(() => page.getByTestId('supplier-name').allTextContents()).toEqual(['Pasted pool']);
  });

  it('should show the margin card on analytics: empty, then the right coins in both languages', async () => {
    const { page, mail } = e2e;
    await signIn(page, server().baseUrl, ownerOf(server()), { lang: 'vi', path: '/admin/analytics' });
    for (const lang of ['vi', 'en'] as const) {
      await openInApp(page, `/admin/analytics?lang=${lang}`);
      await page
        .getByTestId('margin-card-empty')
        .filter({ hasText: lang === 'vi' ? 'Chưa có proxy nào' : 'No supplier proxy' })
        .waitFor();
    }

    // A customer buys a day of MT: Proxy6 (the account behind the edited base URL) serves it.
    const creds = await createCustomer(server(), mail, 'margin');
    await creditCustomer(server(), creds.email, 50_000);
    const token = await tokenOf(server(), creds);
    const before = p6b.balance;
    const bought = await api<{ order: { status: string } }>(server(), 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: COUNTRY, quantity: 1, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.order.status).toBe('using');
    const cost = Math.round((Math.round((before - p6b.balance) * 100) / 100) * RUB_RATE);
    expect(cost).toBeGreaterThan(0);
    const margin = DAY_PRICE - cost;

    // Loaded again: the purchase happened behind the app's back, after it fetched the card.
    await page.goto(`${server().baseUrl}/admin/analytics`);
    for (const lang of ['vi', 'en'] as const) {
      await openInApp(page, `/admin/analytics?lang=${lang}`);
      const unit = lang === 'vi' ? 'Xu' : 'coins';
      const totals = page.getByTestId('margin-card-totals');
      await totals.waitFor();
      const text = (await totals.textContent()) ?? '';
      expect(text).toContain(`${num(DAY_PRICE, lang)} ${unit}`);
      expect(text).toContain(`${num(cost, lang)} ${unit}`);
      expect(text).toContain(`${num(margin, lang)} ${unit}`);
      const country = page.getByTestId('margin-card-by-country').locator('tr').filter({ hasText: 'Malta' });
      await country.filter({ hasText: `${num(DAY_PRICE, lang)} ${unit}` }).waitFor();
      // Today's bar exists: the per-day chart is drawn, not the empty state.
      expect(await page.getByTestId('margin-card-empty').count()).toBe(0);
    }
    // The link opens the Suppliers page's margin tab for the same days, per supplier.
    await page.getByTestId('margin-card-details').click();
    await page.waitForURL((url) => url.pathname === '/admin/suppliers' && url.searchParams.get('tab') === 'margin');
    await page
      .getByTestId('margin-by-supplier')
      .locator('tr')
      .filter({ hasText: 'Proxy6 main' })
      .filter({ hasText: `${num(cost, 'en')} coins` })
      .waitFor();
  });

  it('should fit every supplier screen and the margin card at 1,366 and 390 px in both languages', async () => {
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
    }
    const problems: string[] = [];
    for (const lang of ['vi', 'en'] as const) {
      for (const width of [1366, 390]) {
        const page = await e2e.newPage({ viewport: { width, height: width > 400 ? 900 : 844 } });
        const shot = async (name: string) => {
          if (SHOTS) {
            await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
          }
        };
        await signIn(page, server().baseUrl, ownerOf(server()), { lang, path: '/admin/suppliers' });
        for (const tab of ['suppliers', 'routes', 'margin'] as const) {
          await openInApp(page, `/admin/suppliers?tab=${tab}&lang=${lang}`);
          const ready = {
            suppliers: cell(page, 'Pasted pool', 'unused').filter({ hasText: /^3$/ }),
            routes: page.getByTestId(`route-v4-${COUNTRY}`),
            margin: page.getByTestId('margin-by-country').locator('tr').filter({ hasText: 'Malta' }),
          }[tab];
          await ready.waitFor();
          problems.push(...(await screenProblems(page, `${tab} ${lang} ${width}`)));
          await shot(tab);
        }
        // The dialogs of the suppliers tab: details, and adding each kind.
        await openInApp(page, `/admin/suppliers?lang=${lang}`);
        await supplierRow(page, 'Proxy6 main').getByTestId('supplier-name').click();
        await page.getByTestId('supplier-details').getByTestId('supplier-event').first().waitFor();
        // How far ahead the upstream is renewed (the default 24 hours).
        await page
          .getByTestId('supplier-renew-ahead')
          .filter({ hasText: lang === 'vi' ? '24 giờ' : '24 h' })
          .waitFor();
        await settled(page);
        problems.push(...(await screenProblems(page, `details ${lang} ${width}`)));
        await shot('details');
        await page.keyboard.press('Escape');
        await page.getByTestId('supplier-details').waitFor({ state: 'detached' });
        await page.getByTestId('supplier-add').click();
        const form = page.getByTestId('supplier-form-dialog');
        await form.getByTestId('supplier-api-key').waitFor();
        await settled(page);
        problems.push(...(await screenProblems(page, `add proxy6 ${lang} ${width}`)));
        await shot('add-proxy6');
        await form.getByRole('combobox').first().click();
        await page.getByTestId('supplier-kind-list').click();
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        await form.getByTestId('supplier-lines').waitFor();
        problems.push(...(await screenProblems(page, `add list ${lang} ${width}`)));
        await shot('add-list');
        await page.keyboard.press('Escape');

        await openInApp(page, `/admin/analytics?lang=${lang}`);
        const card = page.getByTestId('chart-margin');
        await card.getByTestId('margin-card-totals').waitFor();
        await card.scrollIntoViewIfNeeded();
        problems.push(...(await screenProblems(page, `analytics ${lang} ${width}`)));
        if (SHOTS) {
          await card.screenshot({ path: `${SHOTS}/analytics-margin-${lang}-${width}.png` });
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
