import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.js';

/*
 * `npm run db:backup` on PostgreSQL: the dump is written owner-only (0600), and the password
 * reaches pg_dump through PGPASSWORD, never its command line. pg_dump is replaced by a script
 * on PATH that records its arguments and environment and writes a dump where it is told.
 */

const PASSWORD = 's3cr3t-p@ss';

describe('db:backup on PostgreSQL', () => {
  it('should write the dump 0600 and keep the password off the command line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pp-backup-'));
    const record = path.join(dir, 'record');
    const fake = path.join(dir, 'pg_dump');
    writeFileSync(
      fake,
      `#!/bin/sh
printf '%s\\n' "$@" > '${record}.argv'
printf '%s' "$PGPASSWORD" > '${record}.pgpassword'
while [ $# -gt 0 ]; do
  if [ "$1" = "--file" ]; then printf 'PGDMP' > "$2"; fi
  shift
done
`,
    );
    chmodSync(fake, 0o755);
    const out = path.join(dir, 'backup.dump');
    // The CLI's bundle (`npm run db:backup` runs it), built by test/global-setup.ts when stale.
    const res = spawnSync(process.execPath, [path.join(serverRoot, 'dist/db-backup.js'), '--out', out], {
      env: {
        ...process.env,
        PATH: `${dir}:${process.env.PATH ?? ''}`,
        DATABASE_URL: `postgres://panel:${encodeURIComponent(PASSWORD)}@db.invalid:5432/panel`,
      },
      encoding: 'utf8',
      cwd: dir,
    });
    expect(res.status, res.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('PGDMP');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const argv = readFileSync(`${record}.argv`, 'utf8');
    expect(argv).toContain('postgres://panel@db.invalid:5432/panel');
    expect(argv).not.toContain(PASSWORD);
    expect(argv).not.toContain(encodeURIComponent(PASSWORD));
    expect(readFileSync(`${record}.pgpassword`, 'utf8')).toBe(PASSWORD);
    expect(res.stdout).not.toContain(PASSWORD);
  });
});
