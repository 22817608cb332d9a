import { DnsCache, Gateway, GatewayMetrics, NodeClient } from '@proxy/gateway';
import { localNodeSecret } from './bootstrap.js';
import type { AppContext } from './context.js';
import type { AppMetrics } from './plugins/metrics.js';
import { localNodeId } from './modules/node-protocol/index.js';

export interface EmbeddedGateway {
  nodeId: string;
  gateway: Gateway;
  client: NodeClient;
  stop(): Promise<void>;
}

/** How the embedded node reaches the panel it runs beside. */
function loopbackUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') {
    return `http://127.0.0.1:${port}`;
  }
  if (host === '::') {
    return `http://[::1]:${port}`;
  }
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** The checker's echo service, on each family it listens on: the one local target proxies may reach. */
function echoTargets(echo: AppContext['echo']): string[] {
  if (!echo) {
    return [];
  }
  const v4 = echo.host.includes(':') ? `[${echo.host}]:${echo.port}` : `${echo.host}:${echo.port}`;
  return echo.host6 ? [v4, `[${echo.host6}]:${echo.port}`] : [v4];
}

/**
 * GATEWAY=embedded: the local node's gateway in this process. It speaks the same node protocol
 * over HTTP as a standalone node (state, change stream, traffic), so one code path serves both.
 * Its `gateway_*` series join the panel's `/metrics`, so one process is scraped on one endpoint.
 * Returns null when the database has no local node (DEMO=0 and none configured).
 */
export async function startEmbeddedGateway(
  ctx: AppContext,
  panelPort: number,
  panelMetrics: AppMetrics,
): Promise<EmbeddedGateway | null> {
  const secret = localNodeSecret(ctx.config.appSecret);
  const nodeId = await localNodeId(ctx, secret);
  if (!nodeId) {
    ctx.log.warn('GATEWAY=embedded but the database has no local node: no proxies are served in-process');
    return null;
  }
  let client: NodeClient | null = null;
  const metrics = new GatewayMetrics(
    () => gateway,
    () => client?.following ?? false,
    { processMetrics: false },
  );
  const gateway: Gateway = new Gateway({
    host: ctx.config.HOST,
    allowPrivate: ctx.config.GATEWAY_ALLOW_PRIVATE,
    blockedPorts: [panelPort],
    allowTargets: echoTargets(ctx.echo),
    ownPrefixes: ctx.config.IPV6_PREFIX ? [ctx.config.IPV6_PREFIX] : [],
    dns: new DnsCache({ servers: ctx.config.GATEWAY_DNS_SERVERS }),
    logger: ctx.log,
    hooks: metrics.hooks,
  });
  metrics.countDrained(gateway.meter);
  const started = new NodeClient({
    panelUrl: loopbackUrl(ctx.config.HOST, panelPort),
    nodeId,
    secret,
    gateway,
    logger: ctx.log,
    onPanelVersion: (v) => metrics.panelAnnounced(v),
  });
  client = started;
  started.start();
  panelMetrics.include(metrics.registry);
  return {
    nodeId,
    gateway,
    client: started,
    async stop() {
      await started.stop();
      await gateway.close();
    },
  };
}
