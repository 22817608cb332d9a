import { lookup } from 'node:dns/promises';
import { formatIp, isLoopbackOrUnspecified, parseHost, parseIp, specialPurpose, type Ip } from '@proxy/gateway';
import type { AppContext } from '../../context.js';
import { listNodePortRanges } from '../nodes/index.js';

/**
 * Where the free checker may connect. It must not become a port scanner: loopback, private and
 * other special-purpose space, and our own nodes except their proxy port ranges are all refused the
 * same way, before any connection, so an open port and a closed one look alike.
 */
export interface CheckerPolicy {
  allowPrivate: boolean;
  /** Each own node address (canonical text) with the proxy port ranges served there. */
  nodePorts: Map<string, { from: number; to: number }[]>;
}

/** Every address a host stands for: an IP literal in any spelling, or all that its name resolves to. */
async function addressesOf(host: string): Promise<Ip[]> {
  const target = parseHost(host);
  if (target.kind === 'invalid') {
    return [];
  }
  if (target.kind === 'ip') {
    return [target.ip];
  }
  const found = await lookup(target.name, { all: true }).catch(() => []);
  // parseHost and parseIp already read an IPv4-mapped address as the IPv4 one (it reaches the same place).
  return found.map((a) => parseIp(a.address)).flatMap((ip) => (ip ? [ip] : []));
}

export async function loadCheckerPolicy(ctx: AppContext): Promise<CheckerPolicy> {
  const nodes = await listNodePortRanges(ctx.db);
  const nodePorts = new Map<string, { from: number; to: number }[]>();
  for (const n of nodes) {
    for (const ip of await addressesOf(n.host)) {
      const key = formatIp(ip);
      nodePorts.set(key, [...(nodePorts.get(key) ?? []), { from: n.port_from, to: n.port_to }]);
    }
  }
  return { allowPrivate: ctx.config.GATEWAY_ALLOW_PRIVATE, nodePorts };
}

function allowedIp(policy: CheckerPolicy, ip: Ip, port: number): boolean {
  const ranges = policy.nodePorts.get(formatIp(ip));
  if (ranges) {
    return ranges.some((r) => port >= r.from && port <= r.to);
  }
  // This machine itself is never a proxy, whatever GATEWAY_ALLOW_PRIVATE says.
  if (isLoopbackOrUnspecified(ip)) {
    return false;
  }
  return policy.allowPrivate || specialPurpose(ip) === null;
}

/**
 * The address to connect to for `host:port`, or null when the checker must refuse it. Every
 * address the host stands for must be allowed, and the connection then goes to the checked
 * address itself, so a second resolution cannot lead elsewhere.
 */
export async function checkedAddress(policy: CheckerPolicy, host: string, port: number): Promise<string | null> {
  const ips = await addressesOf(host);
  if (ips.length === 0 || !ips.every((ip) => allowedIp(policy, ip, port))) {
    return null;
  }
  return formatIp(ips[0]!);
}
