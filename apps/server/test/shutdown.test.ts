import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows, type Database } from '../src/db/client.js';
import { allJobs } from '../src/jobs/index.js';
import { openTestDatabase } from './helper.js';
import { migratedDataDir, spawnServer, type SpawnedServer } from './spawn-server.js';

/**
 * SIGTERM on the real server (docs/operations.md#running-several-instances): an in-flight request
 * finishes, new connections are refused, a realtime stream ends with a retry hint, and no job
 * lease is left behind, so another instance runs every job at once.
 */
const OWNER = { email: 'owner@shutdown.test', password: 'owner-pass-1' };

let dataDir: string;
/** On PostgreSQL: a fresh database the spawned servers share (its pool is the test's own view). */
let shared: Awaited<ReturnType<typeof openTestDatabase>> | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-shutdown-'));
  migratedDataDir(dataDir);
  if (process.env.DATABASE_URL) {
    shared = await openTestDatabase();
  }
});
afterAll(async () => {
  await shared?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Server = SpawnedServer;

function startServer(): Promise<Server> {
  return spawnServer({
    readyPath: '/api/health/ready',
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: shared?.url ?? '',
      APP_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      DEMO: '0',
      TEST_CLOCK: '1',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: '15000',
    },
  });
}

/** Resolves true when a TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** The servers' database as the test reads it (PGlite: opened once the server has exited). */
async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  if (shared) {
    return fn(shared.database);
  }
  const db = await openPglite(path.join(dataDir, 'db'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function ownerToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  return ((await res.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

describe('SIGTERM', () => {
  it(
    'finishes in-flight requests, refuses new connections, ends streams with a retry hint, leaves no lease',
    { timeout: 300_000 },
    async () => {
      const a = await startServer();
      let stopped = false;
      try {
        const accessToken = await ownerToken(a.base);

        // A realtime stream, read to its end.
        const events = await fetch(`${a.base}/api/events?access_token=${encodeURIComponent(accessToken)}`);
        expect(events.status).toBe(200);
        const streamText = (async () => {
          let text = '';
          const decoder = new TextDecoder();
          for await (const chunk of events.body as unknown as AsyncIterable<Uint8Array>) {
            text += decoder.decode(chunk, { stream: true });
          }
          return text;
        })();

        // An in-flight request whose body is still coming when the signal arrives. The server
        // answers 100 Continue once it has taken the request's headers: from then on the request
        // is in flight, and the rest of its body is sent only after the port refuses connections.
        const body = JSON.stringify({ email: OWNER.email, password: 'a-wrong-password' });
        let inFlight!: () => void;
        const taken = new Promise<void>((resolve) => (inFlight = resolve));
        let finish!: () => void;
        const slow = new Promise<{ status: number; text: string }>((resolve, reject) => {
          const req = request(
            `${a.base}/api/auth/login`,
            {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                expect: '100-continue',
              },
            },
            (res) => {
              let text = '';
              res.on('data', (c: Buffer) => (text += c.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
            },
          );
          req.on('error', reject);
          req.on('continue', () => req.write(body.slice(0, 10), () => inFlight()));
          req.flushHeaders();
          finish = () => req.end(body.slice(10));
        });
        await taken;

        a.child.kill('SIGTERM');
        stopped = true;
        // New connections are refused while the slow request is still being served.
        while (!(await refused(a.port))) {
          await new Promise((r) => setTimeout(r, 20));
        }
        finish();

        const answered = await slow;
        expect(answered.status).toBe(400);
        expect(answered.text).toContain('"message"');
        expect(await streamText).toMatch(/retry: \d+\n/);
        expect(await a.exited).toBe(0);
        expect(a.log()).toContain('shut down');
      } finally {
        if (!stopped) {
          a.child.kill('SIGKILL');
        }
      }

      const held = await withDatabase((db) =>
        queryRows<{ name: string }>(db.db, sql`select name from job_leases where expires_at > now()`),
      );
      expect(held).toEqual([]);

      // Another instance runs every job at once: nothing waits for a lease to run out.
      const b = await startServer();
      try {
        const accessToken = await ownerToken(b.base);
        const started = Date.now();
        const res = await fetch(`${b.base}/api/test/run-jobs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const { ran } = (await res.json()) as { ran: string[] };
        expect(ran.sort()).toEqual(allJobs.map((j) => j.name).sort());
        expect(Date.now() - started).toBeLessThan(20_000);
      } finally {
        b.child.kill('SIGTERM');
        await b.exited;
      }
    },
  );
});
