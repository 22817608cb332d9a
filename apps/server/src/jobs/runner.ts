import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { queryRows } from '../db/client.js';

export interface Job {
  name: string;
  everyMs: number;
  /**
   * false: run without the advisory lock and its transaction, for a job that talks to the outside
   * world and makes its own claims (FOR UPDATE SKIP LOCKED). Default true.
   */
  exclusive?: boolean;
  run(ctx: AppContext): Promise<void>;
}

/** A stable advisory-lock key per job name, so one instance runs a given sweep at a time. */
function lockKey(name: string): number {
  let h = 0;
  for (const ch of name) {
    h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  }
  return h;
}

/**
 * Runs one sweep under a transaction-scoped advisory lock; another instance holding it means
 * the sweep is already running there, so this one skips. Sweeps are idempotent regardless.
 */
export async function runExclusive(ctx: AppContext, job: Job): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as ok`,
    );
    if (!rows[0]?.ok) {
      return false;
    }
    await job.run({ ...ctx, db: tx as unknown as AppContext['db'] });
    return true;
  });
}

/** Starts the periodic sweeps; returns a stop function. Overlapping runs of one job are skipped. */
export function startJobs(ctx: AppContext, jobs: Job[]): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) {
        return;
      }
      running = true;
      try {
        if (job.exclusive === false) {
          await job.run(ctx);
        } else {
          await runExclusive(ctx, job);
        }
      } catch (err) {
        ctx.log.error({ err, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
