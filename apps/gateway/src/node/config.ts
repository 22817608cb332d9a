import { isIP } from 'node:net';
import { z } from 'zod';
import { parseCidr, parseIp } from '../protocol/ssrf.js';

/** One name server as c-ares takes it: `1.2.3.4`, `1.2.3.4:5353`, `::1` or `[::1]:5353`. */
export function isDnsServer(v: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(v);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(v);
  const [host, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : withPort
      ? [withPort[1]!, withPort[2]]
      : [v, undefined];
  return isIP(host) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/** A comma-separated list of name servers (GATEWAY_DNS_SERVERS), for the panel's and a node's config. */
export const ZDnsServerList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every(isDnsServer), 'expected IP[:PORT] list, e.g. 1.1.1.1,[::1]:5353');

const required = (name: string) => z.string({ error: `${name} is required` }).min(1, `${name} is required`);

/** The environment of a standalone gateway node. */
const ZGatewayEnv = z.object({
  GATEWAY_NODE_ID: required('GATEWAY_NODE_ID'),
  GATEWAY_NODE_SECRET: required('GATEWAY_NODE_SECRET'),
  PANEL_URL: required('PANEL_URL').regex(/^https?:\/\/[^/]/, 'must be an http(s) URL, e.g. https://panel.example.com'),
  GATEWAY_BIND: z
    .string()
    .default('0.0.0.0')
    .refine((v) => isIP(v) !== 0, 'must be an IP address, e.g. 0.0.0.0 or ::'),
  GATEWAY_ALLOW_PRIVATE: z
    .enum(['0', '1'], { error: 'must be 0 or 1' })
    .default('0')
    .transform((v) => v === '1'),
  /** Ports refused on this node's own addresses, e.g. a panel running on the same machine. */
  GATEWAY_BLOCKED_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'must be a comma-separated list of ports, e.g. 8080,5432')
    .transform((v) => v.split(',').map(Number))
    .refine((ports) => ports.every((p) => p >= 1 && p <= 65535), 'ports must be 1-65535')
    .optional(),
  /** Name servers for proxy destinations (default: the system's). */
  GATEWAY_DNS_SERVERS: ZDnsServerList.optional(),
  /** HOST:PORT serving `GET /metrics` (Prometheus); unset: no metrics listener. */
  GATEWAY_METRICS_ADDR: z
    .string()
    .regex(/^[^\s]+:\d{1,5}$/, 'expected HOST:PORT, e.g. 127.0.0.1:9465')
    .optional(),
  /** Bearer token the metrics listener asks for (none: keep that port private). */
  GATEWAY_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM, how long open tunnels may go on relaying after new connections are refused. */
  GATEWAY_DRAIN_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * The longest pause between two attempts to reach an unreachable panel (the pause starts at 1 s
   * and doubles up to this): how soon the node is back after a panel restart, at worst.
   */
  GATEWAY_PANEL_RETRY_MAX_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
  /** The source address of IPv6 proxies' IPv4 fallback (default: the kernel's, by route). */
  GATEWAY_IPV4_EGRESS: z
    .string()
    .refine((v) => parseIp(v)?.family === 4, 'expected an IPv4 address')
    .optional(),
  IPV6_PREFIX: z
    .string()
    .refine((v) => v.includes(':') && parseCidr(v) !== null, 'expected an IPv6 prefix such as 2001:db8:1::/64')
    .optional(),
});

export type GatewayEnv = z.infer<typeof ZGatewayEnv>;

export class ConfigError extends Error {}

/** Validates the environment; a wrong or missing value throws a message that names the variable. */
export function parseGatewayEnv(source: NodeJS.ProcessEnv): GatewayEnv {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (v !== undefined && v !== '') {
      cleaned[k] = v;
    }
  }
  const parsed = ZGatewayEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid gateway configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
