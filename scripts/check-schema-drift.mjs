#!/usr/bin/env node
// Fails when the Drizzle schema (apps/server/src/db/schema) has changes that no migration carries.
// `drizzle-kit check` only checks the migrations against each other, so this runs `drizzle-kit generate`
// into a throwaway copy of apps/server/drizzle and looks at whether it wrote a new migration.
// The real folder is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const serverDir = join(root, 'apps/server');
const migrationsDir = join(serverDir, 'drizzle');
const drizzleKit = join(root, 'node_modules/.bin/drizzle-kit');

const journalTags = (dir) =>
  JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')).entries.map((e) => e.tag);

const tmp = mkdtempSync(join(tmpdir(), 'schema-drift-'));
const out = join(tmp, 'drizzle');
let failed = false;
try {
  cpSync(migrationsDir, out, { recursive: true });
  const before = new Set(readdirSync(out));
  // stdin is closed: if the diff is ambiguous (a rename?) drizzle-kit would prompt, and with no
  // terminal it fails instead of hanging, which is a drift too. `--out` must be relative: drizzle-kit
  // prefixes it with './'.
  const run = spawnSync(
    drizzleKit,
    ['generate', '--dialect', 'postgresql', '--schema', './src/db/schema/index.ts', '--out', relative(serverDir, out)],
    { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const added = readdirSync(out).filter((name) => !before.has(name));
  const newTags = journalTags(out).filter((tag) => !journalTags(migrationsDir).includes(tag));
  if (added.length > 0 || newTags.length > 0) {
    failed = true;
    const name = added.find((file) => file.endsWith('.sql'));
    console.error('The Drizzle schema has changes with no migration. Run `npm run db:generate` and commit it.');
    if (name) {
      console.error(`\n--- the missing migration (${name}) ---\n${readFileSync(join(out, name), 'utf8')}`);
    }
  } else if (run.status === 0 && /No schema changes/.test(run.stdout)) {
    console.log('Schema and migrations agree.');
  } else {
    // drizzle-kit exits 0 on some errors (a missing snapshot), so only its explicit "no changes" passes.
    failed = true;
    console.error(`drizzle-kit generate did not confirm the schema (exit ${run.status ?? run.signal}):`);
    console.error(`${run.stdout}${run.stderr}${run.error ?? ''}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
