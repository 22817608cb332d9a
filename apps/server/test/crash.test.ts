import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { findLedgerMismatches } from '../src/modules/ledger/audit-ledger.js';
import { findTopupMismatches } from '../src/modules/payments/index.js';
import { countRows } from './helper.js';
import { freePort, jsonApi, migratedDataDir, scratchPostgres, spawnServer } from './spawn-server.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of a burst of bank
 * webhooks, restarted on the same data, and sent every webhook again: each transfer is credited
 * exactly once, whatever was in flight when it died.
 */
/**
 * One kill in a short burst: what matters is that credited, in-flight and never-sent transfers
 * all exist when it lands, not how many of each. IN_FLIGHT senders keep that many requests open.
 */
const TRANSFERS = 24;
const IN_FLIGHT = 8;
/** Answers before the kill: a third of the burst, so up to IN_FLIGHT are open and 8 never sent. */
const KILL_AFTER = 8;
const KEY = 'crash-test-bank-key';
const OWNER = { email: 'owner@crash.test', password: 'owner-pass-1' };

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;
let port: number;
let base: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-crash-'));
  migratedDataDir(dataDir);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const scratch = await scratchPostgres('crash', { migrated: true });
  databaseUrl = scratch?.url;
  dropDatabase = scratch?.drop ?? dropDatabase;
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ChildProcess> {
  const server = await spawnServer({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      APP_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
      BANK_WEBHOOK_KEY: KEY,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      DEMO: '0',
    },
  });
  return server.child;
}

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  jsonApi(base)<T>(method, url, body, token);

const login = async (email: string, password: string) =>
  (await api<{ tokens: { accessToken: string } }>('POST', '/api/auth/login', { email, password })).tokens.accessToken;

function webhook(body: unknown): Promise<number> {
  return fetch(`${base}/api/webhook/bank`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Apikey ${KEY}` },
    body: JSON.stringify(body),
  }).then(
    async (r) => {
      await r.arrayBuffer();
      return r.status;
    },
    () => 0,
  );
}

describe('crash during a burst of bank webhooks', () => {
  it(
    'should credit each transfer exactly once after SIGKILL, restart and a full replay',
    { timeout: 360_000 },
    async () => {
      let server = await startServer();
      let exited: Promise<unknown> = new Promise((r) => server.once('exit', r));
      try {
        // Five payers: the owner and four site admins, each with a codeBill.
        const ownerToken = await login(OWNER.email, OWNER.password);
        const payers = [{ email: OWNER.email, password: OWNER.password }];
        for (let i = 0; i < 4; i++) {
          const p = { email: `payer${i}@crash.test`, password: 'payer-pass-1' };
          await api('POST', '/api/user/create-admin', p, ownerToken);
          payers.push(p);
        }
        const tokens = await Promise.all(payers.map((p) => login(p.email, p.password)));
        const codes = await Promise.all(
          tokens.map(
            async (tk) => (await api<{ codeBill: string }>('GET', '/api/bill/get-bill', undefined, tk)).codeBill,
          ),
        );

        const expected = new Array<number>(payers.length).fill(0);
        const bodies = Array.from({ length: TRANSFERS }, (_, i) => {
          const k = i % payers.length;
          const amount = 10_000 + ((i * 7919) % 90_000);
          expected[k]! += amount;
          return {
            id: 9_000_000 + i,
            gateway: 'ACB',
            transactionDate: '2026-01-05 10:00:00',
            accountNumber: '0000000001',
            content: `${codes[k]} burst ${i}`,
            transferType: 'in',
            transferAmount: amount,
            referenceCode: `FT${i}`,
          };
        });

        // The burst: IN_FLIGHT at a time; one SIGKILL as the KILL_AFTER-th answer arrives, before
        // any sender moves on, so the rest of the burst goes to a dead server.
        let answered = 0;
        let next = 0;
        const statuses: number[] = [];
        const workers = Array.from({ length: IN_FLIGHT }, async () => {
          while (next < bodies.length) {
            const i = next++;
            statuses[i] = await webhook(bodies[i]);
            if (++answered === KILL_AFTER) {
              server.kill('SIGKILL');
            }
          }
        });
        await Promise.all(workers);
        await exited;
        expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(KILL_AFTER);
        expect(statuses.filter((s) => s !== 200).length).toBeGreaterThan(0);

        // Restart on the same data; the bank (SePay) retries every delivery.
        server = await startServer();
        exited = new Promise((r) => server.once('exit', r));
        for (let i = 0; i < bodies.length; i += 20) {
          const batch = await Promise.all(bodies.slice(i, i + 20).map(webhook));
          expect(batch.every((s) => s === 200)).toBe(true);
        }
        const balances = await Promise.all(
          tokens.map(
            async (tk) => (await api<{ balance: number }>('GET', '/api/user/get-money', undefined, tk)).balance,
          ),
        );
        // The demo promotion gives no bonus under 1,000,000 coins, so each balance is its transfers.
        expect(balances).toEqual(expected);
      } finally {
        server.kill('SIGTERM');
        await exited;
      }

      const database: Database = databaseUrl
        ? await openPostgres(databaseUrl, 2)
        : await openPglite(path.join(dataDir, 'db'));
      try {
        expect(await findLedgerMismatches(database.db)).toEqual([]);
        expect(await findTopupMismatches(database.db)).toEqual([]);
        const t = { ctx: { db: database.db } } as Parameters<typeof countRows>[0];
        expect(await countRows(t, "topups where method = 'bank' and status = 'success'")).toBe(TRANSFERS);
      } finally {
        await database.close();
      }
    },
  );
});
