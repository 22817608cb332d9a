import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advanceServerClock, createCustomer, loginViaUi, pathOf } from './support/app';
import type { RunningServer } from './support/server';
import { useE2E } from './support/setup';

// Tokens live their production 15 minutes. Expiry is reached by moving two clocks past it, not by
// waiting: the server's (TEST_CLOCK=1: tokens are signed and checked on it) and the browser
// context's (Playwright's page clock: the page decides a token is due by its own Date.now()).
// Time still flows on both, so after a renewal the next one is 12 minutes away and never races
// the page's own loading.
const ACCESS_TTL_MS = 15 * 60 * 1000;
const e2e = useE2E({ ownServer: 'it moves the server clock' });

/** Moves the server and the page's clock past the expiry of the access token stored by the last login. */
async function pastExpiry(page: Page, server: RunningServer): Promise<void> {
  const jump = ACCESS_TTL_MS + 1500;
  await advanceServerClock(server, jump);
  await page.context().clock.fastForward(jump);
}

/** Fakes the browser context's clock (flowing from now) before its pages sign in. */
async function installPageClock(page: Page): Promise<void> {
  await page.context().clock.install();
}

/** The API answers a page got that refused its token (401 or 403), and the refresh tokens it presented. */
function watchAuth(page: Page) {
  const refused: string[] = [];
  const presented: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/auth/renew-token') {
      presented.push(String((req.postDataJSON() as { refreshToken?: unknown } | null)?.refreshToken));
    }
  });
  page.on('response', (res: Response) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && (res.status() === 401 || res.status() === 403)) {
      refused.push(`${res.status()} ${url.pathname}`);
    }
  });
  return { refused, presented };
}

/** The page's session works against the server: its stored token reads /api/user/me. */
async function sessionWorks(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    const res = await fetch('/api/user/me', { headers: { Authorization: `Bearer ${token ?? ''}` } });
    return res.status;
  });
}

async function openDashboard(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByTestId('topbar-balance').waitFor();
}

describe('sessions across tabs', () => {
  it('should keep both tabs logged in when they renew an expired token at the same moment', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'two-tabs');
    await installPageClock(page);
    await loginViaUi(page, server.baseUrl, user);
    const second = await page.context().newPage();
    await openDashboard(second, server.baseUrl);
    // Neither tab makes a request while the token expires.
    await Promise.all([page.goto('about:blank'), second.goto('about:blank')]);
    await pastExpiry(page, server);

    const first = watchAuth(page);
    const other = watchAuth(second);
    await Promise.all([openDashboard(page, server.baseUrl), openDashboard(second, server.baseUrl)]);
    expect([pathOf(page), pathOf(second)]).toEqual(['/dashboard', '/dashboard']);
    expect(await sessionWorks(page)).toBe(200);
    expect(await sessionWorks(second)).toBe(200);
    // The tabs renewed and ended on one token pair. The renewal lock makes a tab that waited use the
    // other's new tokens, but localStorage reaches another tab's process a moment later, so the
    // waiting tab may still present the spent refresh token: the server answers that within its
    // grace with the same successor (docs/product-rules.md#session), so it is never a reuse that
    // revokes — the reload below proves the session is alive. A token is never shown a third time.
    const presented = [...first.presented, ...other.presented];
    expect(presented.length).toBeGreaterThanOrEqual(1);
    const times = new Map<string, number>();
    presented.forEach((token) => times.set(token, (times.get(token) ?? 0) + 1));
    expect(Math.max(...times.values())).toBeLessThanOrEqual(2);
    const refreshOf = (p: Page) => p.evaluate(() => localStorage.getItem('refreshToken'));
    await expect.poll(async () => (await refreshOf(page)) === (await refreshOf(second))).toBe(true);
    expect([...first.refused, ...other.refused]).toEqual([]);

    // Both stay logged in on the next navigation too.
    await Promise.all([page.reload(), second.reload()]);
    await Promise.all([page.getByTestId('topbar-balance').waitFor(), second.getByTestId('topbar-balance').waitFor()]);
    expect([pathOf(page), pathOf(second)]).toEqual(['/dashboard', '/dashboard']);
  });

  it('should stay logged in when the page reloads while its renewal is in flight', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'reload-renewal');
    await installPageClock(page);
    await loginViaUi(page, server.baseUrl, user);
    await page.goto('about:blank');
    await pastExpiry(page, server);

    // The first renewal reaches the server (which rotates the token) but its answer never reaches
    // the page: the page reloads first, and the new page holds the spent refresh token.
    let held = false;
    let rotated!: () => void;
    const rotatedOnServer = new Promise<void>((resolve) => (rotated = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/renew-token', async (route) => {
      if (held) {
        await route.continue();
        return;
      }
      held = true;
      const answer = await route.fetch();
      expect(answer.status()).toBe(200);
      rotated();
      await released;
      await route.abort().catch(() => undefined);
    });
    void page.goto(`${server.baseUrl}/dashboard`).catch(() => undefined);
    await rotatedOnServer;
    const spent = await page.evaluate(() => localStorage.getItem('refreshToken'));

    const watch = watchAuth(page);
    await page.reload();
    await page.getByTestId('topbar-balance').waitFor();
    release();
    expect(pathOf(page)).toBe('/dashboard');
    expect(await sessionWorks(page)).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).not.toBe(spent);
    expect(watch.refused).toEqual([]);
  });

  it('should renew before a page load after expiry, with no request refused', async () => {
    const { page, server, mail } = e2e;
    const user = await createCustomer(server, mail, 'no-403');
    await installPageClock(page);
    await loginViaUi(page, server.baseUrl, user);
    await page.goto('about:blank');
    await pastExpiry(page, server);

    const watch = watchAuth(page);
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') {
        consoleErrors.push(msg.text());
      }
    });
    await openDashboard(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/manage-proxy`);
    await page.getByTestId('topbar-balance').waitFor();
    expect(watch.refused).toEqual([]);
    expect(watch.presented.length).toBeGreaterThanOrEqual(1);
    expect(new Set(watch.presented).size).toBe(watch.presented.length);
    expect(consoleErrors.filter((text) => /40[13]/.test(text))).toEqual([]);
  });
});
