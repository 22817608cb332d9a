import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ROLE } from '@proxy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { build, createUser, fund, ledgerMismatches, login, type TestApp } from './helper.js';
import { operationsOf, variantsOf, type Variant } from './openapi-fuzz.js';

/**
 * Every operation of the served OpenAPI document, with malformed variants (wrong types, NUL,
 * unpaired surrogates, 1 MB strings, deep JSON, bad ids), as nobody, as a customer, as a site
 * admin and as the owner, and with the first site's real ids as a customer of the second site: no
 * answer may be a 5xx, and the ledger must still add up afterwards.
 *
 * The owner goes first and sends every variant. What the others send is what can answer
 * differently for them: the variants the owner's request got past the input checks with (routing,
 * body parsing, the input guard, the schema: none of it reads who is asking), plus the baseline
 * and the real ids. A variant refused by those checks is refused by the same code, before the
 * session is read, whoever sends it. (The site admin routes check the role before the schema, in
 * preValidation: there the others are refused by role before any variant matters.)
 */

interface Role {
  name: string;
  role: number | null;
  /** The site the role belongs to and talks to (localhost when not given). */
  host?: string;
  /** The variants this role sends (all when not given). */
  only?: (v: Variant) => boolean;
  token?: string;
}

interface Failure {
  role: string;
  variant: string;
  status: number | 'timeout';
  error?: string;
}

// Generous for a slow CI machine; a request that takes longer is reported as hanging.
const PER_REQUEST_MS = 30_000;
/**
 * The variants of one operation go out this many at a time on PostgreSQL, where each request
 * waits on another process that works meanwhile. On PGlite the database runs on this thread, so
 * overlapping only adds contention: one at a time there. The operations themselves stay in order:
 * the owner's baselines configure what later ones reach, and a variant that ends the session or
 * turns maintenance on is repaired before the next operation. Variants of the same operation
 * racing each other is fair game: none may answer a 5xx either.
 */
const BATCH = process.env.DATABASE_URL ? 8 : 1;

let t: TestApp;
let app: FastifyInstance;
/** Errors the app logged, so a 5xx can be reported with its cause. */
const logged: string[] = [];
/** Ids of the requests that got past routing, parsing and validation (to the preHandler stage). */
const pastInputChecks = new Set<string>();

beforeAll(async () => {
  t = await build();
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      const line = JSON.parse(chunk.toString()) as { err?: { message?: string }; cause?: unknown; msg?: string };
      logged.push(`${line.msg ?? ''}: ${line.err?.message ?? JSON.stringify(line.cause ?? '')}`.slice(0, 300));
      done();
    },
  });
  // The same app on the same database, with its error log captured.
  const logger = { level: 'error', stream: sink } as unknown as { level: string };
  app = await buildApp(t.ctx, { webDist: null, logger });
  // A root hook runs before the routes' own preHandlers (authenticate among them), so it sees every
  // request that passed the input checks, whoever sent it. It only records the request's id.
  app.addHook('preHandler', (req, _reply, done) => {
    pastInputChecks.add(req.id);
    done();
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function signIn(r: Role): Promise<void> {
  if (r.role === null) {
    return;
  }
  const u = await createUser(t, { role: r.role, host: r.host });
  await fund(t, u.id, 50_000_000);
  r.token = (await login(t, u, r.host)).accessToken;
}

const BANK_KEY = 'fuzz-bank-webhook-key';

/** The bank webhook checks its API key before anything else; give it the right one. */
async function setBankKey(owner: Role): Promise<void> {
  // The owner's own variants may have banned or edited this account (real user ids): sign in anew.
  if (!(await stillSignedIn(owner))) {
    await signIn(owner);
  }
  const res = await app.inject({
    method: 'PUT',
    url: '/api/bill/admin/payment-methods/bank',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { enabled: true, webhookKey: BANK_KEY },
  });
  expect(res.statusCode).toBe(200);
}

/**
 * Turns the maintenance notice off again after its own operation switched it on: while it is on,
 * customers' purchases answer 503 MAINTENANCE by design, which would hide what they answer to bad
 * input (and count as a fault here).
 */
async function endMaintenance(r: Role): Promise<void> {
  if (!r.token) {
    return;
  }
  await app.inject({
    method: 'PUT',
    url: '/api/setting/admin/maintenance',
    headers: { authorization: `Bearer ${r.token}`, ...(r.host ? { host: r.host } : {}) },
    payload: { enabled: false, message: '', messageEng: '', until: null },
  });
}

function authorization(v: Variant, r: Role): Record<string, string> {
  if (v.url.startsWith('/api/webhook/bank')) {
    return { authorization: `Apikey ${BANK_KEY}` };
  }
  return r.token ? { authorization: `Bearer ${r.token}` } : {};
}

async function send(v: Variant, r: Role) {
  const request = app.inject({
    method: v.method as 'GET',
    url: v.url,
    headers: { ...v.headers, ...authorization(v, r), ...(r.host ? { host: r.host } : {}) },
    payload: v.payload,
    // Each request from its own address, so per-IP limits do not hide the handlers behind 429s.
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), PER_REQUEST_MS);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const OTHER_SITE = 'proxy-owner.localhost';
const isBaselineOrRealId = (v: Variant) => v.label === 'baseline' || v.label.includes(': a real ');
const variantKey = (op: { method: string; path: string }, v: Variant) => `${op.method} ${op.path} ${v.label}`;

const ID_TABLES = ['orders', 'proxies', 'rotating_keys', 'tags', 'topups', 'nodes', 'users', 'packages'];

/** One real id of each kind that exists by now (earlier passes bought, tagged and topped up). */
async function realIds(): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const table of ID_TABLES) {
    const rows = await queryRows<{ id: string }>(t.ctx.db, sql.raw(`select id::text as id from ${table} limit 1`));
    if (rows[0]) {
      ids[table] = rows[0].id;
    }
  }
  return ids;
}

/** A role whose session a variant ended (logout, a password change…) signs in again. */
async function stillSignedIn(r: Role): Promise<boolean> {
  if (!r.token) {
    return true;
  }
  const me = await app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${r.token}`, ...(r.host ? { host: r.host } : {}) },
  });
  return me.statusCode === 200;
}

describe('malformed input', () => {
  it('answers every operation of the OpenAPI document without a 5xx, and the ledger holds', async () => {
    const operations = operationsOf(app.swagger());
    expect(operations.length).toBeGreaterThan(150);
    // The owner first: its valid baselines configure payment methods, prices and nodes, so the
    // customer's requests then reach the code behind them.
    const roles: Role[] = [
      { name: 'owner', role: ROLE.OWNER },
      { name: 'site admin', role: ROLE.SITE_ADMIN, only: (v) => isBaselineOrRealId(v) || ownerGotPast(v) },
      { name: 'customer', role: ROLE.CUSTOMER, only: (v) => isBaselineOrRealId(v) || ownerGotPast(v) },
      // The malformed variants behave as for the first site's customer; what is new here is the
      // first site's real ids reaching another site's session, so only those (and the baseline).
      { name: 'other site customer', role: ROLE.CUSTOMER, host: OTHER_SITE, only: (v) => isBaselineOrRealId(v) },
      { name: 'anonymous', role: null, only: (v) => isBaselineOrRealId(v) || ownerGotPast(v) },
    ];
    /** `method path label` of the owner's variants that got past the input checks. */
    const ownerPast = new Set<string>();
    let currentOp = operations[0]!;
    const ownerGotPast = (v: Variant) => ownerPast.has(variantKey(currentOp, v));
    const failures: Failure[] = [];
    let requests = 0;
    let renewedSessions = 0;
    const setup: Role = { name: 'setup', role: ROLE.OWNER };
    await signIn(setup);
    const started = Date.now();
    const spent = new Map<string, number>();
    const perRole: string[] = [];
    for (const r of roles) {
      const roleStarted = Date.now();
      const roleRequests = requests;
      await signIn(r);
      const ids = await realIds();
      for (const op of operations) {
        currentOp = op;
        let unauthorised = false;
        const opStarted = Date.now();
        if (op.path === '/api/webhook/bank') {
          await setBankKey(setup);
        }
        const variants = variantsOf(op, ids).filter(r.only ?? (() => true));
        for (let i = 0; i < variants.length; i += BATCH) {
          const batch = variants.slice(i, i + BATCH);
          const before = logged.length;
          const answers = await Promise.all(batch.map((v) => send(v, r)));
          requests += batch.length;
          answers.forEach((res, k) => {
            const v = batch[k]!;
            const status = res === 'timeout' ? 'timeout' : res.statusCode;
            unauthorised ||= status === 401;
            if (r === roles[0] && res !== 'timeout' && pastInputChecks.has(String(res.headers['x-request-id']))) {
              ownerPast.add(variantKey(op, v));
            }
            if (status === 'timeout' || status >= 500) {
              // What the app logged during the batch: the cause is among these lines.
              const error = logged.slice(before).join(' | ') || (res === 'timeout' ? '' : res.body.slice(0, 200));
              failures.push({
                role: r.name,
                variant: `${v.method} ${v.url.slice(0, 120)} [${v.label}]`,
                status,
                error,
              });
            }
          });
        }
        if (op.path === '/api/setting/admin/maintenance') {
          await endMaintenance(r);
        }
        const key = `${op.method} ${op.path}`;
        spent.set(key, (spent.get(key) ?? 0) + Date.now() - opStarted);
        if (unauthorised && !(await stillSignedIn(r))) {
          renewedSessions++;
          await signIn(r);
        }
      }
      perRole.push(`${r.name} ${requests - roleRequests} in ${((Date.now() - roleStarted) / 1000).toFixed(1)} s`);
      if (r === roles[0]) {
        // Nearly every baseline is valid input: a hook that saw none would leave the others only
        // their baselines and real ids.
        expect(ownerPast.size).toBeGreaterThan(operations.length);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `malformed-input: ${operations.length} operations, ${requests} requests, ${failures.length} 5xx/timeouts, ` +
        `${renewedSessions} sessions renewed, ${ownerPast.size} of the owner's variants past the input checks, ${seconds} s`,
    );
    console.log(`  by identity: ${perRole.join(', ')}`);
    const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  slowest: ${slowest.map(([k, ms]) => `${k} ${ms} ms`).join(', ')}`);
    for (const f of failures) {
      console.log(`  ${f.status} ${f.role} ${f.variant} ${f.error ?? ''}`);
    }
    // Both at once, so a 5xx does not hide a broken ledger.
    const mismatches = await ledgerMismatches(t);
    expect({ failures, mismatches }).toEqual({ failures: [], mismatches: [] });
  }, 600_000);
});
