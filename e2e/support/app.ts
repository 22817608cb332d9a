// Product-level steps the specs share: API calls for setup, and the UI login every signed-in test needs.
// No Vitest import: the benchmark scripts use these steps too.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../apps/web/src/config/constants';
import type { RunningServer } from './server';
import type { SmtpSink } from './smtp-sink';

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
}

export interface Credentials {
  email: string;
  password: string;
}

/** A fresh address per call: every test owns its user, so tests never depend on each other. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@e2e.test`;
}

/**
 * A JSON call to the server. node:http rather than fetch, because fetch may not set Host and the
 * Host header is what selects the white-label site.
 */
export function api<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; host?: string } = {},
): Promise<ApiResult<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...server.headers, accept: 'application/json' };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    // A length rather than chunked encoding, which the server refuses on a DELETE with a body.
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
  }
  if (options.host) {
    headers.host = `${options.host}:${server.port}`;
  }
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
        } catch {
          reject(new Error(`${method} ${path}: not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function expectOk(what: string, res: ApiResult): void {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A verified customer made through the API and the mailed OTP, for tests that are not about registering. */
export async function createCustomer(server: RunningServer, mail: SmtpSink, tag = 'user'): Promise<Credentials> {
  const email = uniqueEmail(tag);
  const password = `Pw-${randomBytes(4).toString('hex')}`;
  expectOk(
    'register',
    await api(server, 'POST', '/api/auth/register', { body: { email, password, passwordConfirm: password } }),
  );
  const code = await mail.nextOtp(email);
  expectOk('verify', await api(server, 'POST', '/api/auth/verify', { body: { email, code } }));
  return { email, password };
}

/** The status and error code of a password login, to check server-side which password is valid. */
export async function tryLogin(
  server: RunningServer,
  creds: Credentials,
): Promise<{ status: number; message?: string }> {
  const res = await api<{ message?: string }>(server, 'POST', '/api/auth/login', { body: creds });
  return { status: res.status, message: res.body?.message };
}

/** Logs in through the login form and waits for the dashboard with the user's balance loaded. */
export async function loginViaUi(
  page: Page,
  baseUrl: string,
  creds: Credentials,
  lang: 'vi' | 'en' = 'en',
): Promise<void> {
  await page.goto(`${baseUrl}/auth/login?lang=${lang}`);
  await page.locator('input[name="email"]').fill(creds.email);
  await page.locator('input[name="password"]').fill(creds.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByTestId('topbar-balance').waitFor();
}

/**
 * Signs in without the login form, for tests that are not about it: the password login through the
 * site's API from the page itself (so its Host, client address and cookies are the page's), the
 * answer stored where the SPA keeps a session, then `path` loaded once. The form's own specs
 * (auth, login-captcha, sessions, layout) still sign in through it; elsewhere, loading the login
 * page and then the dashboard was most of what a sign-in cost the browser.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  creds: Credentials,
  options: { lang?: 'vi' | 'en'; path?: string } = {},
): Promise<void> {
  // A blank page of the site's origin, answered by the browser itself: localStorage and fetch need
  // an origin, and the SPA's index would start the app only to be left at once.
  const blank = `${baseUrl}/__e2e-sign-in`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title></title>' }),
  );
  try {
    await page.goto(blank);
  } finally {
    await page.unroute(blank);
  }
  const failure = await page.evaluate(
    async ({ creds, lang, keys }) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(creds),
      });
      const body = (await res.json().catch(() => null)) as {
        tokens?: { accessToken: string; refreshToken: string };
        user?: unknown;
      } | null;
      if (!res.ok || !body?.tokens) {
        return `${res.status} ${JSON.stringify(body)}`;
      }
      // Typed here: this module is also checked without the DOM's types (scripts/bench-api.ts).
      const store = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } })
        .localStorage;
      store.setItem(keys.accessToken, body.tokens.accessToken);
      store.setItem(keys.refreshToken, body.tokens.refreshToken);
      store.setItem(keys.userInfo, JSON.stringify(body.user));
      store.setItem(keys.clientLanguage, lang);
      return null;
    },
    { creds, lang: options.lang ?? 'en', keys: STORAGE_KEYS },
  );
  if (failure) {
    throw new Error(`sign-in as ${creds.email} failed: ${failure}`);
  }
  await page.goto(`${baseUrl}${options.path ?? '/dashboard'}`);
  await page.getByTestId('topbar-balance').waitFor();
}

/** The pathname the SPA settles on, for redirect checks. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** An access token for a password login (through the API, not the browser). */
export async function tokenOf(server: RunningServer, creds: Credentials): Promise<string> {
  const res = await api<{ tokens?: { accessToken: string } }>(server, 'POST', '/api/auth/login', { body: creds });
  expectOk('login', res);
  const token = res.body.tokens?.accessToken;
  if (!token) {
    throw new Error(`login gave no access token: ${JSON.stringify(res.body)}`);
  }
  return token;
}

/** The owner's credentials (ADMIN_EMAIL/ADMIN_PASSWORD of the e2e server). */
export function ownerOf(server: RunningServer): Credentials {
  return { email: server.adminEmail, password: server.adminPassword };
}

/** The owner's token, fetched anew: moving the server clock expires the earlier ones. */
export function ownerToken(server: RunningServer): Promise<string> {
  return tokenOf(server, ownerOf(server));
}

/**
 * Gives the default site support channels (the demo seeds none: docs/screens.md#tools-tutorials-support),
 * shown as the support button's menu.
 */
export async function setSupportChannels(server: RunningServer): Promise<void> {
  const res = await api(server, 'POST', '/api/support/admin/add-support', {
    token: await ownerToken(server),
    body: {
      channels: [
        { kind: 'telegram', label: 'Telegram', value: '@proxy_support' },
        { kind: 'zalo', label: 'Zalo', value: '0900000000' },
        { kind: 'email', label: 'Email', value: 'support@example.com' },
      ],
      hours: '8:00–22:00 (GMT+7)',
      note: '',
      noteEng: '',
      showIcons: true,
    },
  });
  if (res.status !== 200) {
    throw new Error(`add-support answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
}

/** Credits a customer through the owner's add-to-balance (docs/wire-contract.md#user: the admin calls). */
export async function creditCustomer(server: RunningServer, email: string, amount: number): Promise<void> {
  const token = await ownerToken(server);
  const users = await api<{ items: { id: string; email: string }[] }>(
    server,
    'GET',
    `/api/user/admin/get-all-user?search=${encodeURIComponent(email)}`,
    { token },
  );
  const user = users.body.items.find((u) => u.email === email);
  if (!user) {
    throw new Error(`customer ${email} is not in the admin list`);
  }
  expectOk(
    'add-to-balance',
    await api(server, 'PUT', `/api/user/admin/add-to-balance/${user.id}`, { token, body: { amount, note: 'e2e' } }),
  );
}

/** Moves the server's clock forward (TEST_CLOCK=1) and runs every background sweep (lifecycle, auto-renew…). */
export async function advanceServerClock(server: RunningServer, ms: number): Promise<void> {
  expectOk(
    'POST /api/test/clock',
    await api(server, 'POST', '/api/test/clock', { token: await ownerToken(server), body: { advanceMs: ms } }),
  );
  expectOk(
    'POST /api/test/run-jobs',
    await api(server, 'POST', '/api/test/run-jobs', { token: await ownerToken(server) }),
  );
}

/** The bank-webhook key of the default site in specs that start their server with it (BANK_WEBHOOK_KEY). */
export const BANK_WEBHOOK_KEY = 'e2e-bank-webhook-key';

/** A transfer as SePay posts it, signed with BANK_WEBHOOK_KEY. */
export async function postBankWebhook(
  server: RunningServer,
  transfer: { content: string; amount: number; accountNumber: string },
): Promise<void> {
  const id = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  const res = await fetch(`${server.baseUrl}/api/webhook/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Apikey ${BANK_WEBHOOK_KEY}` },
    body: JSON.stringify({
      id,
      gateway: 'Vietcombank',
      transactionDate: '2026-01-05 10:00:00',
      accountNumber: transfer.accountNumber,
      code: null,
      content: transfer.content,
      transferType: 'in',
      transferAmount: transfer.amount,
      accumulated: transfer.amount,
      subAccount: null,
      referenceCode: `FT${id}`,
    }),
  });
  if (res.status !== 200) {
    throw new Error(`bank webhook failed: ${res.status} ${await res.text()}`);
  }
}

/**
 * Opens a product's tab of the dashboard's buy card. The cards above it grow as their data arrives,
 * and a click that lands while they do can miss the tab: the tab is clicked until it is the
 * selected one (what the customer sees), then its form is there.
 */
export async function selectBuyTab(page: Page, product: 'v4' | 'v6' | 'key'): Promise<void> {
  const tab = page.getByTestId(`buy-tab-${product}`);
  await tab.waitFor();
  for (let attempt = 0; attempt < 5 && (await tab.getAttribute('aria-selected')) !== 'true'; attempt += 1) {
    await tab.click();
    await tab
      .and(page.locator('[aria-selected="true"]'))
      .waitFor({ timeout: 3_000 })
      .catch(() => undefined);
  }
  await page.getByTestId(`buy-form-${product}`).waitFor();
}
