import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { api, signIn, ownerOf, uniqueEmail, type Credentials } from './support/app';
import { OWNER_HOST } from './support/browser';
import { useE2E } from './support/setup';

// The developer API on the proxy-owner site: a developer generates a key, allows 127.0.0.1, copies
// the curl snippet of "list your IPv4 proxies" from the reference on /api and runs it with the real
// curl, and gets their proxy list.
// Its own Chromium: it reads the clipboard, which a parallel file sharing the browser could overwrite.
const e2e = useE2E(
  { ownServer: 'it sets the site’s per-key API limit, and its page and its curl must be one client address' },
  { ownBrowser: true },
);
const run = promisify(execFile);

async function ownerSiteCustomer(coins: number): Promise<Credentials> {
  const server = e2e.server;
  const email = uniqueEmail('dev');
  const password = `Pw-${randomBytes(4).toString('hex')}`;
  const host = OWNER_HOST;
  const reg = await api(server, 'POST', '/api/auth/register', {
    host,
    body: { email, password, passwordConfirm: password },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const code = await e2e.mail.nextOtp(email);
  expect((await api(server, 'POST', '/api/auth/verify', { host, body: { email, code } })).status).toBe(200);
  const login = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', {
    host,
    body: ownerOf(server),
  });
  const token = login.body.tokens.accessToken;
  const users = await api<{ items: { id: string; email: string }[] }>(
    server,
    'GET',
    `/api/user/admin/get-all-user?search=${encodeURIComponent(email)}`,
    { host, token },
  );
  const id = users.body.items.find((u) => u.email === email)!.id;
  const credit = await api(server, 'PUT', `/api/user/admin/add-to-balance/${id}`, {
    host,
    token,
    body: { amount: coins, note: 'e2e' },
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);
  return { email, password };
}

describe('developer API', () => {
  it('should let a developer generate a key, allow an IP, and run the copied curl snippet', async () => {
    const server = e2e.server;
    const creds = await ownerSiteCustomer(1_000_000);
    const userToken = (
      await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', {
        host: OWNER_HOST,
        body: creds,
      })
    ).body.tokens.accessToken;
    const bought = await api<{ proxies: { id: string }[] }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      host: OWNER_HOST,
      token: userToken,
      body: { country: 'US', quantity: 2, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);

    const page = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    const origin = server.urlFor(OWNER_HOST);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await signIn(page, origin, creds, { lang: 'en', path: '/api' });
    await page.getByRole('heading', { name: 'Developer API' }).waitFor();

    await page.getByTestId('api-key-generate').click();
    const shown = await page.getByTestId('api-key-value').textContent();
    expect(shown).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);

    await page.getByTestId('api-allowed-ips').fill('127.0.0.1');
    await page.getByTestId('api-allowed-ips-save').click();
    await page.getByText('Allowed IPs saved').waitFor();

    const op = page.getByTestId('op-getV4ProxyListProxyMe');
    await op.getByRole('button').first().click();
    await page.getByTestId('snippet-tab-curl').first().waitFor();
    await page.getByTestId('snippet-copy-getV4ProxyListProxyMe').click();
    await page.getByText('Copied').waitFor();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toContain(`X-Api-Key: ${shown}`);
    expect(snippet).toContain(`${origin}/api/v4-proxy/list-proxy-me`);

    // Run exactly what was copied: curl's arguments as the shell would split them.
    const { stdout } = await run('/bin/sh', [
      '-c',
      `${snippet.replace('curl ', '/usr/bin/curl ')} -w '\\n%{http_code}'`,
    ]);
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('200');
    const list = JSON.parse(lines.slice(0, -1).join('\n')) as { items: { id: string }[]; total: number };
    expect(list.total).toBe(2);
    expect(list.items.map((p) => p.id).sort()).toEqual(bought.body.proxies.map((p) => p.id).sort());

    // Regenerating (after confirming) stops the copied key at once.
    await page.getByTestId('api-key-generate').click();
    await page.getByTestId('api-key-confirm-confirm').click();
    // The new key replaces the shown one (the first key's toast may still be on screen: two toasts).
    await expect.poll(() => page.getByTestId('api-key-value').textContent()).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    await expect.poll(() => page.getByTestId('api-key-value').textContent()).not.toBe(shown);
    await page.getByText('A new API key was generated').last().waitFor();
    const again = await run('/bin/sh', ['-c', `${snippet.replace('curl ', '/usr/bin/curl ')} -w '\\n%{http_code}'`]);
    expect(again.stdout.trim().split('\n').at(-1)).toBe('401');
  });

  it('should let the owner set the per-key limit on /admin/config', async () => {
    const server = e2e.server;
    const origin = server.urlFor(OWNER_HOST);
    const page = await e2e.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, origin, ownerOf(server), { lang: 'en', path: '/admin/config' });
    await page.getByTestId('site-api-limit').fill('0');
    await page.getByText(/Enter a whole number from 1 to/).waitFor();
    expect(await page.getByTestId('site-api-limit-save').isDisabled()).toBe(true);
    await page.getByTestId('site-api-limit').fill('60');
    await page.getByTestId('site-api-limit-save').click();
    await page.getByText('Updated successfully').first().waitFor();
    const login = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', {
      host: OWNER_HOST,
      body: ownerOf(server),
    });
    const settings = await api<{ apiRateLimitPerMin: number }>(server, 'GET', '/api/setting/admin/list', {
      host: OWNER_HOST,
      token: login.body.tokens.accessToken,
    });
    expect(settings.body.apiRateLimitPerMin).toBe(60);
  });
});
