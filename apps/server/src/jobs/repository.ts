import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';

/**
 * The jobs' own statements: the `job_leases` rows that let one instance run a sweep at a time
 * (lease.ts), and the maintenance purge of rows whose purpose has passed (maintenance.ts). Both
 * tables and purges are raw SQL; expiry of a lease is judged by the database's clock.
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

/**
 * The maintenance purge, in this order: rate-limit windows, spent captchas and refresh tokens past
 * their expiry, email codes a day past it, the node change log and traffic reports older than a
 * day, and mails sent more than a week ago.
 */
export async function purgeExpiredRows(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.execute(sql`delete from rate_limits where expires_at < ${now.toISOString()}`);
  await db.execute(sql`delete from used_captchas where expires_at < ${now.toISOString()}`);
  await db.execute(sql`delete from email_codes where expires_at < ${dayAgo}`);
  await db.execute(sql`delete from refresh_tokens where expires_at < ${now.toISOString()}`);
  // Nodes that were away longer than this resync in full instead of replaying changes.
  await db.execute(sql`delete from proxy_events where created_at < ${dayAgo}`);
  await db.execute(sql`delete from traffic_reports where created_at < ${dayAgo}`);
  // Sent mails are kept a week for support questions ("did the code go out?").
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
  await db.execute(sql`delete from outbox where sent_at < ${weekAgo}`);
}
