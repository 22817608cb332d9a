import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BANK_WEBHOOK_KEY, createCustomer, signIn, postBankWebhook } from './support/app';
import { startServer, type RunningServer } from './support/server';
import { useE2E } from './support/setup';

const e2e = useE2E({ env: { BANK_WEBHOOK_KEY } });

/** The PostgreSQL the test creates its database on; another one can be given with E2E_PG_URL. */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** How the server's LISTEN connection shows in pg_stat_activity (apps/server/src/db/client.ts). */
const LISTENER_APPLICATION_NAME = 'proxy-panel-listen';

/**
 * The server's LISTEN connection is lost while a browser follows its realtime stream, and a
 * transfer is credited before it is back: that credit's event is gone. Once the listener is back
 * the server sends `resync`, and the page refetches the balance without a reload.
 */
describe('realtime after the server lost its database listener (PostgreSQL)', () => {
  it('should show a balance credited while the listener was down, once it is back', async ({ skip }) => {
    const admin = new pg.Client({ connectionString: PG_URL });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
    } catch (err) {
      console.log(`[e2e] skipping the listener test: PostgreSQL at ${PG_URL} is unreachable (${String(err)})`);
      skip();
      return;
    }
    const dbName = `e2e_resync_${randomBytes(6).toString('hex')}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'proxy-panel-e2e-resync-'));
    let server: RunningServer | null = null;
    let killing = false;
    let killer: Promise<void> = Promise.resolve();
    try {
      await admin.query(`create database ${dbName}`);
      const url = new URL(PG_URL);
      url.pathname = `/${dbName}`;
      server = await startServer({
        databaseUrl: url.toString(),
        smtpUrl: e2e.mail.url,
        env: { BANK_WEBHOOK_KEY, DATA_DIR: dataDir },
      });
      const { page, mail } = e2e;
      const user = await createCustomer(server, mail, 'resync');
      await signIn(page, server.baseUrl, user, { lang: 'en' });
      const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
      await page.goto(`${server.baseUrl}/topup`);
      await page.getByTestId('topup-qr').waitFor();
      await stream;
      const code = (await page.getByTestId('topup-code-bill').innerText()).trim();
      const accountNumber = (await page.getByTestId('topup-account-number').innerText()).trim();
      await page.getByTestId('topbar-balance').filter({ hasText: '0 coins' }).waitFor();
      await page.evaluate(() => {
        (window as unknown as { e2eMarker?: string }).e2eMarker = 'set';
      });

      // Keeps this test database's listener down: each connection it makes is terminated at once.
      killing = true;
      killer = (async () => {
        while (killing) {
          await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
            [dbName, LISTENER_APPLICATION_NAME],
          );
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      await new Promise((r) => setTimeout(r, 300));
      await postBankWebhook(server, { content: `${code} nap tien`, amount: 250_000, accountNumber });
      await new Promise((r) => setTimeout(r, 300));
      killing = false;
      await killer;

      await page.getByTestId('topbar-balance').filter({ hasText: '250,000 coins' }).waitFor({ timeout: 10_000 });
      // Nothing reloaded the page: the stream's resync brought the balance.
      expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('set');
    } finally {
      killing = false;
      await killer;
      await server?.stop();
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
