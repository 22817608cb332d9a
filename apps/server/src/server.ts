import pino from 'pino';
import { buildApp } from './app.js';
import { prepare } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './lib/mailer.js';
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
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  const ctx = await prepare(config, database, mailer);
  if (ctx.seeded) {
    log.info('empty database: default site created%s', config.DEMO === false ? '' : ' with the demo');
  }
  const app = await buildApp(ctx, { logger: { level: config.LOG_LEVEL } });

  const stopJobs = startJobs(app.ctx, allJobs);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopJobs();
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`ready on ${address} (${database.kind}${config.DATABASE_URL ? '' : ` in ${config.DATA_DIR}`})`);
}

main().catch((err: unknown) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
