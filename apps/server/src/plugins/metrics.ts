import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry, type Metric } from 'prom-client';
import { processRegistry } from '../lib/metrics.js';
import { countOutboxBacklog } from '../modules/outbox/index.js';

/*
 * Prometheus metrics of one app (docs/operations.md#metrics): requests per route, the pool, open SSE
 * streams, the outbox backlog. `GET /metrics` answers with these and the process-wide ones
 * (lib/metrics.ts: jobs, top-up credits, Node's own) when the caller shows METRICS_TOKEN; with
 * METRICS_ADDR they are served on a port of their own instead (server.ts).
 */

/** Latency buckets, in seconds: most API answers take a few milliseconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

export interface AppMetrics {
  registry: Registry;
  /** The process-wide, the app's and the included registries in Prometheus' text format. */
  render(): Promise<string>;
  /** Adds a registry to what `/metrics` serves (the embedded gateway's `gateway_*` series). */
  include(registry: Registry): void;
}

function outboxGauge(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'panel_outbox_backlog',
    help: 'Outbox rows not yet delivered (mails, webhooks, Telegram messages)',
    registers: [registry],
    async collect() {
      this.set(await countOutboxBacklog(app.ctx.db).catch(() => -1));
    },
  });
}

function stateGauges(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'panel_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: requests queued for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.ctx.database.poolStats();
      if (stats) {
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      }
    },
  });
  new Gauge({
    name: 'panel_sse_streams',
    help: 'Open realtime streams (GET /api/events) on this instance',
    registers: [registry],
    collect() {
      this.set(app.events.size);
    },
  });
  new Gauge({
    name: 'panel_listen_up',
    help: '1 while the LISTEN connection is up',
    registers: [registry],
    collect() {
      this.set(app.ctx.database.listenerUp() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'panel_draining',
    help: '1 once the instance is shutting down',
    registers: [registry],
    collect() {
      this.set(app.draining ? 1 : 0);
    },
  });
}

type RequestLabels = { method: string; route: string; status: number };
type LatencyLabels = { method: string; route: string };

/** One series of panel_http_requests_total. */
interface CountTally {
  labels: RequestLabels;
  value: number;
}

/** One series of panel_http_request_duration_seconds: counts per bucket (not cumulative), sum, count. */
interface LatencyTally {
  labels: LatencyLabels;
  buckets: number[];
  sum: number;
  count: number;
}

/** The tallies of one method on one route pattern. */
interface RouteTally {
  latency: LatencyTally;
  byStatus: Map<number, CountTally>;
}

/**
 * A metric registered with prom-client's registry by what the registry reads of one (`get()`,
 * whose values it formats; `reset()`), as its Counter and Histogram are.
 */
interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{
    name: string;
    help: string;
    type: 'counter' | 'histogram';
    aggregator: 'sum';
    values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }>;
  }>;
  reset(): void;
}

/**
 * Every answer by method, route pattern (never the raw URL: bounded labels) and status, and its
 * latency. Each answer adds to plain numbers, found by route and method (the route pattern and the
 * method are the same strings every time); the registry reads them as the series a prom-client
 * Counter and Histogram would hold after observing each answer: same names, help, labels, order of
 * series (first seen first), buckets and values (the sum is added up in the same order).
 * prom-client's own observe and inc hash the label object and build a closure per call, a visible
 * share of a small call's CPU (docs/benchmarks.md#the-per-request-path).
 */
export class RequestTallies {
  private byRoute = new Map<string, Map<string, RouteTally>>();
  /** In the order first seen, as prom-client lists series. */
  private counts: CountTally[] = [];
  private latencies: LatencyTally[] = [];

  constructor(private readonly buckets: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let tally = byMethod.get(method);
    if (tally === undefined) {
      const latency = { labels: { method, route }, buckets: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.latencies.push(latency);
      tally = { latency, byStatus: new Map() };
      byMethod.set(method, tally);
    }
    let count = tally.byStatus.get(status);
    if (count === undefined) {
      count = { labels: { method, route, status }, value: 0 };
      this.counts.push(count);
      tally.byStatus.set(status, count);
    }
    count.value += 1;
    const latency = tally.latency;
    // The first bucket whose upper bound holds the value; past the last one only +Inf counts it.
    for (let i = 0; i < this.buckets.length; i++) {
      if (seconds <= this.buckets[i]!) {
        latency.buckets[i]! += 1;
        break;
      }
    }
    latency.sum += seconds;
    latency.count += 1;
  }

  private reset(): void {
    this.byRoute = new Map();
    this.counts = [];
    this.latencies = [];
  }

  /** panel_http_requests_total, as a prom-client Counter with these labels lists it. */
  requestsMetric(name: string, help: string): CollectedMetric {
    return {
      name,
      help,
      type: 'counter',
      aggregator: 'sum',
      get: () =>
        Promise.resolve({
          name,
          help,
          type: 'counter' as const,
          aggregator: 'sum' as const,
          values: this.counts.map((c) => ({ value: c.value, labels: c.labels })),
        }),
      reset: () => this.reset(),
    };
  }

  /** panel_http_request_duration_seconds, as a prom-client Histogram lists it (cumulative buckets, +Inf, sum, count). */
  latencyMetric(name: string, help: string): CollectedMetric {
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: () =>
        Promise.resolve({
          name,
          help,
          type: 'histogram' as const,
          aggregator: 'sum' as const,
          values: this.latencies.flatMap((l) => {
            let below = 0;
            return [
              ...this.buckets.map((le, i) => {
                below += l.buckets[i]!;
                return { value: below, labels: { le, ...l.labels }, metricName: `${name}_bucket` };
              }),
              { value: l.count, labels: { le: '+Inf', ...l.labels }, metricName: `${name}_bucket` },
              { value: l.sum, labels: { ...l.labels }, metricName: `${name}_sum` },
              { value: l.count, labels: { ...l.labels }, metricName: `${name}_count` },
            ];
          }),
        }),
      reset: () => this.reset(),
    };
  }
}

/** Counts every answer by route pattern and status, with its latency (RequestTallies). */
function requestMetrics(app: FastifyInstance, registry: Registry): void {
  const tallies = new RequestTallies(BUCKETS);
  for (const metric of [
    tallies.requestsMetric('panel_http_requests_total', 'HTTP answers by method, route pattern and status'),
    tallies.latencyMetric(
      'panel_http_request_duration_seconds',
      'Time from the request to its answer, by method and route pattern',
    ),
  ]) {
    registry.registerMetric(metric as unknown as Metric);
  }
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched URLs (404s, the SPA's files) share one label, whatever was asked.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      tallies.record(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Registers the app's metrics and, when METRICS_TOKEN is set, `GET /metrics` behind it. */
export function registerMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  requestMetrics(app, registry);
  stateGauges(app, registry);
  outboxGauge(app, registry);
  const included: Registry[] = [];
  const render = async () =>
    (await Promise.all([processRegistry, registry, ...included].map((r) => r.metrics()))).join('\n');
  const token = app.ctx.config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) {
      return reply.status(404).send({ message: 'NOT_FOUND' });
    }
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'INVALID_TOKEN' });
    }
    return reply.type(registry.contentType).send(await render());
  });
  return { registry, render, include: (r) => void included.push(r) };
}

/** METRICS_ADDR: `/metrics` alone on its own port, without a token (keep that port private). */
export function serveMetrics(metrics: AppMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
