/**
 * Egress: which local addresses proxies send from, and the local port each outgoing connection
 * binds. The gateway picks the port itself, walking the range, rather than letting the kernel
 * pick with bind(0), which ignores the destination (see README "Ephemeral ports").
 */
import { readFileSync } from 'node:fs';
import type { Clock } from './clock.js';
import type { GatewayLogger } from '../node/options.js';
import type { Failure } from '../protocol/replies.js';
import { clientKey } from '../node/runtime.js';
import type { Ip } from '../protocol/ssrf.js';
import { formatIp } from '../protocol/ssrf.js';

/** Different local ports tried when one is taken (bind) or its 4-tuple is in use (connect). */
export const PORT_ATTEMPTS = 8;

/**
 * What a failed bind or connect of an outgoing connection means: `port` when another local port
 * may do (bind: the port is taken; connect: that 4-tuple is in use), `egress` when the egress
 * address is not on this host, else the failure to answer the client with.
 */
export function connectFailure(code: string, syscall: 'bind' | 'connect'): 'port' | Failure {
  if (syscall === 'bind' && code === 'EADDRNOTAVAIL') {
    return 'egress';
  }
  switch (code) {
    case 'EADDRINUSE':
    case 'EADDRNOTAVAIL':
      return 'port';
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    default:
      return 'unreachable';
  }
}

export function kernelPortRange(): [number, number] {
  try {
    const [from, to] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (from !== undefined && to !== undefined && from > 0 && to >= from) {
      return [from, to];
    }
  } catch {
    // Not Linux: fall through to Linux's default range.
  }
  return [32768, 60999];
}

export class Egress {
  /** Egress address → number of proxies using it; these are this node's addresses too. */
  private readonly inUse = new Map<string, number>();
  private readonly portFrom: number;
  private readonly portSpan: number;
  private portCursor: number;
  retries = 0;
  exhausted = 0;
  private readonly lastLogged = new Map<string, number>();

  constructor(
    range: [number, number],
    private readonly clock: Clock,
    private readonly log: GatewayLogger,
    random: () => number = Math.random,
  ) {
    const [from, to] = range;
    this.portFrom = from;
    this.portSpan = to - from + 1;
    // A random start, so a restarted gateway does not walk straight into its predecessor's ports.
    this.portCursor = Math.floor(random() * this.portSpan);
  }

  nextLocalPort(): number {
    this.portCursor = (this.portCursor + 1) % this.portSpan;
    return this.portFrom + this.portCursor;
  }

  /** A proxy starts (+1) or stops (−1) sending from `ip`. */
  use(ip: string, delta: number): void {
    const key = clientKey(ip);
    const n = (this.inUse.get(key) ?? 0) + delta;
    if (n <= 0) {
      this.inUse.delete(key);
    } else {
      this.inUse.set(key, n);
    }
  }

  /** `use` for a proxy: a chained proxy's `egressIp` is its upstream's exit address, never bound here. */
  useFor(proxy: { egressIp: string; upstream?: unknown }, delta: number): void {
    if (proxy.upstream == null) {
      this.use(proxy.egressIp, delta);
    }
  }

  isEgressAddress(ip: Ip): boolean {
    return this.inUse.has(formatIp(ip));
  }

  retried(): void {
    this.retries += 1;
  }

  noFreePort(egressIp: string): void {
    this.exhausted += 1;
    if (this.mayLog(`exhausted ${egressIp}`)) {
      this.log.warn(
        { egressIp, portRange: [this.portFrom, this.portFrom + this.portSpan - 1] },
        'no free local port on the egress address for this destination; see README "Ephemeral ports"',
      );
    }
  }

  missing(egressIp: string): void {
    if (this.mayLog(`missing ${egressIp}`)) {
      this.log.error({ egressIp }, 'egress address is not configured on this host (bind: EADDRNOTAVAIL)');
    }
  }

  /** Once a minute per key: these conditions repeat on every connection while they last. */
  private mayLog(key: string): boolean {
    const now = this.clock.now();
    if (now - (this.lastLogged.get(key) ?? 0) < 60_000) {
      return false;
    }
    if (this.lastLogged.size > 1_000) {
      this.lastLogged.clear();
    }
    this.lastLogged.set(key, now);
    return true;
  }
}
