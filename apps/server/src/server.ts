import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { startEmbeddedGateway, type EmbeddedGateway } from './embedded-gateway.js';
import { startEcho } from './modules/checker/index.js';
import { buildApp } from './app.js';
import { makeBanner, printBanner } from './banner.js';
import { prepare } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './lib/mailer.js';
import { logSerializers } from './lib/log-errors.js';
import { serveMetrics } from './plugins/metrics.js';
import { allJobs } from './jobs/index.js';
import { startJobs } from './jobs/runner.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, serializers: logSerializers });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATA_DIR,
    log,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  const prepared = await prepare(config, database, mailer);
  const [echoHost, echoPort] = splitHostPort(config.ECHO_ADDR);
  const echo = await startEcho(echoHost, echoPort);
  const [publicHost, publicPort] = config.ECHO_PUBLIC ? splitHostPort(config.ECHO_PUBLIC) : [echo.host, echo.port];
  // ECHO_PUBLIC names one address; without it, IPv6 proxies are checked through the IPv6 loopback.
  const host6 = !config.ECHO_PUBLIC && echo.host6 !== null ? { host6: echo.host6 } : {};
  const ctx = { ...prepared, echo: { host: publicHost, port: publicPort, ...host6 } };
  if (ctx.seeded) {
    log.info('empty database: default site created%s', config.DEMO === false ? '' : ' with the demo');
  }
  const app = await buildApp(ctx, {
    logger: { level: config.LOG_LEVEL },
    ...(config.WEB_DIST ? { webDist: config.WEB_DIST } : {}),
  });

  const stopJobs = startJobs(app.ctx, allJobs);
  let embedded: EmbeddedGateway | null = null;
  const metricsServer = config.METRICS_ADDR
    ? await serveMetrics(app.metrics, ...splitHostPort(config.METRICS_ADDR))
    : null;

  // Graceful shutdown (docs/operations.md#running-several-instances): readiness turns 503 at once, the
  // listener stops accepting, realtime streams end with a retry hint (browsers reconnect to
  // another instance), in-flight requests finish, running jobs finish their item and release
  // their leases. Past SHUTDOWN_TIMEOUT_MS the remaining connections are cut.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.draining = true;
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    const cut = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
    cut.unref();
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000);
    force.unref();
    const jobsStopped = stopJobs();
    await embedded?.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await jobsStopped;
    metricsServer?.close();
    await echo.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (config.GATEWAY === 'embedded') {
    const port = (app.server.address() as AddressInfo).port;
    embedded = await startEmbeddedGateway(app.ctx, port, app.metrics);
  }
  app.log.info(`ready on ${address} (${database.kind}${config.DATABASE_URL ? '' : ` in ${config.DATA_DIR}`})`);
  const port = (app.server.address() as AddressInfo).port;
  const demo = (await app.sites.resolve('proxy-owner.localhost')).slug === 'proxy-owner';
  printBanner(makeBanner(config, { port, demo, owner: prepared.owner, echoPort: echo.port }));
}

function splitHostPort(value: string): [string, number] {
  const i = value.lastIndexOf(':');
  return [value.slice(0, i).replace(/^\[|\]$/g, ''), Number(value.slice(i + 1))];
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
