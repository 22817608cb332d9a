import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { prepare } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { Clock } from '../src/lib/clock.js';
import { statementSummary } from '../src/lib/log-errors.js';
import { MemoryMailer, openTestDatabase } from './helper.js';

/*
 * A request whose statement fails in the database is logged with the statement's kind, table and
 * error code, never with its parameters: here a registration, whose insert carries the e-mail
 * address and the argon2 hash of the password.
 */

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pp-dblog-')),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    CAPTCHA: 'off',
  });
  const prepared = await prepare(config, database, new MemoryMailer(), new Clock());
  app = await buildApp(prepared, { webDist: null, logger: { level: 'warn', stream: { write: (l) => lines.push(l) } } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.().catch(() => undefined);
});

async function failInsertsIntoUsers(body: string): Promise<void> {
  await app.ctx.db.execute(
    sql.raw(
      `create or replace function pp_test_fail() returns trigger language plpgsql as $$ begin ${body} return new; end $$`,
    ),
  );
  await app.ctx.db.execute(sql.raw('drop trigger if exists pp_test_fail on users'));
  await app.ctx.db.execute(
    sql.raw('create trigger pp_test_fail before insert on users for each row execute function pp_test_fail()'),
  );
}

async function register(email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'Secret-pass-1', passwordConfirm: 'Secret-pass-1' },
  });
}

describe('database failures in the log', () => {
  it('should log a failed insert without the e-mail or the password hash', async () => {
    await failInsertsIntoUsers(`raise exception 'refused by a test trigger';`);
    const before = lines.length;
    const res = await register('leak-check@example.test');
    expect(res.statusCode).toBe(500);
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('"statement":"insert \\"users\\""');
    expect(logged).toContain('"code":"P0001"');
    expect(logged).not.toContain('leak-check');
    expect(logged).not.toContain('$argon2');
    expect(logged).not.toContain('params');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'should log a terminated backend as unavailable, without the parameters (PostgreSQL)',
    async () => {
      await failInsertsIntoUsers('perform pg_terminate_backend(pg_backend_pid());');
      const before = lines.length;
      const res = await register('terminated@example.test');
      expect(res.statusCode).toBe(503);
      const logged = lines.slice(before).join('\n');
      expect(logged).toContain('database unavailable');
      expect(logged).toContain('"code":"57P01"');
      expect(logged).not.toContain('terminated@');
      expect(logged).not.toContain('$argon2');
      expect(logged).not.toContain('params');
      await app.ctx.db.execute(sql.raw('drop trigger pp_test_fail on users'));
    },
  );

  it('should summarise a statement by its kind and first table only', () => {
    expect(statementSummary('insert into "users" ("id", "email") values ($1, $2) returning "id"')).toBe(
      'insert "users"',
    );
    expect(statementSummary('select "id" from "users" where "email" = $1')).toBe('select "users"');
    expect(statementSummary("update users set email = 'x@y.z' where id = $1")).toBe('update users');
  });
});
