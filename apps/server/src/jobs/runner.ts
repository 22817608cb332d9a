import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../context.js';
import { jobDuration, jobRuns } from '../lib/metrics.js';
import { asSystem } from '../modules/audit/index.js';
import { acquireLease } from './lease.js';

export interface Job {
  name: string;
  everyMs: number;
  /**
   * A read that tells a periodic tick the sweep has nothing to do, asked before the lease is taken:
   * an idle instance then writes nothing to the database on that tick (the lease's insert and
   * delete, twice a minute or more per job). True only when the sweep would certainly change
   * nothing; `runJob` itself (run-jobs, the tests) sweeps regardless.
   */
  idle?: (ctx: AppContext) => Promise<boolean>;
  /**
   * One sweep, on the real database: each item it works on owns its transaction (nothing outside
   * the item waits on it), and mails go through the outbox. `signal` aborts when the lease is lost
   * or the runner stops; the sweep then returns after the item at hand.
   */
  run(ctx: AppContext, signal: AbortSignal): Promise<void>;
}

/** The sweeps running on an instance, so a second request for one waits for it or skips. */
const runningByInstance = new WeakMap<AppContext, Map<string, Promise<void>>>();

function runningOn(ctx: AppContext): Map<string, Promise<void>> {
  let map = runningByInstance.get(ctx);
  if (!map) {
    map = new Map();
    runningByInstance.set(ctx, map);
  }
  return map;
}

export interface RunOptions {
  /** Wait for a sweep running elsewhere to end (or its lease to run out) instead of skipping. */
  wait?: boolean;
  /** Stops the sweep after its current item (shutdown). */
  signal?: AbortSignal;
}

/**
 * Runs one sweep of `job` under its lease (jobs/lease.ts): across every instance on the database,
 * at most one sweep of a job runs at a time. Returns false when the sweep was skipped because it
 * runs elsewhere. The periodic timers, `/api/test/run-jobs` and the tests all come through here.
 */
export async function runJob(ctx: AppContext, job: Job, opts: RunOptions = {}): Promise<boolean> {
  const giveUpAt = Date.now() + 2 * ctx.config.JOB_LEASE_MS;
  const running = runningOn(ctx);
  for (;;) {
    const here = running.get(job.name);
    if (here) {
      if (!opts.wait) {
        return false;
      }
      await here.catch(() => undefined);
      continue;
    }
    if (opts.signal?.aborted) {
      return false;
    }
    const lease = await acquireLease(ctx, job.name);
    if (lease && opts.signal?.aborted) {
      // Stopped while the lease was being taken: another instance can have the job at once.
      await lease.release();
      return false;
    }
    if (!lease) {
      if (!opts.wait || Date.now() > giveUpAt) {
        jobRuns.inc({ job: job.name, result: 'skipped' });
        return false;
      }
      await sleep(50);
      continue;
    }
    const signal = opts.signal ? AbortSignal.any([lease.signal, opts.signal]) : lease.signal;
    // A sweep's changes are the system's, also when a request started it (the test clock's run-jobs).
    const sweep = asSystem(async () => {
      const timer = jobDuration.startTimer({ job: job.name });
      try {
        await job.run(ctx, signal);
        jobRuns.inc({ job: job.name, result: 'ok' });
      } catch (err) {
        jobRuns.inc({ job: job.name, result: 'failed' });
        throw err;
      } finally {
        timer();
        await lease.release();
      }
    });
    running.set(job.name, sweep);
    try {
      await sweep;
    } finally {
      running.delete(job.name);
    }
    return true;
  }
}

/**
 * Starts the periodic sweeps. The returned function stops them: no new sweep starts, running ones
 * end after their item, and it resolves once they have released their leases (graceful shutdown:
 * another instance can take the job at once).
 */
export function startJobs(ctx: AppContext, jobs: Job[]): () => Promise<void> {
  const stop = new AbortController();
  // Every tick, not only the sweeps under way: a tick still taking its lease when the stop comes
  // would otherwise hold that lease after the stop has resolved (and past the process's exit).
  const ticks = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    const tick = async () => {
      try {
        if (await job.idle?.(ctx)) {
          jobRuns.inc({ job: job.name, result: 'idle' });
          return;
        }
        await runJob(ctx, job, { signal: stop.signal });
      } catch (err) {
        ctx.log.error({ err, job: job.name }, 'job failed');
      }
    };
    const timer = setInterval(() => {
      const running = tick();
      ticks.add(running);
      void running.finally(() => ticks.delete(running));
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    timers.forEach(clearInterval);
    stop.abort();
    await Promise.allSettled([...ticks, ...runningOn(ctx).values()]);
  };
}
