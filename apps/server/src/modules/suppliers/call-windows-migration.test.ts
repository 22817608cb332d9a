import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { build, type TestApp } from '../../../test/helper.js';
import { takeCall } from './call-budget.js';

/**
 * The migration that names the call budget's table for what it holds (each account's recent call
 * times, the window its rate limit counts) renames it in place: the rows written under the old
 * name stay, and the primary key keeps holding one row per account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

function migrationStatements(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../../drizzle');
  const file = readdirSync(dir).find((f) => f.endsWith('_supplier_call_windows.sql'))!;
  return readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter((s) => s !== '');
}

describe('the migration that renames supplier_call_slots to supplier_call_windows', () => {
  it('should keep every row and the one-row-per-account key, and the budget should run on it', async () => {
    // The database as it was before: the old table and key names, with an account's calls in it.
    await t.ctx.db.execute(sql`alter table supplier_call_windows rename to supplier_call_slots`);
    await t.ctx.db.execute(
      sql`alter table supplier_call_slots rename constraint supplier_call_windows_pkey to supplier_call_slots_pkey`,
    );
    const sent = ['2026-01-02 03:04:05.123+00', '2026-01-02 03:04:05.456+00'];
    await t.ctx.db.execute(
      sql`insert into supplier_call_slots (account, sent) values ('old-account', ${`{${sent.join(',')}}`}::timestamptz[])`,
    );

    const statements = migrationStatements();
    expect(statements).toHaveLength(2);
    for (const statement of statements) {
      await t.ctx.db.execute(sql.raw(statement));
    }

    const rows = await queryRows<{ account: string; sent: string[] }>(
      t.ctx.db,
      sql`select account, array(select to_char(x at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') from unnest(sent) as x) as sent
          from supplier_call_windows`,
    );
    expect(rows).toEqual([{ account: 'old-account', sent: ['2026-01-02 03:04:05.123', '2026-01-02 03:04:05.456'] }]);
    const tables = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select table_name as name from information_schema.tables where table_name like 'supplier_call_%'`,
    );
    expect(tables.map((r) => r.name)).toEqual(['supplier_call_windows']);
    const keys = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`select conname as name from pg_constraint where conrelid = 'supplier_call_windows'::regclass and contype = 'p'`,
    );
    expect(keys.map((r) => r.name)).toEqual(['supplier_call_windows_pkey']);
    await expect(
      t.ctx.db.execute(sql`insert into supplier_call_windows (account, sent) values ('old-account', array[now()])`),
    ).rejects.toThrow();

    const done = await takeCall(t.ctx, 'new-account', 3, 1000);
    await done();
    const taken = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select cardinality(sent) as n from supplier_call_windows where account = 'new-account'`,
    );
    expect(taken).toEqual([{ n: 1 }]);
  });
});
