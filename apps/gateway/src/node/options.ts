/** The gateway's options, limits, timeouts and stats, with their defaults. */
import type { Clock } from '../io/clock.js';
import type { DnsCache } from '../io/dns-cache.js';
import type { Meter } from './meter.js';
import type { UdpDrops } from '../io/udp.js';

/** pino-compatible. */
export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface GatewayTimeouts {
  /** From accept until the whole HTTP request head has arrived (a hard deadline, not idle time). */
  headerMs: number;
  /** From accept until the SOCKS5 request has arrived. */
  socksHandshakeMs: number;
  /** TCP connect to the destination (DNS has its own timeout in the resolver). */
  connectMs: number;
  /** An established tunnel with no bytes either way is closed. */
  idleMs: number;
}

export interface GatewayLimits {
  /** Sockets from one client IP that have not authenticated yet; more are closed at accept. */
  unauthenticatedPerIp: number;
  /** Open tunnels per proxy; more are refused (HTTP 429, SOCKS general failure). */
  connectionsPerProxy: number;
  maxHeaderBytes: number;
}

export interface GatewayOptions {
  /** Listener bind host: 0.0.0.0 in production, 127.0.0.1 in tests. */
  host?: string;
  /** GATEWAY_ALLOW_PRIVATE: private, loopback and other special-purpose destinations are allowed. */
  allowPrivate?: boolean;
  /** Ports refused on loopback and on this node's own addresses, e.g. the panel's. */
  blockedPorts?: Iterable<number>;
  /**
   * `ip:port` destinations reachable whatever the SSRF rules say: only the panel's echo service,
   * which answers nothing but the caller's address, so proxies can be checked end to end.
   */
  allowTargets?: string[];
  /** CIDRs that are this node's too (a routed IPv6 egress prefix), for the blocked-port check. */
  ownPrefixes?: string[];
  /**
   * Local ports that outgoing connections bind, [from, to]. Defaults to the kernel's
   * net.ipv4.ip_local_port_range. See README "Ephemeral ports".
   */
  egressPorts?: [number, number];
  /**
   * The source address of an IPv6 proxy's IPv4 fallback (GATEWAY_IPV4_EGRESS); unset, the kernel
   * picks it by route (the node's main IPv4 address).
   */
  ipv4Egress?: string;
  timeouts?: Partial<GatewayTimeouts>;
  limits?: Partial<GatewayLimits>;
  dns?: DnsCache;
  meter?: Meter;
  logger?: GatewayLogger;
  /** Deadlines, the idle sweep and log throttling; tests pass a ManualClock. Default: real time. */
  clock?: Clock;
  /** Counters for the node's metrics (metrics.ts); none by default. */
  hooks?: GatewayHooks;
}

/** Events the metrics count; each is called once per event, off the per-chunk path. */
export interface GatewayHooks {
  tunnelOpened?(): void;
  authFailed?(): void;
  destinationRefused?(reason: string): void;
}

export interface GatewayStats {
  listeners: number;
  /** Ports whose listener could not be opened (retried on the next state change). */
  failedPorts: number[];
  /** Client connections, handshaking or tunnelled. */
  connections: number;
  /** Established tunnels. */
  tunnels: number;
  /** Outgoing connects retried on another local port (that one was taken for the destination). */
  egressPortRetries: number;
  /** Outgoing connects that found every local port of the egress address taken. */
  egressPortsExhausted: number;
  /** UDP datagrams dropped, per reason (wrong source, fragment, refused destination, …). */
  udpDropped: UdpDrops;
}

export const DEFAULT_TIMEOUTS: GatewayTimeouts = {
  headerMs: 10_000,
  socksHandshakeMs: 10_000,
  connectMs: 10_000,
  idleMs: 300_000,
};
export const DEFAULT_LIMITS: GatewayLimits = {
  unauthenticatedPerIp: 32,
  connectionsPerProxy: 1_000,
  maxHeaderBytes: 16_384,
};

export const NOOP_LOGGER: GatewayLogger = { info() {}, warn() {}, error() {} };
