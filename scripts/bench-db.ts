// A scratch PostgreSQL database for the benches that seed data (bench:stats, bench:usage), created
// beside the one `pgUrl` names and dropped by `drop()` (unless BENCH_KEEP_DB=1).
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export async function scratchDatabase(
  pgUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  // Short-lived connections to the maintenance database: other test runs may end its idle backends.
  const onServer = async (q: string) => {
    const admin = new pg.Client({ connectionString: pgUrl, application_name: prefix });
    await admin.connect();
    await admin.query(q);
    await admin.end();
  };
  await onServer(`create database ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      if (process.env.BENCH_KEEP_DB !== '1') {
        await onServer(`drop database if exists ${name} with (force)`);
      }
    },
  };
}
