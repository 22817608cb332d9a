import { Counter, Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestTallies } from './metrics.js';

const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** Answers of several methods, routes and statuses, interleaved, some past the last bucket and on bounds. */
function answers(): Array<[string, string, number, number]> {
  const routes = ['/api/user/me', '/api/site/get-site-info', 'unmatched', '/api/a\\b "quoted"\nline'];
  const out: Array<[string, string, number, number]> = [];
  for (let i = 0; i < 400; i++) {
    const seconds = i % 37 === 0 ? 12.5 : i % 41 === 0 ? BUCKETS[i % BUCKETS.length]! : ((i * 7919) % 1000) / 3000;
    out.push([i % 5 === 0 ? 'POST' : 'GET', routes[i % routes.length]!, [200, 401, 404, 500][(i % 7) % 4]!, seconds]);
  }
  return out;
}

describe('RequestTallies', () => {
  it('reads as the prom-client Counter and Histogram that observed each answer, byte for byte', async () => {
    const reference = new Registry();
    const requests = new Counter({
      name: 'panel_http_requests_total',
      help: 'HTTP answers by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [reference],
    });
    const duration = new Histogram({
      name: 'panel_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: BUCKETS,
      registers: [reference],
    });
    const ours = new Registry();
    const tallies = new RequestTallies(BUCKETS);
    ours.registerMetric(
      tallies.requestsMetric(
        'panel_http_requests_total',
        'HTTP answers by method, route pattern and status',
      ) as unknown as Metric,
    );
    ours.registerMetric(
      tallies.latencyMetric(
        'panel_http_request_duration_seconds',
        'Time from the request to its answer, by method and route pattern',
      ) as unknown as Metric,
    );

    expect(await ours.metrics()).toBe(await reference.metrics());
    for (const [method, route, status, seconds] of answers()) {
      requests.inc({ method, route, status });
      duration.observe({ method, route }, seconds);
      tallies.record(method, route, status, seconds);
    }
    const text = await ours.metrics();
    expect(text).toContain('panel_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="unmatched"}');
    expect(text).toBe(await reference.metrics());

    reference.resetMetrics();
    ours.resetMetrics();
    expect(await ours.metrics()).toBe(await reference.metrics());
    for (const [method, route, status, seconds] of answers().reverse()) {
      requests.inc({ method, route, status });
      duration.observe({ method, route }, seconds);
      tallies.record(method, route, status, seconds);
    }
    expect(await ours.metrics()).toBe(await reference.metrics());
  });
});
