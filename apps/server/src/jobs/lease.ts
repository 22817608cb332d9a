import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../context.js';
import { deleteJobLease, renewJobLease, takeJobLease } from './repository.js';

/*
 * How long a sweep's lease lasts without renewal (JOB_LEASE_MS, a minute by default): a crashed
 * holder blocks its job for at most this long. Expiry is judged by the database's clock, the one
 * clock all instances share, so neither skew between hosts nor a test clock moved forward by days
 * lets a second sweep in early.
 */

/** The holder renews this often (at most), so two renewals can fail before the lease runs out. */
export const RENEW_EVERY_MS = 15_000;

export interface Lease {
  name: string;
  holder: string;
  /** Aborted when the lease is lost (not renewed in time, or taken over after expiry). */
  signal: AbortSignal;
  release(): Promise<void>;
}

/** Tries of a lease's removal: right after a database fault the first one often meets a dead connection. */
const DROP_ATTEMPTS = 5;

/**
 * Takes the lease of `name` if nobody holds it or its holder let it expire: one conditional upsert,
 * so of several instances trying at once exactly one gets it. Returns undefined when it is held.
 */
export async function acquireLease(
  ctx: AppContext,
  name: string,
  leaseMs = ctx.config.JOB_LEASE_MS,
): Promise<Lease | undefined> {
  const holder = randomUUID();
  const started = Date.now();
  let rows: { holder: string }[];
  try {
    rows = await takeJobLease(ctx.db, name, holder, leaseMs);
  } catch (err) {
    // The connection may have died after the commit, with the lease ours and nobody to release it:
    // it would keep the job from running anywhere for a whole lease.
    await dropLease(ctx, name, holder);
    throw err;
  }
  if (rows[0]?.holder !== holder) {
    return undefined;
  }
  return holdLease(ctx, name, holder, leaseMs, started);
}

/** Keeps a taken lease alive until released; aborts its signal as soon as it is no longer ours. */
function holdLease(ctx: AppContext, name: string, holder: string, leaseMs: number, started: number): Lease {
  const controller = new AbortController();
  // Measured on this host from before the last confirmed write, so it errs on the early side.
  let confirmedUntil = started + leaseMs;
  const renew = async () => {
    const now = Date.now();
    if (now >= confirmedUntil) {
      // Not renewed in time: another instance may hold it by now.
      controller.abort();
      return;
    }
    try {
      if (!(await renewJobLease(ctx.db, name, holder, leaseMs))) {
        controller.abort();
      } else {
        confirmedUntil = now + leaseMs;
      }
    } catch (err) {
      // The database is unreachable: keep the sweep going until the lease would run out.
      ctx.log.warn({ err, job: name }, 'job lease not renewed');
    }
  };
  const timer = setInterval(() => void renew(), Math.min(RENEW_EVERY_MS, leaseMs / 4));
  timer.unref();
  return {
    name,
    holder,
    signal: controller.signal,
    async release() {
      clearInterval(timer);
      controller.abort();
      await dropLease(ctx, name, holder);
    },
  };
}

/**
 * Deletes the lease if `holder` still has it, trying again briefly when the database fails: a
 * lease left behind keeps its job from running on every instance until it expires.
 */
async function dropLease(ctx: AppContext, name: string, holder: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await deleteJobLease(ctx.db, name, holder);
      return;
    } catch (err) {
      if (attempt >= DROP_ATTEMPTS) {
        ctx.log.warn({ err, job: name }, 'job lease not released; it runs out by itself');
        return;
      }
      await sleep(100 * 2 ** (attempt - 1));
    }
  }
}
