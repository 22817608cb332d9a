/**
 * npm run db:move -- --to postgres://… — moves a stopped PGlite install (DATA_DIR) into an empty
 * PostgreSQL database: every table, the sequences and the migration journal, then checks the row
 * counts and the ledger audit on both sides and prints what to set (docs/operations.md#moving-to-postgresql).
 * Refuses a running install and a target that has any table.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { DataDirInUseError, dataDirOwnerPid } from '../db/data-dir-owner.js';
import { copyDatabase, countRows, countUserRelations, listTables, type TableRef } from '../db/move.js';
import { CliError, cliEnv, hasPgliteDatabase, maskUrl, pgliteDir, runCli } from './cli-support.js';
import { auditLedger } from './ledger-audit.js';

const USAGE = 'usage: npm run db:move -- --to postgres://USER:PASSWORD@HOST:5432/DATABASE [--data-dir DIR]';

function parse(): { to: string; dataDir: string; appSecretSet: boolean } {
  let values: { to?: string; 'data-dir'?: string };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    throw new CliError(`--to must be a postgres:// URL\n${USAGE}`);
  }
  const env = cliEnv();
  return { to: values.to, dataDir: path.resolve(values['data-dir'] ?? env.DATA_DIR), appSecretSet: !!env.APP_SECRET };
}

const key = (t: TableRef) => `${t.schema}.${t.name}`;

async function checkAudit(side: string, database: Database): Promise<void> {
  const audit = await auditLedger(database.db);
  for (const line of audit.lines) {
    process.stdout.write(`  ${side}: ${line}\n`);
  }
  if (!audit.ok) {
    throw new CliError(`the ${side} database fails the ledger audit; nothing is switched over`);
  }
}

async function compareCounts(source: Database, target: Database, tables: TableRef[]): Promise<number> {
  const before = await countRows(source.db, tables);
  const after = await countRows(target.db, tables);
  const wrong = tables.filter((t) => before.get(key(t)) !== after.get(key(t)));
  for (const t of wrong) {
    process.stdout.write(`  ROWS ${key(t)}: source ${before.get(key(t))}, target ${after.get(key(t))}\n`);
  }
  if (wrong.length > 0) {
    throw new CliError(`${wrong.length} table(s) differ in row count`);
  }
  return [...before.values()].reduce((a, b) => a + b, 0);
}

async function main(): Promise<void> {
  const { to, dataDir, appSecretSet } = parse();
  const dir = pgliteDir(dataDir);
  if (!hasPgliteDatabase(dir)) {
    throw new CliError(`no PGlite database in ${dir} (set DATA_DIR or --data-dir)`);
  }
  const pid = await dataDirOwnerPid(dir);
  if (pid !== null) {
    throw new CliError(`${dir} is open in process ${pid}: stop the server first`);
  }

  const target = await openPostgres(to, 2);
  let source: Database | null = null;
  let migrated = false;
  try {
    const existing = await countUserRelations(target.db);
    if (existing > 0) {
      throw new CliError(
        `${maskUrl(to)} is not empty (${existing} tables, sequences or views): give an empty database`,
      );
    }
    source = await openPglite(dir).catch((err: unknown) => {
      throw err instanceof DataDirInUseError ? new CliError(err.message) : err;
    });
    process.stdout.write(`moving ${dir} to ${maskUrl(to)}\n`);
    // The same migrations on both sides (the server applies them at start anyway), so the schemas match.
    await source.migrate();
    await checkAudit('source', source);
    migrated = true;
    await target.migrate();
    const tables = await listTables(source.db);
    const targetTables = (await listTables(target.db)).map(key).join(' ');
    if (tables.map(key).join(' ') !== targetTables) {
      throw new CliError(
        `the migrated schemas differ:\n  source: ${tables.map(key).join(' ')}\n  target: ${targetTables}`,
      );
    }
    const started = Date.now();
    await copyDatabase(source.db, target.db, tables);
    const rows = await compareCounts(source, target, tables);
    process.stdout.write(
      `  copied ${tables.length} tables, ${rows} rows in ${Date.now() - started} ms; row counts equal\n`,
    );
    await checkAudit('target', target);
  } catch (err) {
    if (migrated) {
      process.stderr.write(
        `the move failed; ${dir} is unchanged. Drop and recreate the target database before retrying.\n`,
      );
    }
    throw err;
  } finally {
    await source?.close();
    await target.close();
  }
  const secret = appSecretSet
    ? 'APP_SECRET=<the same value as now>'
    : `APP_SECRET="$(cat ${path.join(dataDir, 'app-secret')})"`;
  process.stdout.write(
    [
      '',
      'done. Start the server on PostgreSQL with:',
      `  DATABASE_URL=${maskUrl(to)}   (the URL given to --to)`,
      `  ${secret}`,
      'The same APP_SECRET keeps sessions, API keys and 2FA secrets valid. Keep the PGlite directory',
      'as a backup until the PostgreSQL install has run for a while.',
      '',
    ].join('\n'),
  );
}

runCli(main);
