/**
 * The proxy gateway: one listener per sold proxy's port, serving HTTP (CONNECT and absolute-URI)
 * or SOCKS5 as the proxy says, authenticating per proxy, refusing special-purpose destinations,
 * binding outgoing connections to the proxy's egress address (or dialing through the proxy's
 * upstream when it is chained), and metering bytes both ways.
 *
 * The parts: protocol/ (pure parsers: bytes in, a decision out), io/tunnel.ts (one client
 * connection) with io/direct.ts and io/chain.ts (the two ways to a destination), io/wire.ts (the
 * raw TCP handles every socket is), io/relay.ts (the per-chunk pump), runtime.ts (per-proxy auth,
 * quota and tunnels), io/egress.ts (egress addresses and local port picking), io/clock.ts (time,
 * injectable). This file owns the listeners, the proxies' runtimes and the idle sweep.
 *
 * Idle tunnels are found by one sweep per gateway over its connections, not by a timer per
 * socket: a chunk only stamps the sweep count on its tunnel, where a socket timeout would re-arm a
 * timer on every read and write and cost each tunnel a timer object.
 */
import type { Server } from 'node:net';
import os from 'node:os';
import type { TNodeChange } from '@proxy/contract';
import { realClock, type Clock, type TimerHandle } from '../io/clock.js';
import { DnsCache } from '../io/dns-cache.js';
import { Egress, kernelPortRange } from '../io/egress.js';
import { Meter } from './meter.js';
import {
  DEFAULT_LIMITS,
  DEFAULT_TIMEOUTS,
  NOOP_LOGGER,
  type GatewayLimits,
  type GatewayLogger,
  type GatewayOptions,
  type GatewayStats,
  type GatewayHooks,
  type GatewayTimeouts,
} from './options.js';
import { clientKey, ProxyRuntime } from './runtime.js';
import {
  AddressSet,
  destinationRefusal,
  formatIp,
  parseIp,
  type DestinationPolicy,
  type Ip,
} from '../protocol/ssrf.js';
import { GatewayState, sameAccess, type GatewayProxy, type StateDiff } from '../sync/state.js';
import type { TunnelHost } from '../io/tunnel-host.js';
import { Tunnel } from '../io/tunnel.js';
import {
  createServer,
  errorName,
  takeConnections,
  wireKind,
  wireReason,
  type SockAddr,
  type TcpHandle,
} from '../io/wire.js';

export type {
  GatewayHooks,
  GatewayLimits,
  GatewayLogger,
  GatewayOptions,
  GatewayStats,
  GatewayTimeouts,
} from './options.js';

/**
 * The idle sweep runs every idleMs / IDLE_SWEEPS (at most once a second, at least every 5 ms), so
 * a tunnel is closed between idleMs and one sweep period after it.
 */
const IDLE_SWEEPS = 8;
const MAX_SWEEP_MS = 1_000;
const MIN_SWEEP_MS = 5;

/** The wire in use is logged once per process, by the first gateway made. */
let wireLogged = false;

function sweep(gw: Gateway): void {
  gw.sweepIdle();
}

/** Every address that counts as this node's own for the blocked-port rule. */
function ownAddresses(host: string, prefixes: string[]): AddressSet {
  const own = new AddressSet();
  for (const prefix of prefixes) {
    if (!own.add(prefix)) {
      throw new Error(`ownPrefixes: not a CIDR: ${prefix}`);
    }
  }
  own.add(host);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) {
      own.add(a.address);
    }
  }
  return own;
}

/** `ip:port` entries normalised to formatIp's spelling. */
function allowedTargets(targets: string[]): Set<string> {
  return new Set(
    targets.map((t) => {
      const i = t.lastIndexOf(':');
      const ip = parseIp(t.slice(0, i).replace(/^\[|\]$/g, ''));
      if (ip === null) {
        throw new Error(`allowTargets: not ip:port: ${t}`);
      }
      return `${formatIp(ip)}:${t.slice(i + 1)}`;
    }),
  );
}

export class Gateway implements TunnelHost {
  readonly state = new GatewayState();
  readonly meter: Meter;
  readonly dns: DnsCache;
  readonly timeouts: GatewayTimeouts;
  readonly limits: GatewayLimits;
  readonly log: GatewayLogger;
  readonly clock: Clock;
  readonly egress: Egress;
  readonly ipv4Egress: string | null;
  readonly udpDrops = { source: 0, frag: 0, bad: 0, forbidden: 0, family: 0, dns: 0, egress: 0 };
  private readonly host: string;
  private readonly policy: DestinationPolicy;
  private readonly runtimes = new Map<string, ProxyRuntime>();
  private readonly listeners = new Map<number, Server>();
  private readonly failedPorts = new Set<number>();
  private readonly connections = new Set<Tunnel>();
  private readonly unauthenticated = new Map<string, number>();
  private tunnelCount = 0;
  /** Idle sweeps so far; tunnels stamp it on every chunk. */
  sweeps = 0;
  private readonly sweepMs: number;
  private sweeper: TimerHandle | null = null;
  private reconciling: Promise<void> = Promise.resolve();
  private closing = false;
  private readonly hooks: GatewayHooks;

  constructor(opts: GatewayOptions = {}) {
    this.hooks = opts.hooks ?? {};
    this.host = opts.host ?? '0.0.0.0';
    this.meter = opts.meter ?? new Meter();
    this.dns = opts.dns ?? new DnsCache();
    this.clock = opts.clock ?? realClock;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.sweepMs = Math.min(MAX_SWEEP_MS, Math.max(MIN_SWEEP_MS, Math.floor(this.timeouts.idleMs / IDLE_SWEEPS)));
    this.log = opts.logger ?? NOOP_LOGGER;
    if (!wireLogged) {
      wireLogged = true;
      this.log.info(
        { wire: wireKind, reason: wireReason },
        `sockets: ${wireKind === 'net' ? 'net.Socket' : 'libuv TCP handles'}`,
      );
    }
    this.ipv4Egress = opts.ipv4Egress ?? null;
    this.egress = new Egress(opts.egressPorts ?? kernelPortRange(), this.clock, this.log);
    const blockedPorts = new Set(opts.blockedPorts ?? []);
    const own = ownAddresses(this.host, opts.ownPrefixes ?? []);
    const allowTargets = allowedTargets(opts.allowTargets ?? []);
    this.policy = {
      allowPrivate: opts.allowPrivate ?? false,
      isBlockedPort: (port) => blockedPorts.has(port) || this.state.getByPort(port) !== undefined,
      isOwnAddress: (ip) => own.has(ip) || this.egress.isEgressAddress(ip),
      isAllowedTarget: (ip, port) => allowTargets.has(`${formatIp(ip)}:${port}`),
    };
  }

  /** Replaces the whole state; resolves when the listeners match it. */
  applyFull(proxies: readonly GatewayProxy[], version?: number): Promise<void> {
    return this.apply(this.state.applyFull(proxies, version), true);
  }

  /** Applies one change (ignored when not newer than the state); resolves when listeners match. */
  applyChange(change: TNodeChange): Promise<void> {
    const diff = this.state.applyChange(change);
    return diff === null ? this.reconciling : this.apply(diff, false);
  }

  /**
   * The drain before a shutdown: every listener closes, so new connections are refused, and open
   * tunnels go on relaying until they end or close() cuts them.
   */
  stopAccepting(): void {
    this.closing = true;
    for (const server of this.listeners.values()) {
      server.close();
    }
    this.listeners.clear();
  }

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    this.closing = true;
    const closing = [...this.listeners.values()].map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
    this.listeners.clear();
    if (this.sweeper !== null) {
      this.clock.clearInterval(this.sweeper);
      this.sweeper = null;
    }
    for (const t of this.connections) {
      t.destroy();
    }
    await Promise.all(closing);
  }

  stats(): GatewayStats {
    return {
      listeners: this.listeners.size,
      failedPorts: [...this.failedPorts],
      connections: this.connections.size,
      tunnels: this.tunnelCount,
      egressPortRetries: this.egress.retries,
      egressPortsExhausted: this.egress.exhausted,
      udpDropped: { ...this.udpDrops },
    };
  }

  // ---------------------------------------------------------------- used by tunnels (TunnelHost)

  proxyOn(port: number): ProxyRuntime | null {
    const cfg = this.state.getByPort(port);
    return cfg === undefined ? null : (this.runtimes.get(cfg.id) ?? null);
  }

  admit(rt: ProxyRuntime): boolean {
    return rt.tunnels.size < this.limits.connectionsPerProxy;
  }

  refusal(ip: Ip, port: number): string | null {
    const reason = destinationRefusal(ip, port, this.policy);
    if (reason !== null) {
      this.hooks.destinationRefused?.(reason);
    }
    return reason;
  }

  upstreamRefusal(ip: Ip, port: number): string | null {
    return destinationRefusal(ip, port, this.policy);
  }

  /** Wrong credentials or a client address the proxy does not allow (metrics); false for the caller. */
  authFailed(): false {
    this.hooks.authFailed?.();
    return false;
  }

  releaseUnauthenticated(ip: string): void {
    const n = this.unauthenticated.get(ip) ?? 0;
    if (n <= 1) {
      this.unauthenticated.delete(ip);
    } else {
      this.unauthenticated.set(ip, n - 1);
    }
  }

  tunnelOpened(t: Tunnel): void {
    this.tunnelCount += 1;
    this.hooks.tunnelOpened?.();
    t.seen = this.sweeps;
    if (this.sweeper === null) {
      // Tunnels keep the process alive through their sockets; the sweep alone does not.
      this.sweeper = this.clock.setInterval(sweep, this.sweepMs, this);
    }
  }

  /**
   * Closes tunnels that carried nothing for idleMs. A tunnel stamped `seen = s` last moved a byte
   * after sweep s began, so by sweep n it has been quiet for at least (n − s − 1) periods.
   */
  sweepIdle(): void {
    this.sweeps += 1;
    const quietSweeps = this.sweeps - 1 - Math.ceil(this.timeouts.idleMs / this.sweepMs);
    for (const t of this.connections) {
      if (t.piping && t.seen <= quietSweeps) {
        t.destroy();
      }
    }
    if (this.tunnelCount === 0 && this.sweeper !== null) {
      this.clock.clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  connectionClosed(t: Tunnel): void {
    if (this.connections.delete(t) && t.counted) {
      this.tunnelCount -= 1;
    }
  }

  // ---------------------------------------------------------------- internals

  private accept(status: number, handle: TcpHandle | undefined, port: number): void {
    if (status !== 0 || handle === undefined) {
      this.log.warn({ port, err: errorName(status) }, 'accept failed');
      return;
    }
    const rt = this.proxyOn(port);
    const peer: SockAddr = {};
    const ip = handle.getpeername(peer) === 0 ? clientKey(peer.address) : '';
    const pending = this.unauthenticated.get(ip) ?? 0;
    if (rt === null || this.closing || pending >= this.limits.unauthenticatedPerIp) {
      handle.close();
      return;
    }
    this.unauthenticated.set(ip, pending + 1);
    // TCP_NODELAY and keepalive are on already (wire.ts takeConnections).
    this.connections.add(new Tunnel(this, handle, port, ip, rt.cfg.protocol === 'socks5'));
  }

  private apply(diff: StateDiff, full: boolean): Promise<void> {
    for (const p of diff.removed) {
      const rt = this.runtimes.get(p.id);
      if (rt !== undefined) {
        rt.closeAll();
        this.runtimes.delete(p.id);
        this.meter.retire(p.id);
        this.egress.useFor(p, -1);
      }
    }
    for (const p of diff.added) {
      const rt = new ProxyRuntime(this.meter.counter(p.id));
      rt.configure(p, null, this.meter);
      this.runtimes.set(p.id, rt);
      this.egress.useFor(p, 1);
    }
    for (const { before, after } of diff.updated) {
      const rt = this.runtimes.get(after.id) as ProxyRuntime;
      rt.configure(after, before, this.meter);
      this.egress.useFor(before, -1);
      this.egress.useFor(after, 1);
      if (!sameAccess(before, after) || !rt.usable) {
        rt.closeAll();
      }
    }
    let touched: Set<number> | null = null;
    if (!full) {
      touched = new Set([...diff.removed, ...diff.added].map((p) => p.port));
      for (const { before, after } of diff.updated) {
        touched.add(before.port).add(after.port);
      }
    }
    this.reconciling = this.reconciling.then(() => this.reconcileListeners(touched));
    return this.reconciling;
  }

  /**
   * Opens and closes listeners to match the state: every port after a full sync, the ports a
   * change touched otherwise (a change costs O(1), not O(proxies)). Ports that failed to open are
   * retried either way.
   */
  private async reconcileListeners(touched: Set<number> | null): Promise<void> {
    if (this.closing) {
      return;
    }
    const candidates =
      touched === null
        ? new Set([...this.listeners.keys(), ...this.state.ports()])
        : new Set([...touched, ...this.failedPorts]);
    const opening: Promise<void>[] = [];
    for (const port of candidates) {
      const server = this.listeners.get(port);
      if (this.state.getByPort(port) === undefined) {
        this.failedPorts.delete(port);
        if (server !== undefined) {
          this.listeners.delete(port);
          server.close();
        }
      } else if (server === undefined) {
        opening.push(this.listen(port));
      }
    }
    await Promise.all(opening);
  }

  private listen(port: number): Promise<void> {
    // The server only listens: accepted connections are taken as the wire's handles (see wire.ts).
    const server = createServer();
    this.listeners.set(port, server);
    return new Promise((resolve) => {
      const failed = (err: Error) => {
        if (this.listeners.get(port) === server) {
          this.listeners.delete(port);
        }
        this.failedPorts.add(port);
        this.log.error({ port, err: String(err) }, 'cannot listen on a proxy port');
        resolve();
      };
      server.once('error', failed);
      server.listen({ port, host: this.host, backlog: 1024 }, () => {
        this.failedPorts.delete(port);
        takeConnections(server, (status, handle) => this.accept(status, handle, port));
        // From now on errors are accept() failures (EMFILE and the like): the listener stays.
        server.removeListener('error', failed);
        server.on('error', (err) => this.log.warn({ port, err: String(err) }, 'accept failed'));
        resolve();
      });
    });
  }
}
