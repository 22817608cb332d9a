/** Standalone gateway node: `npm run gateway` with the environment of README "Standalone node". */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, parseGatewayEnv, type GatewayEnv } from './config.js';
import { DnsCache } from '../io/dns-cache.js';
import { Gateway, type GatewayLogger } from './gateway.js';
import { GatewayMetrics, serveGatewayMetrics } from './metrics.js';
import { NodeClient } from '../sync/node-client.js';

/** One JSON line per entry on stderr, pino-shaped, so the same log tooling reads both. */
function jsonLogger(): GatewayLogger {
  const write = (level: number) => (obj: object, msg: string) => {
    process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...obj, msg })}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}

function splitHostPort(value: string): { host: string; port: number } {
  const i = value.lastIndexOf(':');
  return { host: value.slice(0, i).replace(/^\[|\]$/g, ''), port: Number(value.slice(i + 1)) };
}

/** Open connections get until `drainMs` to end by themselves; checked this often. */
const DRAIN_POLL_MS = 100;

async function main(): Promise<void> {
  let env: GatewayEnv;
  try {
    env = parseGatewayEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = jsonLogger();
  let client: NodeClient | null = null;
  const metrics = new GatewayMetrics(
    () => gateway,
    () => client?.following ?? false,
  );
  const gateway: Gateway = new Gateway({
    host: env.GATEWAY_BIND,
    allowPrivate: env.GATEWAY_ALLOW_PRIVATE,
    blockedPorts: env.GATEWAY_BLOCKED_PORTS ?? [],
    ownPrefixes: env.IPV6_PREFIX === undefined ? [] : [env.IPV6_PREFIX],
    ipv4Egress: env.GATEWAY_IPV4_EGRESS,
    dns: new DnsCache({ servers: env.GATEWAY_DNS_SERVERS }),
    logger: log,
    hooks: metrics.hooks,
  });
  metrics.countDrained(gateway.meter);
  client = new NodeClient({
    panelUrl: env.PANEL_URL,
    nodeId: env.GATEWAY_NODE_ID,
    secret: env.GATEWAY_NODE_SECRET,
    gateway,
    logger: log,
    onPanelVersion: (v) => metrics.panelAnnounced(v),
    backoffMaxMs: env.GATEWAY_PANEL_RETRY_MAX_MS,
  });
  client.start();
  const metricsServer = env.GATEWAY_METRICS_ADDR
    ? await serveGatewayMetrics(metrics, {
        ...splitHostPort(env.GATEWAY_METRICS_ADDR),
        token: env.GATEWAY_METRICS_TOKEN,
      })
    : null;
  const started = { bind: env.GATEWAY_BIND, panel: env.PANEL_URL, metrics: env.GATEWAY_METRICS_ADDR ?? null };
  log.info({ ...started, allowPrivate: env.GATEWAY_ALLOW_PRIVATE }, 'gateway node started');

  let stopping = false;
  const shutdown = async (signal: string, gw: Gateway, nc: NodeClient) => {
    if (stopping) {
      return;
    }
    stopping = true;
    // The drain (docs/operations.md#more-gateway-nodes): new connections are refused at once, open
    // tunnels go on relaying, metered and following the panel's changes, for up to GATEWAY_DRAIN_MS.
    gw.stopAccepting();
    log.info({ signal, drainMs: env.GATEWAY_DRAIN_MS, open: gw.stats().connections }, 'draining');
    const force = setTimeout(() => process.exit(1), env.GATEWAY_DRAIN_MS + 20_000);
    force.unref();
    const until = Date.now() + env.GATEWAY_DRAIN_MS;
    while (gw.stats().connections > 0 && Date.now() < until) {
      await sleep(DRAIN_POLL_MS);
    }
    log.info({ cut: gw.stats().connections }, 'drained; shutting down');
    // The client goes first: it reports the last traffic while the tunnels still exist to count it.
    await nc.stop().catch(() => undefined);
    await gw.close();
    metricsServer?.close();
    process.exit(0);
  };
  const gw = gateway;
  const nc = client;
  process.on('SIGINT', () => void shutdown('SIGINT', gw, nc));
  process.on('SIGTERM', () => void shutdown('SIGTERM', gw, nc));
}

void main();
