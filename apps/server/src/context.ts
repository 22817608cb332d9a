import type { FastifyBaseLogger } from 'fastify';
import type { CryptoKey } from 'jose';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';

/** What services need from the running app; tests build the same thing around a test database. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Keys derived from APP_SECRET; the JWT key is imported once (importing per token costs). */
  keys: { jwt: CryptoKey; secrets: Buffer; otp: string; captcha: string; refresh: string; toolLinks: string };
  /**
   * Where proxy checks send their probe (the echo service); unset when none runs. `host6`: the
   * same service for IPv6 proxies (same port), when it listens on an IPv6 address too.
   */
  echo?: { host: string; port: number; host6?: string };
}
