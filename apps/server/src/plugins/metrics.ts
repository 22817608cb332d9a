import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
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

/** Counts every answer by route pattern (never the raw URL: bounded labels) and status. */
function requestMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'panel_http_requests_total',
    help: 'HTTP answers by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'panel_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  // A callback hook, with the label objects built once per route and status: every answer passes
  // here, and a promise and two label objects per answer cost a visible share of a small call.
  const labelsOf = new Map<string, { requests: Record<string, string | number>; duration: Record<string, string> }>();
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched URLs (404s, the SPA's files) share one label, whatever was asked.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const key = `${req.method} ${reply.statusCode} ${route}`;
      let labels = labelsOf.get(key);
      if (labels === undefined) {
        labels = {
          requests: { method: req.method, route, status: reply.statusCode },
          duration: { method: req.method, route },
        };
        labelsOf.set(key, labels);
      }
      requests.inc(labels.requests);
      duration.observe(labels.duration, reply.elapsedTime / 1000);
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
