/** Per-proxy runtime: the compiled config (credentials, whitelisted IPs), open tunnels, counter and quota. */
import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { Meter, ProxyCounter } from './meter.js';
import { formatIp, parseIp } from '../protocol/ssrf.js';
import type { GatewayProxy } from '../sync/state.js';

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A client address as auth IPs are written: IPv4-mapped IPv6 (from a dual-stack listener) unmapped. */
export function clientKey(address: string | undefined): string {
  const ip = address === undefined ? null : parseIp(address);
  return ip === null ? '' : formatIp(ip);
}

/** What a runtime needs of a tunnel: closing it. */
export interface Closable {
  destroy(): void;
}

export class ProxyRuntime {
  cfg!: GatewayProxy;
  family: 4 | 6 = 4;
  credentials: Buffer | null = null;
  /**
   * The `Proxy-Authorization` value a client sends for these credentials, as curl, browsers and
   * libraries write it (`Basic <base64>`), as a hash key: a match is one set lookup, with no regex,
   * base64 decoding or buffer per tunnel, and (the string's hash being seeded per process) no
   * prefix-by-prefix comparison a client could time. Other spellings (`basic`, extra spaces) take
   * the decoding path with its constant-time comparison.
   */
  basicHeader = new Set<string>();
  user: Buffer | null = null;
  pass: Buffer | null = null;
  authIps = new Set<string>();
  readonly tunnels = new Set<Closable>();
  /**
   * Quota: `used` counts bytes since the server's bandwidthUsedBytes was last taken, `allowance`
   * is limit − that figure. Cut when used ≥ allowance.
   */
  used = 0;
  allowance = Infinity;

  constructor(readonly counter: ProxyCounter) {}

  configure(cfg: GatewayProxy, before: GatewayProxy | null, meter: Meter): void {
    this.cfg = cfg;
    this.family = net.isIPv6(cfg.egressIp) ? 6 : 4;
    const hasCreds = cfg.username !== null && cfg.password !== null;
    this.user = hasCreds ? Buffer.from(cfg.username as string) : null;
    this.pass = hasCreds ? Buffer.from(cfg.password as string) : null;
    this.credentials = hasCreds ? Buffer.from(`${cfg.username}:${cfg.password}`) : null;
    this.basicHeader = new Set(this.credentials === null ? [] : [`Basic ${this.credentials.toString('base64')}`]);
    this.authIps = new Set(cfg.authIps.map(clientKey));
    if (before === null || before.bandwidthUsedBytes !== cfg.bandwidthUsedBytes) {
      // The server's figure includes every report it acknowledged; what it has not seen is ours.
      this.used = meter.unacked(cfg.id);
    }
    this.allowance = cfg.bandwidthLimitBytes === null ? Infinity : cfg.bandwidthLimitBytes - cfg.bandwidthUsedBytes;
  }

  get usable(): boolean {
    return this.cfg.status === 'using' && this.used < this.allowance;
  }

  /** A whitelisted client IP (and a usable proxy): in without credentials. */
  ipAllowed(clientIp: string): boolean {
    return this.usable && this.authIps.has(clientIp);
  }

  /** HTTP: a whitelisted IP, or `Proxy-Authorization: Basic` with this proxy's credentials. */
  httpAuthorized(clientIp: string, header: string | null): boolean {
    if (!this.usable) {
      return false;
    }
    if (this.authIps.has(clientIp)) {
      return true;
    }
    if (this.credentials === null || header === null) {
      return false;
    }
    if (this.basicHeader.has(header)) {
      return true;
    }
    const m = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    return m !== null && safeEqual(Buffer.from(m[1] as string, 'base64'), this.credentials);
  }

  /** SOCKS5 username/password: a whitelisted IP gets in whatever credentials it sends. */
  socksAuthorized(clientIp: string, user: Buffer, pass: Buffer): boolean {
    return (
      this.usable &&
      (this.authIps.has(clientIp) ||
        (this.user !== null && this.pass !== null && safeEqual(user, this.user) && safeEqual(pass, this.pass)))
    );
  }

  /** Counts `n` bytes through this proxy; false once the quota is crossed (its tunnels are closed). */
  count(n: number, inbound: boolean): boolean {
    if (inbound) {
      this.counter.bytesIn += n;
    } else {
      this.counter.bytesOut += n;
    }
    this.used += n;
    if (this.used >= this.allowance) {
      this.closeAll();
      return false;
    }
    return true;
  }

  closeAll(): void {
    for (const t of this.tunnels) {
      t.destroy();
    }
  }
}
