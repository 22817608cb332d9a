import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { openTestDatabase } from './helper.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  console.log('pool-size: PostgreSQL only (PGlite has no pool); skipped on PGlite');
}

describe.skipIf(!onPostgres)('DATABASE_POOL_SIZE', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    test = await openTestDatabase();
    const { DATABASE_POOL_SIZE } = parseEnv({ DATABASE_POOL_SIZE: '2' });
    database = await openDatabase({ databaseUrl: test.url, poolSize: DATABASE_POOL_SIZE, dataDir: tmpdir() });
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  it('should open no more connections than it says, queueing the other statements', async () => {
    let most = 0;
    let queued = 0;
    const watch = setInterval(() => {
      const stats = database.poolStats();
      most = Math.max(most, stats?.total ?? 0);
      queued = Math.max(queued, stats?.waiting ?? 0);
    }, 5);
    try {
      await Promise.all(Array.from({ length: 6 }, () => database.db.execute(sql`select pg_sleep(0.2)`)));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBe(2);
    expect(queued).toBeGreaterThan(0);
  });
});
