import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { queryRows } from '../db/client.js';

/**
 * How long a sweep's lease lasts without renewal: a crashed holder blocks its job for at most this
 * long. Much longer than any clock skew between instances (times come from each instance's clock,
 * as every other deadline in the panel), much shorter than an outage anyone would tolerate.
 */
export const LEASE_MS = 60_000;
/** The holder renews this often, so two renewals can fail before the lease runs out. */
export const RENEW_EVERY_MS = 15_000;

export interface Lease {
  name: string;
  holder: string;
  /** Aborted when the lease is lost (not renewed in time, or taken over after expiry). */
  signal: AbortSignal;
  release(): Promise<void>;
}

/**
 * Takes the lease of `name` if nobody holds it or its holder let it expire: one conditional upsert,
 * so of several instances trying at once exactly one gets it. Returns undefined when it is held.
 */
export async function acquireLease(ctx: AppContext, name: string): Promise<Lease | undefined> {
  const holder = randomUUID();
  const now = ctx.clock.nowMs();
  const rows = await queryRows<{ holder: string }>(
    ctx.db,
    sql`insert into job_leases (name, holder, expires_at)
        values (${name}, ${holder}, ${new Date(now + LEASE_MS).toISOString()})
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
          where job_leases.expires_at <= ${new Date(now).toISOString()}::timestamptz
        returning holder`,
  );
  if (rows[0]?.holder !== holder) {
    return undefined;
  }
  return holdLease(ctx, name, holder, now + LEASE_MS);
}

/** Keeps a taken lease alive until released; aborts its signal as soon as it is no longer ours. */
function holdLease(ctx: AppContext, name: string, holder: string, expiresAt: number): Lease {
  const controller = new AbortController();
  let confirmedUntil = expiresAt;
  const renew = async () => {
    const now = ctx.clock.nowMs();
    if (now >= confirmedUntil) {
      // Not renewed in time: another instance may hold it by now.
      controller.abort();
      return;
    }
    try {
      const rows = await queryRows<{ name: string }>(
        ctx.db,
        sql`update job_leases set expires_at = ${new Date(now + LEASE_MS).toISOString()}
            where name = ${name} and holder = ${holder} returning name`,
      );
      if (rows.length === 0) {
        controller.abort();
      } else {
        confirmedUntil = now + LEASE_MS;
      }
    } catch (err) {
      // The database is unreachable: keep the sweep going until the lease would run out.
      ctx.log.warn({ err, job: name }, 'job lease not renewed');
    }
  };
  const timer = setInterval(() => void renew(), RENEW_EVERY_MS);
  timer.unref();
  return {
    name,
    holder,
    signal: controller.signal,
    async release() {
      clearInterval(timer);
      controller.abort();
      await ctx.db
        .execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`)
        .catch((err: unknown) => ctx.log.warn({ err, job: name }, 'job lease not released'));
    },
  };
}
