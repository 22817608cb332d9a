/**
 * The node's Prometheus metrics (docs/operations.md#metrics): open connections and tunnels, new tunnels,
 * bytes relayed, auth failures, SSRF refusals, and how far the applied state lags behind what the
 * panel announced. Served by main.ts on GATEWAY_METRICS_ADDR (a port of its own, with an optional
 * bearer token), never on a proxy port.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { TTrafficReport } from '@proxy/contract';
import type { Gateway } from './gateway.js';
import type { Meter } from './meter.js';
import type { GatewayHooks } from './options.js';

export class GatewayMetrics {
  readonly registry = new Registry();
  /** The newest state version the panel announced. */
  private panelVersion = 0;
  private readonly tunnels: Counter;
  private readonly authFailures: Counter;
  private readonly refusals: Counter<'reason'>;
  private readonly bytes: Counter<'direction'>;
  /** Hand these to the Gateway's options. */
  readonly hooks: GatewayHooks;

  /**
   * `processMetrics: false` leaves out Node's own series, for a gateway embedded in a process that
   * already exports them (the panel): the same series twice would break the scrape.
   */
  constructor(
    private readonly gateway: () => Gateway | null,
    private readonly streaming: () => boolean = () => false,
    opts: { processMetrics?: boolean } = {},
  ) {
    const registers = [this.registry];
    if (opts.processMetrics !== false) {
      collectDefaultMetrics({ register: this.registry });
    }
    this.tunnels = new Counter({ name: 'gateway_tunnels_opened_total', help: 'Tunnels established', registers });
    this.authFailures = new Counter({
      name: 'gateway_auth_failures_total',
      help: 'Clients refused for wrong credentials or an address the proxy does not allow',
      registers,
    });
    this.refusals = new Counter({
      name: 'gateway_ssrf_refusals_total',
      help: 'Destinations refused by the SSRF rules, by reason',
      labelNames: ['reason'],
      registers,
    });
    this.bytes = new Counter({
      name: 'gateway_bytes_total',
      help: 'Bytes relayed (in: client to destination; out: destination to client), counted as traffic reports are drained',
      labelNames: ['direction'],
      registers,
    });
    this.gauges();
    this.hooks = {
      tunnelOpened: () => this.tunnels.inc(),
      authFailed: () => this.authFailures.inc(),
      destinationRefused: (reason) => this.refusals.inc({ reason }),
    };
  }

  private gauges(): void {
    const registers = [this.registry];
    const gw = this.gateway;
    new Gauge({
      name: 'gateway_open_connections',
      help: 'Client connections, handshaking or tunnelled',
      registers,
      collect() {
        this.set(gw()?.stats().connections ?? 0);
      },
    });
    new Gauge({
      name: 'gateway_open_tunnels',
      help: 'Established tunnels',
      registers,
      collect() {
        this.set(gw()?.stats().tunnels ?? 0);
      },
    });
    new Gauge({
      name: 'gateway_listeners',
      help: 'Proxy ports listening',
      registers,
      collect() {
        this.set(gw()?.stats().listeners ?? 0);
      },
    });
    const announced = () => this.panelVersion;
    new Gauge({
      name: 'gateway_state_version',
      help: 'The state version applied on this node',
      registers,
      collect() {
        this.set(gw()?.state.version ?? 0);
      },
    });
    new Gauge({
      name: 'gateway_state_version_lag',
      help: 'Versions the panel announced that this node has not applied yet',
      registers,
      collect() {
        this.set(Math.max(0, announced() - (gw()?.state.version ?? 0)));
      },
    });
    const streaming = this.streaming;
    new Gauge({
      name: 'gateway_change_stream_up',
      help: '1 while the node follows the panel change stream',
      registers,
      collect() {
        this.set(streaming() ? 1 : 0);
      },
    });
  }

  /** For the node client's `onPanelVersion`. */
  panelAnnounced(version: number): void {
    this.panelVersion = Math.max(this.panelVersion, version);
  }

  /** Counts the bytes of every report the meter drains (the meter's own counters reset on drain). */
  countDrained(meter: Meter): void {
    const drain = meter.drain.bind(meter);
    meter.drain = (): TTrafficReport | null => {
      const report = drain();
      for (const c of report?.counters ?? []) {
        this.bytes.inc({ direction: 'in' }, c.bytesIn);
        this.bytes.inc({ direction: 'out' }, c.bytesOut);
      }
      return report;
    };
  }
}

/** `GET /metrics` alone, on its own port; with a token, only for `Authorization: Bearer <token>`. */
export function serveGatewayMetrics(
  metrics: GatewayMetrics,
  opts: { host: string; port: number; token?: string },
): Promise<Server> {
  const expected = opts.token === undefined ? null : Buffer.from(`Bearer ${opts.token}`);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    const given = Buffer.from(req.headers.authorization ?? '');
    if (expected !== null && (given.length !== expected.length || !timingSafeEqual(given, expected))) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
