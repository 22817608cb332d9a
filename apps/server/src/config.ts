import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ZDnsServerList } from '@proxy/gateway';
import { serverRoot } from './paths.js';

const ZBool01 = z.enum(['0', '1']).transform((v) => v === '1');

/** An address or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(v: string): boolean {
  const [addr = '', bits, ...rest] = v.split('/');
  const family = isIP(addr);
  if (!family || rest.length) {
    return false;
  }
  if (bits === undefined) {
    return true;
  }
  try {
    // The length as proxy-addr (Fastify's trustProxy) reads it: ipaddr.js bounds it by the family.
    ipaddr.parseCIDR(`${addr}/${bits}`);
    return /^\d{1,3}$/.test(bits);
  } catch {
    return false;
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts the socket's peer and the rightmost
 * N-1 forwarded entries (Fastify's own number option trusts nothing), a list those addresses.
 */
export function trustProxyOf(v: number | string[]): false | string[] | ((addr: string, hop: number) => boolean) {
  if (Array.isArray(v)) {
    return v;
  }
  return v > 0 ? (_addr, hop) => hop < v : false;
}

/**
 * TRUST_PROXY (docs/security.md#client-address): which hops in front of the panel may say who the
 * client is. `0`: none, the socket's peer is the client. A number N: the last N hops (the socket's
 * peer and the N-1 rightmost X-Forwarded-For entries) are our proxies, so the client is the entry
 * N places from the right. A comma-separated list of addresses or CIDR blocks: those are our
 * proxies, and the client is the rightmost entry not among them. Never "trust everything": the
 * leftmost entry is whatever the client sent.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .refine((v) => /^\d{1,2}$/.test(v) || v.split(',').every((p) => isAddressOrCidr(p.trim())), {
    message: 'expected a number of proxy hops (0 = none, 1 = one balancer) or a list of proxy addresses/CIDR blocks',
  })
  .transform((v): number | string[] => (/^\d+$/.test(v) ? Number(v) : v.split(',').map((p) => p.trim())));

const ZPortRange = z
  .string()
  .regex(/^\d{1,5}-\d{1,5}$/, 'expected FROM-TO, e.g. 20000-29999')
  .transform((v) => v.split('-').map(Number) as [number, number])
  .refine(([a, b]) => a >= 1 && b <= 65535 && a <= b, 'ports must be 1-65535 and FROM <= TO');

/** The environment of docs/wire-contract.md#configuration, plus a few operational knobs. */
const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * Connections an instance keeps at most to PostgreSQL (plus one for LISTEN): with several
   * instances, their sum must stay under the server's max_connections (docs/operations.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Proxy Panel <no-reply@localhost>'),
  CAPTCHA: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  BANK_WEBHOOK_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  DEMO: ZBool01.optional(),
  GATEWAY: z.enum(['embedded', 'off']).default('embedded'),
  GATEWAY_PORTS: ZPortRange.prefault('20000-29999'),
  GATEWAY_ALLOW_PRIVATE: ZBool01.prefault('0'),
  /** Name servers the embedded gateway resolves proxy destinations with (default: the system's). */
  GATEWAY_DNS_SERVERS: ZDnsServerList.optional(),
  /**
   * Outbound URLs set by admins or users (payment provider base URLs) may reach private, loopback
   * and other special-purpose addresses, and plain http (tests, local payment fakes only).
   */
  OUTBOUND_ALLOW_PRIVATE: ZBool01.prefault('0'),
  /** How long a supplier's API (modules/suppliers) may take to answer one call. */
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).prefault('15000'),
  /** Name servers for resolving those URLs (default: the system's resolver). */
  OUTBOUND_DNS_SERVERS: ZDnsServerList.optional(),
  IPV6_PREFIX: z
    .string()
    .regex(/^[0-9a-fA-F:]+\/\d{1,3}$/, 'expected an IPv6 prefix such as 2001:db8:1::/64')
    .optional(),
  /** The proxy checker's echo service: where it listens, and how proxies reach it (host:port). */
  ECHO_ADDR: z
    .string()
    .regex(/^[^\s]+:\d{1,5}$/, 'expected HOST:PORT, e.g. 127.0.0.1:0')
    .default('127.0.0.1:0'),
  ECHO_PUBLIC: z
    .string()
    .regex(/^[^\s]+:\d{1,5}$/, 'expected HOST:PORT as proxies reach it')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: ZTrustProxy.prefault('0'),
  /**
   * How answers are written (lib/compiled-serializer.ts): `compiled` from code generated from the
   * response schemas, `generic` by zod and JSON.stringify, `check` both, failing on a difference.
   */
  SERIALIZER: z.enum(['compiled', 'generic', 'check']).default('compiled'),
  /** How long a crashed instance's job lease blocks that job (jobs/lease.ts). */
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3600_000).default(60_000),
  /**
   * Bearer token for `GET /metrics` (Prometheus); without it the endpoint answers 404, unless
   * METRICS_ADDR puts it on a port of its own (docs/operations.md#metrics).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** HOST:PORT of a separate listener that serves only `/metrics`, without a token. */
  METRICS_ADDR: z
    .string()
    .regex(/^[^\s]+:\d{1,5}$/, 'expected HOST:PORT, e.g. 127.0.0.1:9464')
    .optional(),
  /** The panel listener: how long a client may take to send a request's headers (docs/operations.md#slow-clients). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** …and the whole request, body included; a slower client is answered 408 and cut. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3600_000).default(30_000),
  /** Open connections one source address (an IPv6 /64) may hold on the panel listener; 0: no limit. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(256),
  /** On SIGTERM, how long in-flight requests get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** The built SPA to serve (default: apps/web/dist); bench:web points it at another build. */
  WEB_DIST: z.string().min(1).optional(),
  /** Access-token lifetime in seconds (15 minutes). */
  ACCESS_TOKEN_TTL_SEC: z.coerce
    .number()
    .int()
    .min(2)
    .max(86_400)
    .default(15 * 60),
  /** Test-only: lets an admin move the server clock (POST /api/test/clock). Never set in production. */
  TEST_CLOCK: ZBool01.prefault('0'),
});

export type Env = z.infer<typeof ZEnv>;

export interface Config extends Omit<Env, 'APP_SECRET'> {
  appSecret: string;
  version: string;
}

export class ConfigError extends Error {}

/** Validates the environment; a wrong value throws a message that names the variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (v !== undefined && v !== '') {
      cleaned[k] = v;
    }
  }
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** APP_SECRET, or one generated once and kept in DATA_DIR so tokens survive restarts. */
function resolveSecret(env: Env): string {
  if (env.APP_SECRET) {
    return env.APP_SECRET;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = path.join(env.DATA_DIR, 'app-secret');
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const { APP_SECRET: _ignored, ...rest } = env;
  return { ...rest, appSecret: resolveSecret(env), version: readVersion() };
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}
