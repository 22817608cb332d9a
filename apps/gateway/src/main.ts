/** Standalone gateway node: `npm run gateway` with the environment of README "Standalone node". */
import { ConfigError, parseGatewayEnv, type GatewayEnv } from './config.js';
import { DnsCache } from './dns-cache.js';
import { Gateway, type GatewayLogger } from './gateway.js';
import { NodeClient } from './node-client.js';

/** One JSON line per entry on stderr, pino-shaped, so the same log tooling reads both. */
function jsonLogger(): GatewayLogger {
  const write = (level: number) => (obj: object, msg: string) => {
    process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...obj, msg })}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}

function main(): void {
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
  const gateway = new Gateway({
    host: env.GATEWAY_BIND,
    allowPrivate: env.GATEWAY_ALLOW_PRIVATE,
    blockedPorts: env.GATEWAY_BLOCKED_PORTS ?? [],
    ownPrefixes: env.IPV6_PREFIX === undefined ? [] : [env.IPV6_PREFIX],
    dns: new DnsCache({ servers: env.GATEWAY_DNS_SERVERS }),
    logger: log,
  });
  const client = new NodeClient({
    panelUrl: env.PANEL_URL,
    nodeId: env.GATEWAY_NODE_ID,
    secret: env.GATEWAY_NODE_SECRET,
    gateway,
    logger: log,
  });
  client.start();
  log.info(
    { bind: env.GATEWAY_BIND, panel: env.PANEL_URL, allowPrivate: env.GATEWAY_ALLOW_PRIVATE },
    'gateway node started',
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    // The client goes first: it reports the last traffic while the tunnels still exist to count it.
    void client
      .stop()
      .then(() => gateway.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main();
