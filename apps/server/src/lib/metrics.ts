import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/*
 * The process-wide Prometheus metrics (docs/operations.md#metrics): what jobs and payments count wherever
 * they run. Per-app metrics (requests, pool, streams, outbox) live on the app's own registry
 * (plugins/metrics.ts), so several apps in one test process do not share gauges.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const jobRuns = new Counter({
  name: 'panel_job_runs_total',
  help: 'Job sweeps by job and result (ok, failed, skipped: the lease was held elsewhere, idle: nothing to do)',
  labelNames: ['job', 'result'] as const,
  registers: [processRegistry],
});

export const jobDuration = new Histogram({
  name: 'panel_job_duration_seconds',
  help: 'Duration of the job sweeps this instance ran',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [processRegistry],
});

export const topupCredits = new Counter({
  name: 'panel_topup_credits_total',
  help: 'Top-up credit attempts after commit, by path (webhook, bank, admin, reconciler) and outcome',
  labelNames: ['path', 'outcome'] as const,
  registers: [processRegistry],
});

export const toolLinkMisses = new Counter({
  name: 'panel_tool_link_misses_total',
  help: 'Requests to a change-IP, current-proxy or list URL whose token matched nothing on the site (guessed, malformed, revoked)',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});
