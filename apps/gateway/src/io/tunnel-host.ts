/** The gateway as a tunnel sees it (gateway.ts implements it). */
import type { Clock } from './clock.js';
import type { DnsCache } from './dns-cache.js';
import type { Egress } from './egress.js';
import type { GatewayLimits, GatewayTimeouts } from '../node/options.js';
import type { ProxyRuntime } from '../node/runtime.js';
import type { Ip } from '../protocol/ssrf.js';
import type { Tunnel } from './tunnel.js';
import type { UdpDrops } from './udp.js';

/** What a tunnel needs of its gateway. */
export interface TunnelHost {
  /** Idle sweeps so far; tunnels stamp it on every chunk. */
  readonly sweeps: number;
  readonly timeouts: GatewayTimeouts;
  readonly limits: GatewayLimits;
  readonly clock: Clock;
  readonly dns: DnsCache;
  readonly egress: Egress;
  proxyOn(port: number): ProxyRuntime | null;
  admit(rt: ProxyRuntime): boolean;
  refusal(ip: Ip, port: number): string | null;
  /** The destination rule applied to a chained proxy's upstream address (not counted as a refused destination). */
  upstreamRefusal(ip: Ip, port: number): string | null;
  releaseUnauthenticated(ip: string): void;
  /** Where an IPv6 proxy's IPv4 fallback sends from (null: the kernel's choice). */
  readonly ipv4Egress: string | null;
  /** UDP datagrams dropped, per reason. */
  readonly udpDrops: UdpDrops;
  authFailed(): false;
  tunnelOpened(t: Tunnel): void;
  connectionClosed(t: Tunnel): void;
}
