import { eq, sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared, type Database } from '../src/db/client.js';
import { openTestDatabase } from './helper.js';

/** A table of the column kinds the hot reads select (on PGlite executePrepared is Drizzle's execute()). */
const probe = pgTable('execute_prepared_probe', {
  id: uuid('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  n: bigint('n', { mode: 'number' }),
  s: text('s'),
  b: boolean('b'),
});

const ROWS = [
  { id: '00000000-0000-4000-8000-000000000001', at: new Date('2026-11-29T21:09:57.778Z'), n: 5, s: 'a"\\\n', b: true },
  { id: '00000000-0000-4000-8000-000000000002', at: null, n: null, s: null, b: null },
];

describe('executePrepared', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.execute(
      sql`create table execute_prepared_probe (id uuid primary key, at timestamptz, n bigint, s text, b boolean)`,
    );
    await database.db.insert(probe).values(ROWS);
  });
  afterAll(async () => drop());

  it("maps a flat select's rows as Drizzle's execute() does", async () => {
    const stmt = database.db
      .select({
        id: probe.id,
        at: probe.at,
        n: probe.n,
        s: probe.s,
        b: probe.b,
        twice: sql<number>`${probe.n} * 2`.mapWith(Number),
        raw: sql<string | null>`(select p.s from execute_prepared_probe p where p.id = "execute_prepared_probe"."id")`,
      })
      .from(probe)
      .where(eq(probe.id, sql.placeholder('id')))
      .prepare('execute_prepared_probe_flat');
    for (const row of ROWS) {
      const ours = await executePrepared(stmt, { id: row.id });
      expect(ours).toEqual(await stmt.execute({ id: row.id }));
      expect(Object.keys(ours[0]!)).toEqual(['id', 'at', 'n', 's', 'b', 'twice', 'raw']);
    }
    expect(await executePrepared(stmt, { id: '00000000-0000-4000-8000-000000000009' })).toEqual([]);
  });
});
