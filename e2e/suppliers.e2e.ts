import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPortBlock, E2E_RANGE } from '../apps/server/test/ports.js';
import { startFakeUpstream, type FakeUpstream } from '../apps/gateway/test/fake-upstream';
import { startFakeProxy6, type FakeProxy6 } from '../apps/server/test/fakes/index.js';
import {
  api,
  createCustomer,
  creditCustomer,
  signIn,
  ownerOf,
  ownerToken,
  pathOf,
  tokenOf,
  type Credentials,
  selectBuyTab,
} from './support/app';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';
import { priceSupplierCountry, routeCountryInUi } from './support/suppliers';

// Reselling a supplier's proxies, end to end: an admin connects a Proxy6 account (the local fake,
// speaking Proxy6's API) in the UI and routes a country no node of the seller's has; a customer buys
// it in the UI and uses it through the embedded gateway over real sockets, which chains every
// connection through the upstream proxy Proxy6 handed out (a real local HTTP proxy). Then the
// supplier runs out of money, a pasted-list supplier takes over, and the margin screen adds it up.
const run = promisify(execFile);
const portBase = claimPortBlock(E2E_RANGE);
const e2e = useE2E({
  env: {
    GATEWAY: 'embedded',
    GATEWAY_ALLOW_PRIVATE: '1',
    GATEWAY_PORTS: `${portBase}-${portBase + 99}`,
    OUTBOUND_ALLOW_PRIVATE: '1',
  },
});

/** A country the demo's nodes do not serve. */
const COUNTRY = 'MT';
const DAY_PRICE = 1_000;
/** Coins per rouble of Proxy6's prices (the site's `supplierRates`). */
const RUB_RATE = 100;
/** Coins per proxy of the pasted list. */
const LIST_COST = 300;
/** Where each upstream dials its destinations from: the echo target tells them apart by it. */
const P6_EGRESS = '127.0.0.6';
const LIST_EGRESS = '127.0.0.7';
const LIST_USER = 'listuser1';
const LIST_PASS = 'listpass1x';
/** E2E_SHOTS_DIR: also save screenshots of the screens (for a human to look at). */
const SHOTS = process.env.E2E_SHOTS_DIR;

let p6: FakeProxy6;
let p6Upstream: FakeUpstream;
let listUpstream: FakeUpstream;
let echo: { server: Server; url: string };

beforeAll(async () => {
  p6 = await startFakeProxy6({ stock: { [`4:${COUNTRY.toLowerCase()}`]: 20 } });
  // Proxy6's proxies are one real HTTP proxy here, which takes each bought proxy's own credentials.
  p6Upstream = await startFakeUpstream({
    protocol: 'http',
    auth: (user, pass) => [...p6.proxies.values()].some((p) => p.user === user && p.pass === pass),
    egress: P6_EGRESS,
  });
  p6.proxyPort = p6Upstream.port;
  listUpstream = await startFakeUpstream({ protocol: 'socks5', auth: [LIST_USER, LIST_PASS], egress: LIST_EGRESS });
  // Answers each request with the address it came from: the egress of whoever dialled it.
  const server = createServer((req, res) => res.end(req.socket.remoteAddress ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  echo = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
});

afterAll(async () => {
  await Promise.all([p6?.close(), p6Upstream?.close(), listUpstream?.close()]);
  echo?.server.close();
});

interface ProxyLine {
  host: string;
  port: number;
  username: string;
  password: string;
}

/**
 * One request to the echo target through a proxy: what the target saw as the caller's address,
 * or the failure (curl's exit code, or a proxy's HTTP status) when the proxy refused.
 */
async function through(
  p: ProxyLine,
  scheme: 'http' | 'socks5',
  password = p.password,
): Promise<{ ok: true; egress: string } | { ok: false; why: string }> {
  try {
    const { stdout } = await run('/usr/bin/curl', [
      '-sS',
      '--max-time',
      '10',
      '-w',
      '\n%{http_code}',
      '-x',
      `${scheme}://${p.host}:${p.port}`,
      '--proxy-user',
      `${p.username}:${password}`,
      echo.url,
    ]);
    // The status is the last line; a refusal's body may hold lines of its own.
    const cut = stdout.lastIndexOf('\n');
    const body = stdout.slice(0, cut);
    const code = stdout.slice(cut + 1);
    return code === '200' ? { ok: true, egress: body } : { ok: false, why: `HTTP ${code}` };
  } catch (err) {
    const e = err as { code?: number; stderr?: string };
    return { ok: false, why: `curl exit ${e.code ?? '?'}: ${(e.stderr ?? '').trim()}` };
  }
}

/**
 * Buys one proxy of COUNTRY for a day from the dashboard's IPv4 form (the page is on the dashboard,
 * where signing in leaves it) and waits for the order page.
 */
async function buyInUi(page: Page): Promise<string> {
  await selectBuyTab(page, 'v4');
  const form = page.getByTestId('buy-form-v4');
  await form.getByTestId('buy-country').click();
  await page.getByTestId(`buy-country-option-${COUNTRY}`).click();
  await form.getByTestId('buy-period-value').fill('1');
  await form.getByTestId('buy-quantity').fill('1');
  await form.getByTestId('buy-submit').click();
  await page.getByTestId('buy-confirm-confirm').click();
  await page.waitForURL((url) => url.pathname.startsWith('/order/success/'));
  return pathOf(page).split('/').pop() ?? '';
}

/** The proxy lines an order's success page shows. */
async function successLines(page: Page): Promise<ProxyLine[]> {
  const box = page.getByTestId('order-success-lines');
  await box.waitFor();
  return (await box.inputValue())
    .trim()
    .split('\n')
    .map((line) => {
      const [host = '', port = '', username = '', password = ''] = line.split(':');
      return { host, port: Number(port), username, password };
    });
}

/** How the page writes a number of coins: dot thousands in Vietnamese, comma in English. */
const coins = (n: number, lang: 'vi' | 'en' = 'en') => n.toLocaleString(lang === 'vi' ? 'de-DE' : 'en-US');

/** The supplier grid's row of `name`. */
const supplierRow = (page: Page, name: string) =>
  page.getByTestId('suppliers-grid').locator('.MuiDataGrid-row').filter({ hasText: name });

// Each step runs a browser, the server and curl; on a 2-core machine shared with other suites a
// step may take longer than the suite's default.
describe('reselling a supplier’s proxies', { timeout: 240_000 }, () => {
  // One story in steps: each step starts from what the previous ones left.
  let owner = '';
  let p6Id = '';
  let creds: Credentials;
  let token = '';
  let proxy: ProxyLine;
  let upstreamId = '';
  let p6Spent = 0;

  const balance = async () => (await api<{ balance: number }>(server(), 'GET', '/api/user/me', { token })).body.balance;
  const server = () => e2e.server;
  const onSale = async () => {
    const list = await api<{ code: string; available: boolean }[]>(server(), 'GET', '/api/country/v4/list-country');
    return list.body.find((c) => c.code === COUNTRY)?.available ?? false;
  };

  it('should let an admin add a Proxy6 account and route a country the nodes lack to it', async () => {
    const { page } = e2e;
    owner = await ownerToken(server());
    // The catalogue side, as an admin sets it up elsewhere: a retail price for the country and the
    // rouble's worth in coins.
    await priceSupplierCountry(
      server(),
      owner,
      { code: COUNTRY, name: 'Malta', dayPrice: DAY_PRICE },
      { RUB: RUB_RATE },
    );
    // Priced, but no node of the seller's has it: not on sale.
    expect(await onSale()).toBe(false);

    await signIn(page, server().baseUrl, ownerOf(server()), { lang: 'en', path: '/admin/suppliers?lang=en' });
    await page.getByTestId('supplier-add').click();
    const form = page.getByTestId('supplier-form-dialog');
    await form.getByTestId('supplier-name-input').fill('Proxy6 main');
    await form.getByTestId('supplier-api-key').fill(p6.apiKey);
    await form.getByTestId('supplier-base-url').fill(p6.url);
    await form.getByTestId('supplier-submit').click();
    await form.waitFor({ state: 'hidden' });
    // Its balance, in its own currency as English writes numbers.
    await supplierRow(page, 'Proxy6 main').filter({ hasText: '1,000 RUB' }).waitFor();
    // The API key is write-only.
    const listed = await api<{ id: string; name: string }[]>(server(), 'GET', '/api/supplier/admin/list', {
      token: owner,
    });
    expect(JSON.stringify(listed.body)).not.toContain(p6.apiKey);
    p6Id = listed.body.find((s) => s.name === 'Proxy6 main')?.id ?? '';

    // …routes the country to it, and syncs it to count its stock.
    await routeCountryInUi(page, COUNTRY, { name: 'Proxy6 main', id: p6Id });
    await page.getByTestId('suppliers-tab-suppliers').click();
    await supplierRow(page, 'Proxy6 main').getByTestId('supplier-sync').click();
    await supplierRow(page, 'Proxy6 main').filter({ hasText: COUNTRY }).waitFor();
    await expect.poll(onSale).toBe(true);
  });

  it('should sell it to a customer in the UI and chain HTTP and SOCKS5 through the upstream proxy', async () => {
    const { mail, page } = e2e;
    creds = await createCustomer(server(), mail, 'supply');
    await creditCustomer(server(), creds.email, 100_000);
    token = await tokenOf(server(), creds);
    await signIn(page, server().baseUrl, creds, { lang: 'en' });
    await buyInUi(page);
    [proxy] = (await successLines(page)) as [ProxyLine];
    expect(proxy).toBeDefined();
    const bought = [...p6.proxies.values()];
    expect(bought).toHaveLength(1);
    const upstream = bought[0]!;
    upstreamId = upstream.id;
    // Our gateway's address and our own credentials, never the upstream's.
    expect(proxy.port).not.toBe(p6Upstream.port);
    expect([proxy.username, proxy.password]).not.toContain(upstream.user);
    expect([proxy.username, proxy.password]).not.toContain(upstream.pass);
    expect(await balance()).toBe(100_000 - DAY_PRICE);

    // HTTP and SOCKS5 through our gateway: the target sees the upstream's egress, so the gateway
    // really chained through the proxy Proxy6 sold (with its credentials), not straight out.
    for (const scheme of ['http', 'socks5'] as const) {
      await expect.poll(() => through(proxy, scheme)).toEqual({ ok: true, egress: P6_EGRESS });
    }
    expect(p6Upstream.targets().length).toBeGreaterThanOrEqual(2);
    expect(p6Upstream.authFailures()).toBe(0);
  });

  it('should renew it upstream first and change its password: the old one refused, the new one chained', async () => {
    const { page } = e2e;
    // Three days, past what Proxy6 sold (its 3-day minimum): prolonged at Proxy6 first, then charged.
    await signIn(page, server().baseUrl, creds, { lang: 'en', path: '/manage-proxy?tab=v4' });
    const grid = page.getByTestId('proxies-grid-v4');
    await grid.locator('.MuiDataGrid-row').first().getByRole('checkbox').check();
    await page.getByTestId('batch-renew').click();
    await page.getByTestId('proxy-renew-period-value').fill('3');
    await page
      .getByTestId('proxy-renew-cost')
      .filter({ hasText: coins(3 * DAY_PRICE) })
      .waitFor();
    await page.getByTestId('proxy-renew-dialog-confirm').click();
    await page.getByTestId('proxy-renew-dialog').waitFor({ state: 'hidden' });
    await expect.poll(balance).toBe(100_000 - 4 * DAY_PRICE);
    expect(p6.calls.filter((c) => c.method === 'prolong').map((c) => c.params.ids)).toEqual([upstreamId]);
    // The upstream now ends after the customer's new end (4 days) plus the 24-hour safety margin.
    const upstream = p6.proxies.get(upstreamId)!;
    expect(upstream.unixtime_end * 1000).toBeGreaterThan(Date.now() + 5 * 86_400_000 - 120_000);

    await grid.locator('.MuiDataGrid-row').first().getByRole('checkbox').check();
    await page.getByTestId('batch-password').click();
    const newPassword = 'Newpass12345';
    await page.getByTestId('password-input').fill(newPassword);
    await page.getByTestId('password-dialog-confirm').click();
    await page.getByTestId('password-dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => through(proxy, 'http', newPassword)).toEqual({ ok: true, egress: P6_EGRESS });
    expect(await through(proxy, 'http')).toEqual({ ok: false, why: 'HTTP 407' });
    await expect.poll(() => through(proxy, 'socks5', newPassword)).toEqual({ ok: true, egress: P6_EGRESS });
    expect((await through(proxy, 'socks5')).ok).toBe(false);
  });

  it('should refund the next purchase whole when Proxy6 is out of money, and show the admin its words', async () => {
    const { page } = e2e;
    p6Spent = Math.round((1000 - p6.balance) * 100) / 100;
    p6.balance = 0;
    const before = await balance();
    await signIn(page, server().baseUrl, creds, { lang: 'en' });
    await buyInUi(page);
    await page.getByTestId('order-cancelled-message').filter({ hasText: 'The proxies could not be bought' }).waitFor();
    await expect.poll(balance).toBe(before);
    const log = await api<{ items: { type: string; amount: number }[] }>(server(), 'GET', '/api/log/list-transaction', {
      token,
    });
    expect(log.body.items.filter((x) => x.type === 'refund').map((x) => x.amount)).toEqual([DAY_PRICE]);

    // The admin sees the supplier's own words, in Vietnamese this time.
    const admin = await e2e.newPage();
    await signIn(admin, server().baseUrl, ownerOf(server()), { lang: 'vi', path: '/admin/suppliers?lang=vi' });
    await admin.getByRole('tab', { name: 'Nhà cung cấp' }).waitFor();
    await supplierRow(admin, 'Proxy6 main').getByTestId('supplier-name').click();
    await admin.getByTestId('supplier-event').filter({ hasText: 'Error no money (error_id 400)' }).first().waitFor();
    await admin
      .getByTestId('supplier-event')
      .filter({ hasText: 'ADMIN_ERROR: out of proxy credits' })
      .first()
      .waitFor();
  });

  it('should take over with a pasted list added to the route, chained through its SOCKS5 proxy', async () => {
    const { page } = e2e;
    await signIn(page, server().baseUrl, ownerOf(server()), { lang: 'en', path: '/admin/suppliers?lang=en' });
    // A real SOCKS5 proxy, the same line again and one with a bad port: each named in the answer.
    await page.getByTestId('supplier-add').click();
    const form = page.getByTestId('supplier-form-dialog');
    await form.getByRole('combobox').first().click();
    await page.getByTestId('supplier-kind-list').click();
    await form.getByTestId('supplier-name-input').fill('Pasted pool');
    const good = `127.0.0.1:${listUpstream.port}:${LIST_USER}:${LIST_PASS}`;
    const badPort = `127.0.0.1:99999:${LIST_USER}:${LIST_PASS}`;
    await form.getByTestId('supplier-lines').fill([good, good, badPort].join('\n'));
    await form.getByTestId('supplier-lines-country').fill(COUNTRY);
    await form.getByRole('combobox').nth(1).click();
    await page.getByRole('option', { name: 'SOCKS5' }).click();
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await form.getByTestId('supplier-lines-expires').fill(expires);
    await form.getByTestId('supplier-lines-cost').fill(String(LIST_COST));
    await form.getByTestId('supplier-submit').click();
    const result = page.getByTestId('lines-result-dialog');
    await result.getByTestId('lines-invalid-line').filter({ hasText: badPort }).waitFor();
    expect(await result.getByTestId('lines-added').textContent()).toContain('Added: 1');
    expect(await result.getByTestId('lines-duplicates').textContent()).toContain(': 1');
    await result.getByTestId('lines-result-close').click();
    await result.waitFor({ state: 'hidden' });

    await page.getByTestId('suppliers-tab-routes').click();
    const route = page.getByTestId(`route-v4-${COUNTRY}`);
    await route.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Pasted pool' }).click();
    await route.getByTestId('route-add-source-button').click();
    await route.getByTestId('route-save').click();
    await expect.poll(() => route.getByTestId('route-source').count()).toBe(2);
    await route.getByTestId('route-save').and(page.locator(':disabled')).waitFor();

    // Proxy6 still refuses; the list serves the next purchase.
    const customerPage = await e2e.newPage();
    await signIn(customerPage, server().baseUrl, creds, { lang: 'en' });
    await buyInUi(customerPage);
    const [second] = (await successLines(customerPage)) as [ProxyLine];
    for (const scheme of ['http', 'socks5'] as const) {
      await expect.poll(() => through(second, scheme)).toEqual({ ok: true, egress: LIST_EGRESS });
    }
    expect(listUpstream.authFailures()).toBe(0);
  });

  it('should show the right coins on the margin screen in both languages', async () => {
    const { page } = e2e;
    // Revenue: the two delivered purchases (a day each) and the 3-day renewal; the refunded order
    // counts nowhere. Cost: what Proxy6 charged at the rouble rate, and the list proxy's cost.
    const revenue = 5 * DAY_PRICE;
    const cost = Math.round(p6Spent * RUB_RATE) + LIST_COST;
    expect(p6Spent).toBeGreaterThan(0);
    await signIn(page, server().baseUrl, ownerOf(server()), { lang: 'vi', path: '/admin/suppliers?tab=margin' });
    for (const lang of ['vi', 'en'] as const) {
      await openInApp(page, `/admin/suppliers?tab=margin&lang=${lang}`);
      const unit = lang === 'vi' ? 'Xu' : 'coins';
      for (const [key, value] of [
        ['revenue', revenue],
        ['cost', cost],
        ['margin', revenue - cost],
      ] as const) {
        await page
          .getByTestId(`margin-total-${key}`)
          .filter({ hasText: `${coins(value, lang)} ${unit}` })
          .waitFor();
      }
      const bySupplier = page.getByTestId('margin-by-supplier');
      await bySupplier
        .locator('tr')
        .filter({ hasText: 'Proxy6 main' })
        .filter({ hasText: `${coins(4 * DAY_PRICE, lang)} ${unit}` })
        .waitFor();
      await bySupplier
        .locator('tr')
        .filter({ hasText: 'Pasted pool' })
        .filter({ hasText: `${coins(LIST_COST, lang)} ${unit}` })
        .waitFor();
    }
  });

  it('should fit the supplier screens at 1,366 and 390 px in both languages', async () => {
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
    }
    for (const lang of ['vi', 'en'] as const) {
      for (const width of [1366, 390]) {
        const page = await e2e.newPage({ viewport: { width, height: width > 400 ? 900 : 844 } });
        await signIn(page, server().baseUrl, ownerOf(server()), { lang, path: '/admin/suppliers' });
        for (const tab of ['suppliers', 'routes', 'margin'] as const) {
          await openInApp(page, `/admin/suppliers?tab=${tab}&lang=${lang}`);
          const ready = {
            suppliers: page.getByTestId('supplier-name').filter({ hasText: 'Pasted pool' }),
            routes: page.getByTestId(`route-v4-${COUNTRY}`),
            margin: page.getByTestId('margin-by-country'),
          }[tab];
          await ready.waitFor();
          // Admin tables may scroll inside their frame; the page itself never sideways.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${tab} ${lang} ${width}`,
          ).toBeLessThanOrEqual(width);
          if (SHOTS) {
            await page.screenshot({ path: `${SHOTS}/${tab}-${lang}-${width}.png`, fullPage: true });
          }
        }
      }
    }
  });
});
