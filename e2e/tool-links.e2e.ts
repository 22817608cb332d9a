import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, tokenOf, type Credentials } from './support/app';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';
import { WAIT_MS } from './support/wait';

// docs/tool-links.md#screens: a customer copies a proxy's change-IP URL from the table, opens it
// from outside the browser and sees the new IP; revokes it and it answers 404; creates a filtered
// list URL and fetches exactly the matching proxies; exports in a tool's format; turns the IPv4
// fallback on for one proxy and a batch. Both languages, 1,366 and 390 px, layout checked.
// Its own Chromium: it reads the clipboard and a download's path (support/setup.ts).
const e2e = useE2E({}, { ownBrowser: true });
const SHOTS = process.env.E2E_SHOTS_DIR;
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LANGS = ['vi', 'en'] as const;

interface Listed {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
  protocol: string;
  egressIp: string;
  ipv4Fallback: boolean;
}

const TEXT = {
  vi: { close: 'Đóng', on: 'Đang bật', off: 'Đang tắt', turnOn: 'Bật dự phòng IPv4', never: 'Chưa tải lần nào' },
  en: { close: 'Close', on: 'On', off: 'Off', turnOn: 'Turn the IPv4 fallback on', never: 'Never fetched' },
} as const;

/** What the screen shows (a dialog or drawer), or with `full` the whole page. */
async function shot(page: Page, name: string, full = false): Promise<void> {
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: full });
  }
}

async function listed(token: string, type: 'v6' | 'v4'): Promise<Listed[]> {
  const res = await api<{ items: Listed[] }>(e2e.server, 'GET', `/api/${type}-proxy/list-proxy-me?limit=500`, {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items;
}

/** A customer with `v6` IPv6 (a multiple of 50) and `v4` IPv4 proxies, bought through the API. */
async function customerWithProxies(
  tag: string,
  v6: number,
  v4: number,
): Promise<{ creds: Credentials; token: string }> {
  const { server, mail } = e2e;
  const creds = await createCustomer(server, mail, tag);
  await creditCustomer(server, creds.email, 1_000_000);
  const token = await tokenOf(server, creds);
  for (const [type, quantity] of [
    ['v6', v6],
    ['v4', v4],
  ] as const) {
    if (quantity > 0) {
      const bought = await api(server, 'POST', `/api/${type}-proxy/buy-retail`, {
        token,
        body: { country: type === 'v6' ? 'VN' : 'US', quantity, period: { unit: 'day', value: 1 } },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    }
  }
  return { creds, token };
}

/** The grid's rows that carry a known proxy id (the grid may show placeholder rows while it loads). */
function gridRow(page: Page, id: string, type: 'v6' | 'v4' = 'v6') {
  return page.getByTestId(`proxies-grid-${type}`).locator(`.MuiDataGrid-row[data-id="${id}"]`);
}

/** The first two proxies the grid shows (it may show placeholder rows while it loads). */
async function shownProxies(page: Page, known: Listed[], type: 'v6' | 'v4' = 'v6'): Promise<[Listed, Listed]> {
  const rows = page.getByTestId(`proxies-grid-${type}`).locator('.MuiDataGrid-row[data-id]');
  const byId = new Map(known.map((p) => [p.id, p]));
  const shown = async () =>
    (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''))).filter((id) => byId.has(id));
  await expect.poll(async () => (await shown()).length, { timeout: WAIT_MS }).toBeGreaterThanOrEqual(2);
  const [a, b] = await shown();
  return [byId.get(a!)!, byId.get(b!)!];
}

async function chooseOption(page: Page, field: string, option: string): Promise<void> {
  await page.getByTestId(field).getByRole('combobox').click();
  await page.getByTestId(option).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

async function expectLayout(page: Page, where: string): Promise<void> {
  // A hovered button's tooltip is not part of the layout.
  await page.mouse.move(0, 0);
  expect(await layoutProblems(page, { tables: true }), where).toEqual([]);
}

/**
 * The details drawer once its sections have loaded: the activity feed above the links section grows
 * when its rows arrive and moves the buttons below it, so a click aimed before that lands elsewhere.
 */
async function drawerLoaded(drawer: Locator): Promise<void> {
  await drawer.getByTestId('activity-feed').waitFor();
  await expect.poll(() => drawer.locator('.MuiLinearProgress-root').count()).toBe(0);
}

async function get(url: string, userAgent = 'e2e-tool/1.0'): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { headers: { 'user-agent': userAgent } });
  return { status: res.status, text: await res.text() };
}

describe('links for tools', () => {
  for (const lang of LANGS) {
    it(`should copy a change-IP URL from the table, change the IP through it, revoke it, toggle the fallback (${lang})`, async () => {
      const { server, page } = e2e;
      // IPv4 proxies change IP within their country's pool; the fallback is for IPv6 ones.
      const { creds, token } = await customerWithProxies(`links-${lang}`, 50, 2);
      const before = await listed(token, 'v4');
      const v6 = await listed(token, 'v6');
      expect(before).toHaveLength(2);
      expect(v6).toHaveLength(50);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await signIn(page, server.baseUrl, creds, { lang, path: '/manage-proxy?tab=v4' });
      const [target] = await shownProxies(page, before, 'v4');
      await expectLayout(page, 'proxy table');

      // The row's own link button: the URLs are created and shown, copied with one click.
      await gridRow(page, target.id, 'v4').getByTestId('row-links').click();
      const dialog = page.getByTestId('tool-links-dialog');
      const field = dialog.getByTestId('tool-link-change');
      await expect.poll(() => field.inputValue(), { timeout: WAIT_MS }).toMatch(/\/api\/proxy\/l\/[\w-]+\/change-ip$/);
      const changeUrl = await field.inputValue();
      const currentUrl = await dialog.getByTestId('tool-link-current').inputValue();
      await dialog.getByTestId('tool-link-change-copy').click();
      await dialog.getByTestId('tool-link-change-copy-copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(changeUrl);
      await expectLayout(page, 'links dialog');
      await shot(page, `links-dialog-${lang}-1366`);

      // Opened from outside the browser, with no credential but the URL.
      const current = await get(currentUrl);
      expect(current).toEqual({
        status: 200,
        text: `${target.host}:${target.port}:${target.username}:${target.password}\n`,
      });
      const changed = await get(changeUrl);
      expect(changed.status, changed.text).toBe(200);
      const { egressIp } = JSON.parse(changed.text) as { egressIp: string };
      expect(egressIp).not.toBe(target.egressIp);
      await dialog.getByTestId('tool-links-close').click();
      await dialog.waitFor({ state: 'hidden' });

      // The table shows the new IP in the proxy's details.
      await page.reload();
      await gridRow(page, target.id, 'v4').getByTestId('item-details-open').click();
      const drawer = page.getByTestId('item-details');
      await expect.poll(() => drawer.getByTestId('details-egress').textContent(), { timeout: WAIT_MS }).toBe(egressIp);

      // The drawer asks again and gets the same URLs, then revokes them: 404 at once.
      const section = drawer.getByTestId('details-links');
      await drawerLoaded(drawer);
      await section.getByTestId('tool-links-create').click();
      await expect.poll(() => section.getByTestId('tool-link-change').inputValue()).toBe(changeUrl);
      await expectLayout(page, 'details drawer');
      await shot(page, `links-drawer-${lang}-1366`);
      await section.getByTestId('tool-links-revoke').click();
      await page.getByTestId('tool-links-revoke-dialog-confirm').click();
      await section.getByTestId('tool-links-create').waitFor();
      expect((await get(changeUrl)).status).toBe(404);
      expect((await get(currentUrl)).status).toBe(404);
      expect((await listed(token, 'v4')).find((p) => p.id === target.id)?.egressIp).toBe(egressIp);
      // IPv4 proxies have no fallback.
      expect(await drawer.getByTestId('details-fallback').count()).toBe(0);
      await drawer.getByRole('button', { name: TEXT[lang].close, exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The fallback in an IPv6 proxy's details: off by default, on with one click, stored.
      await page.getByTestId('proxy-tab-v6').click();
      const [first, other] = await shownProxies(page, v6);
      await gridRow(page, first.id).getByTestId('item-details-open').click();
      await expectLayout(page, 'IPv6 details drawer');
      const state = drawer.getByTestId('fallback-state');
      expect(await state.textContent()).toBe(TEXT[lang].off);
      await drawer.getByTestId('fallback-switch').locator('input').click();
      await expect.poll(() => state.textContent()).toBe(TEXT[lang].on);
      await shot(page, `fallback-drawer-${lang}-1366`);
      expect((await listed(token, 'v6')).find((p) => p.id === first.id)?.ipv4Fallback).toBe(true);
      await drawer.getByRole('button', { name: TEXT[lang].close, exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The batch: one on and one off is a mix, so nothing is preselected; both on after saving.
      for (const id of [first.id, other.id]) {
        await gridRow(page, id).getByRole('checkbox').check();
      }
      await page.getByTestId('batch-fallback').click();
      const batch = page.getByTestId('fallback-dialog');
      expect(await batch.getByTestId('fallback-current').textContent()).toMatch(/1\D+2/);
      expect(await page.getByTestId('fallback-dialog-confirm').isDisabled()).toBe(true);
      await expectLayout(page, 'fallback dialog');
      await shot(page, `fallback-dialog-${lang}-1366`);
      await batch.getByRole('radio', { name: TEXT[lang].turnOn }).check();
      await page.getByTestId('fallback-dialog-confirm').click();
      await batch.waitFor({ state: 'hidden' });
      const after = await listed(token, 'v6');
      expect(
        after
          .filter((p) => p.ipv4Fallback)
          .map((p) => p.id)
          .sort(),
      ).toEqual([first.id, other.id].sort());

      // A batch of URLs: one per chosen proxy, each different.
      await page.getByTestId('batch-links').click();
      const many = page.getByTestId('tool-links-dialog');
      await expect.poll(() => many.getByTestId('tool-link').count()).toBe(2);
      const urls = await many
        .getByTestId('tool-link-change')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(new Set(urls).size).toBe(2);
      await expectLayout(page, 'batch links dialog');
    });

    it(`should export in a tool's format and serve a filtered list URL with its fetches (${lang})`, async () => {
      const { server, page } = e2e;
      const { creds, token } = await customerWithProxies(`list-${lang}`, 50, 1);
      const v6 = await listed(token, 'v6');
      const v4 = await listed(token, 'v4');
      expect(v6).toHaveLength(50);
      expect(v4).toHaveLength(1);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      await signIn(page, server.baseUrl, creds, { lang, path: '/manage-proxy?tab=v6' });
      await shownProxies(page, v6);

      // Export with a preset: Proxifier's profile in vi, AdsPower's lines in en.
      await page.getByTestId('batch-export').click();
      const preset = lang === 'vi' ? 'proxifier' : 'adspower';
      await chooseOption(page, 'export-format', `export-preset-${preset}`);
      await page.getByTestId('export-preset-hint').waitFor();
      await expectLayout(page, 'export dialog');
      await shot(page, `export-preset-${lang}-1366`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-dialog-confirm').click(),
      ]);
      const file = readFileSync(await download.path(), 'utf8');
      if (preset === 'proxifier') {
        expect(download.suggestedFilename()).toBe('proxies-v6-proxifier.ppx');
        expect(file).toMatch(/^<\?xml [^>]+\?>\n<ProxifierProfile /);
        const servers = [...file.matchAll(/<Address>([^<]+)<\/Address>\s*<Port>(\d+)<\/Port>/g)].map(
          (m) => `${m[1]}:${m[2]}`,
        );
        expect(servers.sort()).toEqual(v6.map((p) => `${p.host}:${p.port}`).sort());
        for (const p of v6) {
          expect(file).toContain(`<Username>${p.username}</Username>`);
        }
      } else {
        expect(download.suggestedFilename()).toBe('proxies-v6-adspower.txt');
        expect(file.trim().split('\n').sort()).toEqual(
          v6.map((p) => `${p.host}:${p.port}:${p.username}:${p.password}`).sort(),
        );
      }

      // A list URL for IPv6 proxies only, in json.
      await page.getByTestId('proxy-tab-links').click();
      await page.getByTestId('list-links-empty').waitFor();
      await expectLayout(page, 'list URLs, empty');
      await page.getByTestId('list-link-new').click();
      await page.getByTestId('list-link-name').fill(`Dolphin ${lang}`);
      await page.getByTestId('list-link-type').getByRole('combobox').click();
      await page.getByRole('option', { name: 'IPv6' }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await chooseOption(page, 'list-link-format', 'list-link-format-json');
      await expectLayout(page, 'new list URL form');
      await shot(page, `list-link-form-${lang}-1366`);
      await page.getByTestId('list-link-create-submit').click();
      const created = page.getByTestId('list-link-created');
      const url = (await created.getByTestId('list-link-url').textContent()) ?? '';
      // Shown once: a click beside the dialog or Escape keeps it open, only its button closes it.
      await page.mouse.click(5, 5);
      await page.keyboard.press('Escape');
      expect(await created.getByTestId('list-link-url').isVisible()).toBe(true);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/proxy\/list\/[\w-]+$/);
      await created.getByTestId('list-link-url-copy').click();
      await created.getByTestId('list-link-url-copy-copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await shot(page, `list-link-created-${lang}-1366`);
      await created.getByTestId('list-link-created-close').click();
      const card = page.getByTestId('list-link');
      expect(await card.getByTestId('list-link-last').textContent()).toBe(TEXT[lang].never);

      const fetched = await get(url, 'Dolphin/2025 e2e');
      expect(fetched.status).toBe(200);
      const rows = JSON.parse(fetched.text) as { host: string; port: number; username: string }[];
      expect(rows.map((r) => `${r.host}:${r.port}:${r.username}`).sort()).toEqual(
        v6.map((p) => `${p.host}:${p.port}:${p.username}`).sort(),
      );

      // The owner sees the fetch: count, address and user agent.
      await page.reload();
      await expect.poll(() => card.getByTestId('list-link-fetches').textContent(), { timeout: WAIT_MS }).toBe('1');
      expect(await card.getByTestId('list-link-ip').textContent()).toMatch(/127\.0\.0\.1/);
      expect(await card.getByTestId('list-link-ua').textContent()).toBe('Dolphin/2025 e2e');
      expect(await card.getByTestId('list-link-last').textContent()).not.toBe(TEXT[lang].never);
      await expectLayout(page, 'list URLs');
      await shot(page, `list-links-${lang}-1366`, true);

      // Revoked: 404 at once, and gone from the screen.
      await card.getByTestId('list-link-revoke').click();
      await page.getByTestId('list-link-revoke-dialog-confirm').click();
      await page.getByTestId('list-links-empty').waitFor();
      expect((await get(url)).status).toBe(404);
    });

    it(`should fit a phone: links from a card, the list URLs and the export presets (${lang})`, async () => {
      const { server } = e2e;
      const { creds, token } = await customerWithProxies(`phone-${lang}`, 50, 0);
      const v6 = await listed(token, 'v6');
      const created = await api(server, 'POST', '/api/proxy/list-links', {
        token,
        body: { name: 'Script list', filter: { type: 'v6', status: 'using' }, format: 'txt' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const page = await e2e.newPage(PHONE);
      await signIn(page, server.baseUrl, creds, { lang, path: '/manage-proxy?tab=v6' });
      await page.getByTestId('item-card').first().waitFor();
      await expectLayout(page, 'phone proxy cards');

      await page.getByTestId('item-card').first().getByTestId('row-links').click();
      const dialog = page.getByTestId('tool-links-dialog');
      await expect.poll(() => dialog.getByTestId('tool-link-change').inputValue()).toMatch(/change-ip$/);
      await expectLayout(page, 'phone links dialog');
      await shot(page, `links-dialog-${lang}-390`);
      await dialog.getByTestId('tool-links-close').click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByTestId('item-card').first().getByTestId('item-details-open').click();
      const drawer = page.getByTestId('item-details');
      await drawer.getByTestId('details-fallback').waitFor();
      await drawerLoaded(drawer);
      await drawer.getByTestId('tool-links-create').click();
      await drawer.getByTestId('tool-link-current').waitFor();
      await expectLayout(page, 'phone details drawer');
      await shot(page, `links-drawer-${lang}-390`);
      await drawer.getByRole('button', { name: TEXT[lang].close, exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });

      await page.getByTestId('batch-menu').click();
      await page.getByTestId('batch-export').click();
      await chooseOption(page, 'export-format', 'export-preset-dolphin');
      await page.getByTestId('export-preset-hint').waitFor();
      await expectLayout(page, 'phone export dialog');
      await shot(page, `export-preset-${lang}-390`);
      await page.keyboard.press('Escape');

      await page.goto(`${server.baseUrl}/manage-proxy?tab=links`);
      await page.getByTestId('list-link').waitFor();
      expect(await page.getByTestId('list-link-fetches').textContent()).toBe('0');
      await expectLayout(page, 'phone list URLs');
      await shot(page, `list-links-${lang}-390`, true);
      await page.getByTestId('list-link-new').click();
      await page.getByTestId('list-link-create').waitFor();
      await chooseOption(page, 'list-link-format', 'list-link-format-template');
      await page.getByTestId('list-link-template').waitFor();
      await expectLayout(page, 'phone new list URL form');
      await shot(page, `list-link-form-${lang}-390`);
      expect(v6).toHaveLength(50);
    });
  }

  it('should give a rotating key revocable URLs from the keys tab, the URL form of get-new-ip', async () => {
    const { server, mail, page } = e2e;
    const creds = await createCustomer(server, mail, 'links-key');
    await creditCustomer(server, creds.email, 1_000_000);
    const token = await tokenOf(server, creds);
    const packages = await api<{ id: string }[]>(server, 'GET', '/api/key-package/get-all-package');
    const bought = await api<{ keys: { id: string; key: string }[] }>(
      server,
      'POST',
      `/api/key/buy-key-package/${packages.body[0]!.id}`,
      { token, body: { country: 'VN', quantity: 1 } },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const key = bought.body.keys[0]!;
    await signIn(page, server.baseUrl, creds, { lang: 'en', path: '/manage-proxy?tab=key' });
    await page.getByTestId('keys-grid').locator(`.MuiDataGrid-row[data-id="${key.id}"]`).getByRole('checkbox').check();
    await page.getByTestId('batch-links').click();
    const dialog = page.getByTestId('tool-links-dialog');
    const field = dialog.getByTestId('tool-link-change');
    await expect.poll(() => field.inputValue()).toMatch(/change-ip$/);
    await expectLayout(page, 'key links dialog');

    const changed = await get(await field.inputValue());
    expect(changed.status, changed.text).toBe(200);
    // The key's own spacing is shared: get-new-ip right after is too fast.
    const direct = await api<{ message: string }>(server, 'POST', `/api/key/get-new-ip?keyRotate=${key.key}`, {
      body: {},
    });
    expect(direct.body.message).toBe('GET_IP_TOO_FAST');
    const keys = await api<{ items: { id: string; current: string }[] }>(server, 'GET', '/api/key/list-key-me', {
      token,
    });
    const current = await get(await dialog.getByTestId('tool-link-current').inputValue());
    expect(current).toEqual({ status: 200, text: `${keys.body.items[0]!.current}\n` });

    const changeUrl = await field.inputValue();
    await dialog.getByTestId('tool-links-revoke').click();
    await page.getByTestId('tool-links-revoke-dialog-confirm').click();
    await dialog.getByTestId('tool-links-create').waitFor();
    expect((await get(changeUrl)).status).toBe(404);
  });
});
