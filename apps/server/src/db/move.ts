/**
 * Copying a whole database, table by table, into another with the same migrations applied
 * (npm run db:move, docs/operations.md#moving-to-postgresql). Rows travel as JSON text built by
 * the source (`json_agg`) and are read back by the target (`jsonb_populate_recordset`), so every
 * type goes through PostgreSQL's own text forms: no driver conversion, no lost bigint precision.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from './client.js';

/** The schemas a migrated database has: ours and drizzle's (the migration journal). */
const SCHEMAS = ['public', 'drizzle'];
const BATCH = 2_000;

export interface TableRef {
  schema: string;
  name: string;
}

const ident = (t: TableRef) => `"${t.schema.replace(/"/g, '""')}"."${t.name.replace(/"/g, '""')}"`;
const schemaList = sql.join(
  SCHEMAS.map((s) => sql`${s}`),
  sql`, `,
);

/** Tables, views, sequences and the like outside the system schemas; an empty database has none. */
export async function countUserRelations(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  );
  return row?.n ?? 0;
}

export async function listTables(db: DbOrTx): Promise<TableRef[]> {
  return queryRows<TableRef>(
    db,
    sql`select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and not c.relispartition and n.nspname in (${schemaList})
        order by n.nspname, c.relname`,
  );
}

export async function countRows(db: DbOrTx, tables: TableRef[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of tables) {
    const [row] = await queryRows<{ n: string }>(db, sql.raw(`select count(*)::text as n from ${ident(t)}`));
    counts.set(`${t.schema}.${t.name}`, Number(row?.n ?? 0));
  }
  return counts;
}

interface ForeignKey {
  tbl: string;
  name: string;
  def: string;
}

interface SequenceState {
  schema: string;
  name: string;
  last: string | null;
  start: string;
}

/** Reads `table`'s rows from the source in batches, each a JSON array text, and hands them to `use` one at a time. */
async function forEachBatch(source: Db, table: TableRef, use: (json: string, rows: number) => Promise<void>) {
  // A cursor inside a transaction: one pass in storage order, without OFFSET's rescans, and only
  // one batch in memory at a time.
  await source.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`declare move_rows no scroll cursor for select to_jsonb(t)::text as j from ${ident(table)} t`),
    );
    for (;;) {
      const rows = await queryRows<{ j: string }>(tx, sql.raw(`fetch ${BATCH} from move_rows`));
      if (rows.length === 0) {
        break;
      }
      await use(`[${rows.map((r) => r.j).join(',')}]`, rows.length);
    }
    await tx.execute(sql.raw('close move_rows'));
  });
}

async function columnsOf(db: DbOrTx, table: TableRef): Promise<string> {
  const cols = await queryRows<{ name: string }>(
    db,
    sql`select a.attname as name from pg_attribute a
        where a.attrelid = ${ident(table)}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum`,
  );
  return cols.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', ');
}

/**
 * Copies every row of `tables` and every sequence position from source into target, in one target
 * transaction: foreign keys are dropped for the copy and added back (which checks every row), and
 * the rows the target's own migrations inserted are replaced by the source's. Returns the rows copied.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  tables: TableRef[],
  onTable?: (t: TableRef, rows: number) => void,
): Promise<number> {
  const sequences = await queryRows<SequenceState>(
    source,
    sql`select schemaname as schema, sequencename as name, last_value::text as last, start_value::text as start
        from pg_sequences where schemaname in (${schemaList})`,
  );
  let total = 0;
  await target.transaction(async (tx) => {
    const fks = await queryRows<ForeignKey>(
      tx,
      sql`select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(c.oid) as def
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname in (${schemaList})`,
    );
    for (const fk of fks) {
      await tx.execute(sql.raw(`alter table ${fk.tbl} drop constraint "${fk.name}"`));
    }
    await tx.execute(sql.raw(`truncate ${tables.map(ident).join(', ')}`));
    for (const table of tables) {
      const cols = await columnsOf(tx, table);
      let rows = 0;
      const insert = `insert into ${ident(table)} (${cols}) overriding system value select ${cols} from jsonb_populate_recordset(null::${ident(table)}, `;
      await forEachBatch(source, table, async (json, n) => {
        await tx.execute(sql`${sql.raw(insert)}${json}::jsonb)`);
        rows += n;
      });
      total += rows;
      onTable?.(table, rows);
    }
    for (const fk of fks) {
      await tx.execute(sql.raw(`alter table ${fk.tbl} add constraint "${fk.name}" ${fk.def}`));
    }
    for (const s of sequences) {
      const seq = ident({ schema: s.schema, name: s.name });
      await tx.execute(
        s.last === null
          ? sql`select setval(${seq}::regclass, ${s.start}::bigint, false)`
          : sql`select setval(${seq}::regclass, ${s.last}::bigint, true)`,
      );
    }
  });
  return total;
}
