import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';

/**
 * The jobs' own statements: the `job_leases` rows that let one instance run a sweep at a time
 * (lease.ts), in raw SQL; expiry of a lease is judged by the database's clock. The maintenance
 * purge (maintenance.ts) asks each module that owns a table to purge it.
 */

/** A job_leases row: who holds the sweep `name`, until when (database time). */
export interface JobLeaseRow {
  name: string;
  holder: string;
  expires_at: string | Date;
}

/** An expiry `ms` from now on the database's clock. */
const until = (ms: number) => sql`clock_timestamp() + make_interval(secs => ${ms / 1000})`;

/**
 * Takes the lease of `name` for `holder` if nobody holds it or its holder let it expire: one
 * conditional upsert, so of several instances trying at once exactly one gets it. Returns the
 * holder now on record (none when another holds it).
 */
export async function takeJobLease(
  db: DbOrTx,
  name: string,
  holder: string,
  leaseMs: number,
): Promise<Pick<JobLeaseRow, 'holder'>[]> {
  return queryRows<Pick<JobLeaseRow, 'holder'>>(
    db,
    sql`insert into job_leases (name, holder, expires_at)
          values (${name}, ${holder}, ${until(leaseMs)})
          on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
            where job_leases.expires_at <= clock_timestamp()
          returning holder`,
  );
}

/** Pushes the lease's expiry on if `holder` still has it; false when it is no longer theirs. */
export async function renewJobLease(db: DbOrTx, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<Pick<JobLeaseRow, 'name'>>(
    db,
    sql`update job_leases set expires_at = ${until(leaseMs)}
            where name = ${name} and holder = ${holder} returning name`,
  );
  return rows.length > 0;
}

/** Deletes the lease if `holder` still has it. */
export async function deleteJobLease(db: DbOrTx, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}
