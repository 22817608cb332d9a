import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Column, fillPlaceholders, is, SQL, Subquery } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';
import * as drizzleUtils from 'drizzle-orm/utils';
import * as schema from './schema/index.js';
import { serverRoot } from '../paths.js';
import { claimDataDir, type DataDirOwner } from './data-dir-owner.js';
import { ResilientPool } from './pool.js';
import { PgListener, type ListenerLog, type ListenOptions, type NotifyHandler } from './listener.js';

export type { ListenOptions, NotifyHandler } from './listener.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /**
   * Postgres LISTEN; the handler gets each NOTIFY payload on the channel. Resolves once LISTEN is
   * in place, or at once while the database is unreachable; `onResume` is called when the
   * connection comes back, since notifications sent meanwhile are lost (PostgreSQL only: PGlite
   * runs in this process and never drops it).
   */
  listen(channel: string, handler: NotifyHandler, options?: ListenOptions): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<boolean>;
  /** PGlite only: a consistent gzip'd tarball of the whole data directory (`dumpLive`). */
  dump?(): Promise<Buffer>;
  /** False while the LISTEN connection is lost (readiness); PGlite's never is. */
  listenerUp(): boolean;
  /** The pool's connections (metrics); null on PGlite, which has one in-process connection. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * The embedded database: PGlite under dataDir, or in memory when dataDir is null. An in-memory
 * database may start from `loadDataDir`, a dump of another one (`dumpPglite`): the tests start each
 * file from one migrated template instead of creating and migrating a cluster every time.
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  let client: PGlite | undefined;
  let owner: DataDirOwner | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    owner = await claimDataDir(dataDir, async () => {
      if (!client) {
        throw new Error('the database is not open yet');
      }
      return dumpLive(client);
    });
  }
  try {
    const options = loadDataDir ? { loadDataDir } : undefined;
    client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
    await client.waitReady;
  } catch (err) {
    await owner?.release();
    throw err;
  }
  return pgliteDatabase(client, owner);
}

/**
 * A consistent copy of a PGlite database that stays open: the checkpoint writes every committed
 * page, and the tarball is read from disk in one synchronous pass (no query runs meanwhile, and a
 * transaction still open is rolled back when the copy is opened, as after a crash).
 */
export async function dumpLive(client: PGlite): Promise<Buffer> {
  await client.query('checkpoint');
  return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
}

function pgliteDatabase(client: PGlite, owner: DataDirOwner | null): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler);
      return async () => {
        // A closed database listens to nothing any more (UNLISTEN would throw "PGlite is closed").
        if (!client.closed) {
          await unsub();
        }
      };
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async dump() {
      return dumpLive(client);
    },
    listenerUp: () => !client.closed,
    poolStats: () => null,
    async close() {
      await client.close();
      await owner?.release();
    },
  };
}

/**
 * A new PGlite with every migration applied, dumped for `openPglite(null, dump)`: in memory, or in
 * `dataDir`, which is then also a closed, migrated data directory (a server's `DATA_DIR/db`).
 */
export async function migratedPgliteDump(dataDir?: string): Promise<Blob> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

const MIGRATION_LOCK = 727_001;

/** How the PostgreSQL connections show in pg_stat_activity. */
export const PG_APPLICATION_NAME = 'proxy-panel';
export const PG_LISTENER_APPLICATION_NAME = 'proxy-panel-listen';

export async function openPostgres(url: string, poolSize: number, log?: ListenerLog): Promise<Database> {
  const pool = new ResilientPool({ connectionString: url, max: poolSize, application_name: PG_APPLICATION_NAME });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new PgListener(url, { applicationName: PG_LISTENER_APPLICATION_NAME, log });

  return {
    kind: 'postgres',
    db,
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lockClient.release();
      }
    },
    listen(channel, handler, options) {
      return listener.listen(channel, handler, options);
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    listenerUp: () => listener.state !== 'down',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  /** PostgreSQL's pool (DATABASE_POOL_SIZE, whose default config.ts holds). */
  poolSize: number;
  dataDir: string;
  log?: ListenerLog;
}): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, opts.poolSize, opts.log);
  }
  return openPglite(path.join(opts.dataDir, 'db'));
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res: unknown = await db.execute(query);
  return (res as { rows: T[] }).rows;
}

const dialect = new PgDialect();
/**
 * A hot query of a few fixed shapes as named prepared statements, built once per shape: PostgreSQL
 * parses and plans it once per connection instead of once per call (for the proxy list that halves
 * its cost), and PGlite runs it as a plain query. `build` returns the shape's query with
 * `sql.placeholder(name)` wherever a value goes, and a call passes only the values: nothing of the
 * SQL is built, rendered or hashed per call (which for the proxy list cost more than the database
 * round trip). `shape` names everything the text depends on (its parts joined into the key), so
 * the number of shapes stays bounded: no variable-length list is inlined into the text.
 */
export function preparedByShape<T>(prefix: string) {
  type Statement = { execute(values: Record<string, unknown>): Promise<unknown> };
  const statements = new WeakMap<DbOrTx, Map<string, Statement>>();
  return async (
    db: DbOrTx,
    shape: readonly (string | boolean)[],
    build: () => SQL,
    values: Record<string, unknown>,
  ): Promise<T[]> => {
    const key = shape.join('|');
    let byShape = statements.get(db);
    if (!byShape) {
      byShape = new Map();
      statements.set(db, byShape);
    }
    let stmt = byShape.get(key);
    if (!stmt) {
      const q = dialect.sqlToQuery(build());
      const name = `${prefix}_${createHash('sha1').update(q.sql).digest('hex').slice(0, 16)}`;
      stmt = db._.session.prepareQuery(q, undefined, name, false);
      byShape.set(key, stmt);
    }
    const res = (await stmt.execute(values)) as { rows: T[] };
    return res.rows;
  };
}

/** The parts of Drizzle's node-postgres prepared statement that its execute() uses. */
interface NodePgStatement {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  params: unknown[];
  queryConfig: { text: string };
  fields?: unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

/** Drizzle's row mapping, which its package exports without a type. */
const mapResultRow = (drizzleUtils as unknown as { mapResultRow?: MapResultRow }).mapResultRow;
type MapResultRow = (fields: unknown[], row: unknown[], joinsNotNullableMap: unknown) => unknown;

/** A selected field's decoder, as Drizzle's mapResultRow picks it. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** Drizzle's SQL keeps its decoder in a field its types do not declare. */
type Decoded = { decoder: Decoder };
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) {
    return field;
  }
  if (is(field, SQL)) {
    return (field as unknown as Decoded).decoder;
  }
  if (is(field, Subquery)) {
    return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  }
  return (field as { sql: Decoded }).sql.decoder;
}

type RowMapper = (row: unknown[]) => unknown;

/**
 * The row mapping of a statement whose fields are all top-level (a flat select, path of one key),
 * worked out once: Drizzle's mapResultRow gives such a row the same object (the keys in field order,
 * null as null, every other value through the field's decoder), but looks each field's decoder up
 * and walks its path again for every row. Null for any other statement, which keeps mapResultRow.
 */
const rowMappers = new WeakMap<object, RowMapper | null>();
function flatRowMapper(s: NodePgStatement): RowMapper | null {
  let mapper = rowMappers.get(s);
  if (mapper !== undefined) {
    return mapper;
  }
  const fields = (s.fields ?? []) as Array<{ path: string[]; field: unknown }>;
  if (fields.length > 0 && fields.every((f) => f.path.length === 1)) {
    const keys = fields.map((f) => f.path[0]!);
    const decoders = fields.map((f) => decoderOf(f.field));
    mapper = (row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        out[keys[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      }
      return out;
    };
  } else {
    mapper = null;
  }
  rowMappers.set(s, mapper);
  return mapper;
}

/**
 * Executes a select prepared by Drizzle (`.prepare(name)`) as its execute() does on PostgreSQL: the
 * same statement name, text and type parsers, the same row mapping, the same DrizzleQueryError on
 * failure; without the tracing, cache and logging layers around them, whose promises cost a
 * one-row read by id more than its mapping. Any other statement (PGlite's) runs its own execute().
 */
export function executePrepared<T>(
  stmt: { execute(values?: Record<string, unknown>): Promise<T[]> },
  values: Record<string, unknown>,
): Promise<T[]> {
  const s = stmt as unknown as NodePgStatement;
  const fields = s.fields;
  if (!(stmt instanceof NodePgPreparedQuery) || !mapResultRow || !fields || s.customResultMapper) {
    return stmt.execute(values);
  }
  const map = mapResultRow;
  const flat = flatRowMapper(s);
  const params = fillPlaceholders(s.params, values);
  return s.client.query(s.queryConfig, params).then(
    (result) =>
      flat ? (result.rows.map(flat) as T[]) : result.rows.map((row) => map(fields, row, s.joinsNotNullableMap) as T),
    (err: unknown) => {
      throw new DrizzleQueryError(s.queryConfig.text, params, err as Error);
    },
  );
}
