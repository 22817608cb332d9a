import { webcrypto } from 'node:crypto';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { ensureOwner, seed } from './db/seed.js';
import { Clock } from './lib/clock.js';
import { deriveKey, hmacHex } from './lib/crypto.js';
import type { Mailer } from './lib/mailer.js';

export async function deriveKeys(appSecret: string): Promise<AppContext['keys']> {
  const jwt = await webcrypto.subtle.importKey(
    'raw',
    deriveKey(appSecret, 'jwt'),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    jwt,
    secrets: deriveKey(appSecret, 'secrets'),
    otp: deriveKey(appSecret, 'otp').toString('hex'),
    captcha: deriveKey(appSecret, 'captcha').toString('hex'),
    refresh: deriveKey(appSecret, 'refresh').toString('hex'),
    toolLinks: deriveKey(appSecret, 'tool-links').toString('hex'),
  };
}

/** The secret of the embedded gateway node (the demo's local node), derived from APP_SECRET. */
export function localNodeSecret(appSecret: string): string {
  return hmacHex(appSecret, 'local-gateway-node');
}

/** Migrates, seeds an empty database and bootstraps the owner; returns the context for buildApp. */
export async function prepare(
  config: Config,
  database: Database,
  mailer: Mailer,
  clock = new Clock(),
): Promise<Omit<AppContext, 'log'> & { seeded: boolean; owner: 'created' | 'updated' | 'none' }> {
  await database.migrate();
  const { seeded } = await seed(database.db, {
    demo: config.DEMO,
    ports: config.GATEWAY_PORTS,
    ipv6Prefix: config.IPV6_PREFIX,
    localNodeSecret: localNodeSecret(config.appSecret),
  });
  const owner =
    config.ADMIN_EMAIL && config.ADMIN_PASSWORD
      ? await ensureOwner(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)
      : 'none';
  const keys = await deriveKeys(config.appSecret);
  return { config, database, db: database.db, clock, mailer, keys, seeded, owner };
}
