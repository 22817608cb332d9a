/**
 * The proxy gateway: one listener per sold proxy's port, serving HTTP (CONNECT and absolute-URI)
 * or SOCKS5 as the proxy says, authenticating per proxy, refusing special-purpose destinations,
 * binding outgoing connections to the proxy's egress address, and metering bytes both ways.
 *
 * Hot path: once a tunnel is up, each chunk costs one shared listener call that adds its length
 * to the proxy's counter and writes the chunk to the other socket, pausing the source while the
 * destination's buffer is full (backpressure, as pipe() does). Socket events are handled by
 * module-level functions that find their tunnel through a symbol on the socket, so a tunnel
 * allocates no closures of its own. Idle tunnels are found by one sweep per gateway over its
 * connections, not by a timer per socket: a chunk only stamps the sweep count on its tunnel,
 * where a socket timeout would re-arm a timer on every read and write and cost each tunnel a
 * timer object.
 */
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net, { type Server, type Socket } from 'node:net';
import os from 'node:os';
import type { TNodeChange } from '@proxy/contract';
import { DnsCache, DnsError } from './dns-cache.js';
import { Meter, type ProxyCounter } from './meter.js';
import {
  AddressSet,
  destinationRefusal,
  formatIp,
  parseHost,
  parseIp,
  type DestinationPolicy,
  type Ip,
} from './ssrf.js';
import { GatewayState, sameAccess, type GatewayProxy, type StateDiff } from './state.js';

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
  timeouts?: Partial<GatewayTimeouts>;
  limits?: Partial<GatewayLimits>;
  dns?: DnsCache;
  meter?: Meter;
  logger?: GatewayLogger;
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
}

const DEFAULT_TIMEOUTS: GatewayTimeouts = {
  headerMs: 10_000,
  socksHandshakeMs: 10_000,
  connectMs: 10_000,
  idleMs: 300_000,
};
const DEFAULT_LIMITS: GatewayLimits = { unauthenticatedPerIp: 32, connectionsPerProxy: 1_000, maxHeaderBytes: 16_384 };
/** A refused client gets this long to read the refusal before its socket is destroyed. */
const LINGER_MS = 2_000;
/** Different local ports tried when one is taken (bind) or its 4-tuple is in use (connect). */
const PORT_ATTEMPTS = 8;
/**
 * The idle sweep runs every idleMs / IDLE_SWEEPS (at most once a second, at least every 5 ms), so
 * a tunnel is closed between idleMs and one sweep period after it.
 */
const IDLE_SWEEPS = 8;
const MAX_SWEEP_MS = 1_000;
const MIN_SWEEP_MS = 5;

const NOOP_LOGGER: GatewayLogger = { info() {}, warn() {}, error() {} };

type Failure =
  | 'bad-request'
  | 'header-too-large'
  | 'auth'
  | 'forbidden'
  | 'too-many'
  | 'dns'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'exhausted'
  | 'family'
  | 'command'
  | 'atyp'
  | 'egress';

function httpReply(status: string, extra = ''): Buffer {
  const body = `${status}\n`;
  return Buffer.from(
    `HTTP/1.1 ${status}\r\n${extra}Content-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    'latin1',
  );
}

const HTTP_FAILURE: Record<Failure, Buffer> = {
  'bad-request': httpReply('400 Bad Request'),
  'header-too-large': httpReply('431 Request Header Fields Too Large'),
  auth: httpReply('407 Proxy Authentication Required', 'Proxy-Authenticate: Basic realm="proxy"\r\n'),
  forbidden: httpReply('403 Forbidden'),
  'too-many': httpReply('429 Too Many Requests'),
  dns: httpReply('502 Bad Gateway'),
  refused: httpReply('502 Bad Gateway'),
  unreachable: httpReply('502 Bad Gateway'),
  timeout: httpReply('504 Gateway Timeout'),
  exhausted: httpReply('503 Service Unavailable'),
  family: httpReply('502 Bad Gateway'),
  command: httpReply('405 Method Not Allowed'),
  atyp: httpReply('400 Bad Request'),
  egress: httpReply('502 Bad Gateway'),
};
const HTTP_CONNECTED = Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n', 'latin1');

/** RFC 1928 §6 reply codes. */
const SOCKS_REP: Record<Failure, number> = {
  'bad-request': 0x01,
  'header-too-large': 0x01,
  auth: 0x02,
  forbidden: 0x02,
  'too-many': 0x01,
  dns: 0x04,
  refused: 0x05,
  unreachable: 0x04,
  timeout: 0x04,
  exhausted: 0x01,
  family: 0x08,
  command: 0x07,
  atyp: 0x08,
  egress: 0x01,
};
const SOCKS_NO_METHOD = Buffer.from([0x05, 0xff]);
const SOCKS_METHOD_NONE = Buffer.from([0x05, 0x00]);
const SOCKS_METHOD_USERPASS = Buffer.from([0x05, 0x02]);
const SOCKS_AUTH_OK = Buffer.from([0x01, 0x00]);
const SOCKS_AUTH_FAIL = Buffer.from([0x01, 0x01]);

function socksReply(rep: number): Buffer {
  return Buffer.from([0x05, rep, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A client address as auth IPs are written: IPv4-mapped IPv6 (from a dual-stack listener) unmapped. */
function clientKey(address: string | undefined): string {
  const ip = address === undefined ? null : parseIp(address);
  return ip === null ? '' : formatIp(ip);
}

function kernelPortRange(): [number, number] {
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

/** Per-proxy runtime: the compiled config, its open tunnels, its counter and its quota. */
class ProxyRuntime {
  cfg!: GatewayProxy;
  family: 4 | 6 = 4;
  credentials: Buffer | null = null;
  user: Buffer | null = null;
  pass: Buffer | null = null;
  authIps = new Set<string>();
  readonly tunnels = new Set<Tunnel>();
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

  closeAll(): void {
    for (const t of this.tunnels) {
      t.destroy();
    }
  }
}

const kTunnel = Symbol('tunnel');
type TunnelSocket = Socket & { [kTunnel]: Tunnel };

function tunnelOf(socket: Socket): Tunnel {
  return (socket as TunnelSocket)[kTunnel];
}

// Shared socket listeners (see the file comment): `this` is the socket.
function onHandshakeData(this: Socket, chunk: Buffer): void {
  tunnelOf(this).onHandshakeData(chunk);
}
// The pump: count the chunk, forward it, and pause the source while the other side's buffer is
// full (its 'drain' resumes it). This is what pipe() does, without pipe()'s closures per stream.
function onClientData(this: Socket, chunk: Buffer): void {
  const t = tunnelOf(this);
  t.seen = t.gw.sweeps;
  const rt = t.rt as ProxyRuntime;
  rt.counter.bytesIn += chunk.length;
  rt.used += chunk.length;
  if (rt.used >= rt.allowance) {
    // The chunk that crosses the quota is dropped, not forwarded.
    rt.closeAll();
  } else if (!(t.upstream as Socket).write(chunk)) {
    this.pause();
  }
}
function onUpstreamData(this: Socket, chunk: Buffer): void {
  const t = tunnelOf(this);
  t.seen = t.gw.sweeps;
  const rt = t.rt as ProxyRuntime;
  rt.counter.bytesOut += chunk.length;
  rt.used += chunk.length;
  if (rt.used >= rt.allowance) {
    rt.closeAll();
  } else if (!t.client.write(chunk)) {
    this.pause();
  }
}
function onClientDrain(this: Socket): void {
  tunnelOf(this).upstream?.resume();
}
function onUpstreamDrain(this: Socket): void {
  tunnelOf(this).client.resume();
}
/** Half-close travels through: the client's FIN becomes ours towards the destination, and back. */
function onClientEnd(this: Socket): void {
  tunnelOf(this).upstream?.end();
}
function onUpstreamEnd(this: Socket): void {
  tunnelOf(this).client.end();
}
function onClientClose(this: Socket, hadError: boolean): void {
  tunnelOf(this).onClientClose(hadError);
}
function onUpstreamConnect(this: Socket): void {
  tunnelOf(this).onConnected(this);
}
function onUpstreamError(this: Socket, err: NodeJS.ErrnoException): void {
  tunnelOf(this).onUpstreamError(this, err);
}
function onUpstreamClose(this: Socket, hadError: boolean): void {
  tunnelOf(this).onUpstreamClose(this, hadError);
}
/**
 * The connect timeout is the tunnel's own timer rather than the upstream socket's setTimeout():
 * a socket keeps its timeout object (and a bound function) for life even once cleared, and
 * touches it on every read and write.
 */
function onConnectDeadline(t: Tunnel): void {
  t.upstream?.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' }));
}
/** Errors are followed by 'close', which does the cleanup; the listener keeps them from being thrown. */
function ignoreError(): void {}
function onDeadline(t: Tunnel): void {
  t.destroy();
}
function sweep(gw: Gateway): void {
  gw.sweepIdle();
}

const enum Stage {
  HttpHead,
  SocksGreeting,
  SocksAuth,
  SocksRequest,
  Connecting,
  Piping,
  Refused,
}

/** One client connection, from accept through handshake to a piped tunnel. */
class Tunnel {
  rt: ProxyRuntime | null = null;
  upstream: Socket | null = null;
  stage: Stage;
  authed = false;
  closed = false;
  /** The gateway's sweep count at this tunnel's last chunk either way (see Gateway.sweepIdle). */
  seen = 0;
  private buf: Buffer | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Bytes for the destination before piping starts: a rewritten HTTP head and/or early client data. */
  private head: Buffer | null = null;
  private target: { host: string; port: number; family: 4 | 6 } | null = null;
  private attempts = 0;

  /** HTTP CONNECT (answered 200 once connected) rather than an absolute-URI request. */
  private connectMethod = false;

  constructor(
    readonly gw: Gateway,
    readonly client: Socket,
    readonly port: number,
    readonly clientIp: string,
    readonly socks: boolean,
  ) {
    this.stage = socks ? Stage.SocksGreeting : Stage.HttpHead;
    (client as TunnelSocket)[kTunnel] = this;
    client.on('error', ignoreError);
    client.on('close', onClientClose);
    client.on('data', onHandshakeData);
    const t = gw.timeouts;
    this.arm(socks ? t.socksHandshakeMs : t.headerMs);
  }

  private arm(ms: number, onExpiry: (t: Tunnel) => void = onDeadline): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(onExpiry, ms, this);
  }

  private disarm(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  destroy(): void {
    this.client.destroy();
    this.upstream?.destroy();
  }

  onHandshakeData(chunk: Buffer): void {
    let buf = this.buf === null ? chunk : Buffer.concat([this.buf, chunk]);
    this.buf = null;
    for (;;) {
      const used =
        this.stage === Stage.HttpHead
          ? this.httpHead(buf)
          : this.stage === Stage.SocksGreeting
            ? this.socksGreeting(buf)
            : this.stage === Stage.SocksAuth
              ? this.socksAuth(buf)
              : this.stage === Stage.SocksRequest
                ? this.socksRequest(buf)
                : -1;
      if (used < 0) {
        return;
      }
      if (used === 0) {
        if (buf.length > this.gw.limits.maxHeaderBytes) {
          this.fail(this.stage === Stage.HttpHead ? 'header-too-large' : 'bad-request');
        } else {
          this.buf = buf;
        }
        return;
      }
      buf = buf.subarray(used);
      if (buf.length === 0) {
        return;
      }
    }
  }

  /** Stops reading handshake bytes; what the client sent beyond the request goes to the destination. */
  private endHandshake(rest: Buffer): void {
    this.client.removeListener('data', onHandshakeData);
    this.client.pause();
    this.disarm();
    if (rest.length > 0) {
      this.head = this.head === null ? rest : Buffer.concat([this.head, rest]);
    }
  }

  private authenticate(rt: ProxyRuntime): void {
    this.authed = true;
    this.gw.releaseUnauthenticated(this.clientIp);
    this.rt = rt;
    rt.tunnels.add(this);
  }

  // ---------------------------------------------------------------- HTTP

  private httpHead(buf: Buffer): number {
    const end = buf.indexOf('\r\n\r\n');
    if (end === -1) {
      return 0;
    }
    this.endHandshake(buf.subarray(end + 4));
    const lines = buf.toString('latin1', 0, end).split('\r\n');
    const m = /^([A-Za-z]+) (\S+) (HTTP\/1\.[01])$/.exec(lines[0] as string);
    if (m === null) {
      return this.fail('bad-request');
    }
    const [, method = '', uri = '', version = ''] = m;
    let proxyAuth: string | null = null;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (/^proxy-authorization:/i.test(line)) {
        proxyAuth = line.slice(20).trim();
      }
    }
    const rt = this.gw.proxyOn(this.port);
    if (rt === null || !this.httpAuthorized(rt, proxyAuth)) {
      return this.fail('auth');
    }
    if (!this.gw.admit(rt)) {
      return this.fail('too-many');
    }
    this.authenticate(rt);
    if (method.toUpperCase() === 'CONNECT') {
      this.connectMethod = true;
      const authority = splitAuthority(uri, 0);
      if (authority === null) {
        return this.fail('bad-request');
      }
      this.route(authority.host, authority.port);
      return -1;
    }
    // Absolute-URI request: forward the head in origin-form, then the rest is a raw tunnel.
    const abs = /^http:\/\/([^/?#]*)([^#]*)/i.exec(uri);
    const authority = abs === null ? null : splitAuthority((abs[1] as string).replace(/^.*@/, ''), 80);
    if (abs === null || authority === null) {
      return this.fail('bad-request');
    }
    const path = abs[2] === '' ? '/' : (abs[2] as string);
    const forwarded = rewriteHead(method, path, version, lines, (abs[1] as string).replace(/^.*@/, ''));
    this.head = this.head === null ? forwarded : Buffer.concat([forwarded, this.head]);
    this.route(authority.host, authority.port);
    return -1;
  }

  private httpAuthorized(rt: ProxyRuntime, header: string | null): boolean {
    if (!rt.usable) {
      return false;
    }
    if (rt.authIps.has(this.clientIp)) {
      return true;
    }
    if (rt.credentials === null || header === null) {
      return false;
    }
    const m = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    return m !== null && safeEqual(Buffer.from(m[1] as string, 'base64'), rt.credentials);
  }

  // ---------------------------------------------------------------- SOCKS5 (RFC 1928, RFC 1929)

  private socksGreeting(buf: Buffer): number {
    if (buf[0] !== 0x05) {
      this.client.destroy();
      return -1;
    }
    if (buf.length < 2 || buf.length < 2 + (buf[1] as number)) {
      return 0;
    }
    const methods = buf.subarray(2, 2 + (buf[1] as number));
    const rt = this.gw.proxyOn(this.port);
    if (rt !== null && rt.usable && rt.authIps.has(this.clientIp) && methods.includes(0x00)) {
      if (!this.gw.admit(rt)) {
        return this.fail('too-many');
      }
      this.authenticate(rt);
      this.client.write(SOCKS_METHOD_NONE);
      this.stage = Stage.SocksRequest;
    } else if (methods.includes(0x02)) {
      this.client.write(SOCKS_METHOD_USERPASS);
      this.stage = Stage.SocksAuth;
    } else {
      return this.refuse(SOCKS_NO_METHOD);
    }
    return 2 + methods.length;
  }

  private socksAuth(buf: Buffer): number {
    if (buf[0] !== 0x01) {
      return this.refuse(SOCKS_AUTH_FAIL);
    }
    const ulen = buf.length > 1 ? (buf[1] as number) : -1;
    if (ulen < 0 || buf.length < 3 + ulen || buf.length < 3 + ulen + (buf[2 + ulen] as number)) {
      return 0;
    }
    const plen = buf[2 + ulen] as number;
    const user = buf.subarray(2, 2 + ulen);
    const pass = buf.subarray(3 + ulen, 3 + ulen + plen);
    const rt = this.gw.proxyOn(this.port);
    const ok =
      rt !== null &&
      rt.usable &&
      (rt.authIps.has(this.clientIp) ||
        (rt.user !== null && rt.pass !== null && safeEqual(user, rt.user) && safeEqual(pass, rt.pass)));
    if (!ok || rt === null) {
      return this.refuse(SOCKS_AUTH_FAIL);
    }
    if (!this.gw.admit(rt)) {
      return this.refuse(SOCKS_AUTH_FAIL);
    }
    this.authenticate(rt);
    this.client.write(SOCKS_AUTH_OK);
    this.stage = Stage.SocksRequest;
    return 3 + ulen + plen;
  }

  private socksRequest(buf: Buffer): number {
    if (buf.length < 5) {
      return 0;
    }
    if (buf[0] !== 0x05) {
      return this.fail('bad-request');
    }
    const atyp = buf[3];
    const addrLen = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : atyp === 0x03 ? 1 + (buf[4] as number) : -1;
    if (addrLen < 0) {
      return this.fail('atyp');
    }
    const total = 4 + addrLen + 2;
    if (buf.length < total) {
      return 0;
    }
    this.endHandshake(buf.subarray(total));
    if (buf[1] !== 0x01) {
      return this.fail('command');
    }
    const port = buf.readUInt16BE(4 + addrLen);
    if (atyp === 0x01) {
      this.connectIp({ family: 4, v4: buf.readUInt32BE(4) }, port);
    } else if (atyp === 0x04) {
      const groups: number[] = [];
      for (let i = 0; i < 8; i++) {
        groups.push(buf.readUInt16BE(4 + i * 2));
      }
      const ip = parseIp(groups.map((g) => g.toString(16)).join(':'));
      if (ip === null) {
        return this.fail('atyp');
      }
      this.connectIp(ip, port);
    } else {
      this.route(buf.toString('latin1', 5, 5 + addrLen - 1), port);
    }
    return -1;
  }

  // ---------------------------------------------------------------- destination

  /** Resolves and checks the destination; connects to the checked address only. */
  private route(host: string, port: number): void {
    const target = parseHost(host);
    if (target.kind === 'invalid') {
      this.fail('bad-request');
    } else if (target.kind === 'ip') {
      this.connectIp(target.ip, port);
    } else {
      const rt = this.rt as ProxyRuntime;
      this.stage = Stage.Connecting;
      this.gw.dns.lookup(target.name, rt.family).then(
        (addresses) => this.connectResolved(addresses, port),
        (err: unknown) => {
          if (!this.closed) {
            this.fail(err instanceof DnsError ? 'dns' : 'unreachable');
          }
        },
      );
    }
  }

  private connectResolved(addresses: string[], port: number): void {
    if (this.closed) {
      return;
    }
    // Every address is judged, not only the one used: a name that mixes public and private
    // answers is refused outright.
    let first: Ip | null = null;
    for (const a of addresses) {
      const ip = parseIp(a);
      if (ip === null || this.gw.refusal(ip, port) !== null) {
        this.fail('forbidden');
        return;
      }
      first ??= ip;
    }
    this.connectIp(first as Ip, port);
  }

  private connectIp(ip: Ip, port: number): void {
    const rt = this.rt as ProxyRuntime;
    if (this.gw.refusal(ip, port) !== null) {
      this.fail('forbidden');
      return;
    }
    if (ip.family !== rt.family) {
      this.fail('family');
      return;
    }
    this.stage = Stage.Connecting;
    this.target = { host: formatIp(ip), port, family: ip.family };
    this.attempt();
  }

  private attempt(): void {
    const rt = this.rt as ProxyRuntime;
    const target = this.target as { host: string; port: number; family: 4 | 6 };
    this.attempts += 1;
    const s = net.connect({
      host: target.host,
      port: target.port,
      family: target.family,
      localAddress: rt.cfg.egressIp,
      localPort: this.gw.nextLocalPort(),
      allowHalfOpen: true,
      noDelay: true,
      keepAlive: true,
      keepAliveInitialDelay: 60_000,
    });
    (s as TunnelSocket)[kTunnel] = this;
    this.upstream = s;
    this.arm(this.gw.timeouts.connectMs, onConnectDeadline);
    s.once('connect', onUpstreamConnect);
    s.on('error', onUpstreamError);
    s.on('close', onUpstreamClose);
  }

  onUpstreamError(s: Socket, err: NodeJS.ErrnoException): void {
    if (s !== this.upstream || this.stage !== Stage.Connecting || this.closed) {
      return;
    }
    const code = err.code ?? '';
    if (err.syscall === 'bind' && code === 'EADDRNOTAVAIL') {
      this.gw.egressMissing((this.rt as ProxyRuntime).cfg.egressIp);
      this.fail('egress');
    } else if (code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL') {
      // bind: that local port is taken; connect: that 4-tuple is in use. Another port may do.
      if (this.attempts < PORT_ATTEMPTS) {
        this.gw.egressRetried();
        this.attempt();
      } else {
        this.gw.egressExhausted((this.rt as ProxyRuntime).cfg.egressIp);
        this.fail('exhausted');
      }
    } else if (code === 'ECONNREFUSED') {
      this.fail('refused');
    } else if (code === 'ETIMEDOUT') {
      this.fail('timeout');
    } else {
      this.fail('unreachable');
    }
  }

  onConnected(s: Socket): void {
    if (this.closed || s !== this.upstream) {
      s.destroy();
      return;
    }
    const client = this.client;
    const rt = this.rt as ProxyRuntime;
    this.stage = Stage.Piping;
    this.disarm();
    if (this.head !== null) {
      rt.counter.bytesIn += this.head.length;
      rt.used += this.head.length;
      if (rt.used >= rt.allowance) {
        rt.closeAll();
        return;
      }
      s.write(this.head);
      this.head = null;
    }
    if (this.socks) {
      client.write(socksSuccess(s));
    } else if (this.connectMethod) {
      client.write(HTTP_CONNECTED);
    }
    this.target = null;
    client.on('data', onClientData);
    client.on('drain', onClientDrain);
    client.on('end', onClientEnd);
    s.on('data', onUpstreamData);
    s.on('drain', onUpstreamDrain);
    s.on('end', onUpstreamEnd);
    client.resume();
    this.gw.tunnelOpened(this);
  }

  onUpstreamClose(s: Socket, hadError: boolean): void {
    if (s !== this.upstream || this.stage !== Stage.Piping) {
      return;
    }
    // A clean close follows FINs both ways, so the client has been ended already and closes
    // once our last bytes are flushed. Anything else leaves nobody to talk to.
    if (hadError || !this.client.readableEnded) {
      this.client.destroy();
    }
  }

  onClientClose(hadError: boolean): void {
    this.closed = true;
    this.disarm();
    if (!this.authed) {
      this.gw.releaseUnauthenticated(this.clientIp);
    }
    this.rt?.tunnels.delete(this);
    const up = this.upstream;
    // As in onUpstreamClose: after a clean close the destination side has been ended and
    // finishes flushing on its own.
    if (up !== null && (hadError || this.stage !== Stage.Piping || !up.readableEnded)) {
      up.destroy();
    }
    this.gw.connectionClosed(this);
  }

  /** Sends the protocol's refusal for `failure` and closes. */
  private fail(failure: Failure): number {
    if (!this.socks) {
      return this.refuse(HTTP_FAILURE[failure]);
    }
    if (this.stage === Stage.SocksGreeting) {
      return this.refuse(SOCKS_NO_METHOD);
    }
    if (this.stage === Stage.SocksAuth) {
      return this.refuse(SOCKS_AUTH_FAIL);
    }
    return this.refuse(socksReply(SOCKS_REP[failure]));
  }

  private refuse(reply: Buffer): number {
    this.stage = Stage.Refused;
    this.upstream?.destroy();
    this.client.removeListener('data', onHandshakeData);
    // Read and drop whatever else the client sends, so closing does not turn into a reset that
    // could discard the reply before the client reads it.
    this.client.resume();
    this.client.end(reply);
    this.arm(LINGER_MS);
    return -1;
  }
}

function socksSuccess(s: Socket): Buffer {
  const ip = parseIp(s.localAddress ?? '') ?? { family: 4 as const, v4: 0 };
  const port = s.localPort ?? 0;
  if (ip.family === 4) {
    const b = Buffer.alloc(10);
    b.writeUInt8(0x05, 0);
    b.writeUInt8(0x01, 3);
    b.writeUInt32BE(ip.v4, 4);
    b.writeUInt16BE(port, 8);
    return b;
  }
  const b = Buffer.alloc(22);
  b.writeUInt8(0x05, 0);
  b.writeUInt8(0x04, 3);
  ip.v6.forEach((g, i) => b.writeUInt16BE(g, 4 + i * 2));
  b.writeUInt16BE(port, 20);
  return b;
}

/** `host:port`, `[v6]:port`, or a bare host with `defaultPort` (0: the port is required). */
function splitAuthority(authority: string, defaultPort: number): { host: string; port: number } | null {
  const m = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(authority);
  if (m === null || m[1] === '') {
    return null;
  }
  const port = m[2] === undefined ? defaultPort : Number(m[2]);
  return port >= 1 && port <= 65535 ? { host: m[1] as string, port } : null;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the proxy's own are not forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * The origin-form head for the destination. It asks for `Connection: close`: after the head the
 * connection is a raw tunnel to this one destination, so the client's next request (possibly to
 * another host) must come on a new connection. An Upgrade (WebSocket) keeps its headers.
 */
function rewriteHead(method: string, path: string, version: string, lines: string[], authority: string): Buffer {
  const drop = new Set(HOP_BY_HOP);
  let upgrade: string | null = null;
  let host = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'connection') {
      for (const token of value.toLowerCase().split(',')) {
        drop.add(token.trim());
      }
    } else if (name === 'upgrade') {
      upgrade = value;
    } else if (name === 'host') {
      host = true;
    }
  }
  const upgrading = upgrade !== null && drop.has('upgrade');
  let out = `${method} ${path} ${version}\r\n`;
  if (!host) {
    out += `Host: ${authority}\r\n`;
  }
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    if (colon <= 0 || drop.has(line.slice(0, colon).trim().toLowerCase())) {
      continue;
    }
    out += `${line}\r\n`;
  }
  out += upgrading ? `Connection: Upgrade\r\nUpgrade: ${upgrade}\r\n\r\n` : 'Connection: close\r\n\r\n';
  return Buffer.from(out, 'latin1');
}

export class Gateway {
  readonly state = new GatewayState();
  readonly meter: Meter;
  readonly dns: DnsCache;
  readonly timeouts: GatewayTimeouts;
  readonly limits: GatewayLimits;
  readonly log: GatewayLogger;
  private readonly host: string;
  private readonly policy: DestinationPolicy;
  private readonly blockedPorts: Set<number>;
  private readonly ownAddresses = new AddressSet();
  /** Egress address → number of proxies using it; these are this node's addresses too. */
  private readonly egressUse = new Map<string, number>();
  private readonly runtimes = new Map<string, ProxyRuntime>();
  private readonly listeners = new Map<number, Server>();
  private readonly failedPorts = new Set<number>();
  private readonly connections = new Set<Tunnel>();
  private readonly unauthenticated = new Map<string, number>();
  private readonly portFrom: number;
  private readonly portSpan: number;
  private portCursor: number;
  private tunnelCount = 0;
  /** Idle sweeps so far; tunnels stamp it on every chunk. */
  sweeps = 0;
  private readonly sweepMs: number;
  private sweeper: NodeJS.Timeout | null = null;
  private exhaustedCount = 0;
  private retryCount = 0;
  private readonly lastLogged = new Map<string, number>();
  private reconciling: Promise<void> = Promise.resolve();
  private closing = false;

  constructor(opts: GatewayOptions = {}) {
    this.host = opts.host ?? '0.0.0.0';
    this.meter = opts.meter ?? new Meter();
    this.dns = opts.dns ?? new DnsCache();
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.sweepMs = Math.min(MAX_SWEEP_MS, Math.max(MIN_SWEEP_MS, Math.floor(this.timeouts.idleMs / IDLE_SWEEPS)));
    this.log = opts.logger ?? NOOP_LOGGER;
    this.blockedPorts = new Set(opts.blockedPorts ?? []);
    const [from, to] = opts.egressPorts ?? kernelPortRange();
    this.portFrom = from;
    this.portSpan = to - from + 1;
    // A random start, so a restarted gateway does not walk straight into its predecessor's ports.
    this.portCursor = Math.floor(Math.random() * this.portSpan);
    for (const prefix of opts.ownPrefixes ?? []) {
      if (!this.ownAddresses.add(prefix)) {
        throw new Error(`ownPrefixes: not a CIDR: ${prefix}`);
      }
    }
    this.ownAddresses.add(this.host);
    for (const list of Object.values(os.networkInterfaces())) {
      for (const a of list ?? []) {
        this.ownAddresses.add(a.address);
      }
    }
    const allowTargets = new Set(
      (opts.allowTargets ?? []).map((t) => {
        const i = t.lastIndexOf(':');
        const ip = parseIp(t.slice(0, i).replace(/^\[|\]$/g, ''));
        if (ip === null) {
          throw new Error(`allowTargets: not ip:port: ${t}`);
        }
        return `${formatIp(ip)}:${t.slice(i + 1)}`;
      }),
    );
    this.policy = {
      allowPrivate: opts.allowPrivate ?? false,
      isBlockedPort: (port) => this.blockedPorts.has(port) || this.state.getByPort(port) !== undefined,
      isOwnAddress: (ip) => this.ownAddresses.has(ip) || this.egressUse.has(formatIp(ip)),
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

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    this.closing = true;
    const closing = [...this.listeners.values()].map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
    this.listeners.clear();
    if (this.sweeper !== null) {
      clearInterval(this.sweeper);
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
      egressPortRetries: this.retryCount,
      egressPortsExhausted: this.exhaustedCount,
    };
  }

  // ---------------------------------------------------------------- used by tunnels

  proxyOn(port: number): ProxyRuntime | null {
    const cfg = this.state.getByPort(port);
    return cfg === undefined ? null : (this.runtimes.get(cfg.id) ?? null);
  }

  admit(rt: ProxyRuntime): boolean {
    return rt.tunnels.size < this.limits.connectionsPerProxy;
  }

  refusal(ip: Ip, port: number): string | null {
    return destinationRefusal(ip, port, this.policy);
  }

  nextLocalPort(): number {
    this.portCursor = (this.portCursor + 1) % this.portSpan;
    return this.portFrom + this.portCursor;
  }

  releaseUnauthenticated(ip: string): void {
    const n = this.unauthenticated.get(ip) ?? 0;
    if (n <= 1) {
      this.unauthenticated.delete(ip);
    } else {
      this.unauthenticated.set(ip, n - 1);
    }
  }

  egressExhausted(egressIp: string): void {
    this.exhaustedCount += 1;
    if (this.mayLog(`exhausted ${egressIp}`)) {
      this.log.warn(
        { egressIp, portRange: [this.portFrom, this.portFrom + this.portSpan - 1] },
        'no free local port on the egress address for this destination; see README "Ephemeral ports"',
      );
    }
  }

  egressMissing(egressIp: string): void {
    if (this.mayLog(`missing ${egressIp}`)) {
      this.log.error({ egressIp }, 'egress address is not configured on this host (bind: EADDRNOTAVAIL)');
    }
  }

  /** Once a minute per key: these conditions repeat on every connection while they last. */
  private mayLog(key: string): boolean {
    const now = Date.now();
    if (now - (this.lastLogged.get(key) ?? 0) < 60_000) {
      return false;
    }
    if (this.lastLogged.size > 1_000) {
      this.lastLogged.clear();
    }
    this.lastLogged.set(key, now);
    return true;
  }

  egressRetried(): void {
    this.retryCount += 1;
  }

  tunnelOpened(t: Tunnel): void {
    this.tunnelCount += 1;
    t.seen = this.sweeps;
    if (this.sweeper === null) {
      this.sweeper = setInterval(sweep, this.sweepMs, this);
      // Tunnels keep the process alive through their sockets; the sweep alone should not.
      this.sweeper.unref();
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
      if (t.stage === Stage.Piping && t.seen <= quietSweeps) {
        t.destroy();
      }
    }
    if (this.tunnelCount === 0 && this.sweeper !== null) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  connectionClosed(t: Tunnel): void {
    if (this.connections.delete(t) && t.stage === Stage.Piping) {
      this.tunnelCount -= 1;
    }
  }

  // ---------------------------------------------------------------- internals

  private accept(socket: Socket, port: number): void {
    const rt = this.proxyOn(port);
    const ip = clientKey(socket.remoteAddress);
    const pending = this.unauthenticated.get(ip) ?? 0;
    if (rt === null || this.closing || pending >= this.limits.unauthenticatedPerIp) {
      socket.destroy();
      return;
    }
    this.unauthenticated.set(ip, pending + 1);
    this.connections.add(new Tunnel(this, socket, port, ip, rt.cfg.protocol === 'socks5'));
  }

  private apply(diff: StateDiff, full: boolean): Promise<void> {
    for (const p of diff.removed) {
      const rt = this.runtimes.get(p.id);
      if (rt !== undefined) {
        rt.closeAll();
        this.runtimes.delete(p.id);
        this.meter.retire(p.id);
        this.useEgress(p.egressIp, -1);
      }
    }
    for (const p of diff.added) {
      const rt = new ProxyRuntime(this.meter.counter(p.id));
      rt.configure(p, null, this.meter);
      this.runtimes.set(p.id, rt);
      this.useEgress(p.egressIp, 1);
    }
    for (const { before, after } of diff.updated) {
      const rt = this.runtimes.get(after.id) as ProxyRuntime;
      rt.configure(after, before, this.meter);
      this.useEgress(before.egressIp, -1);
      this.useEgress(after.egressIp, 1);
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

  private useEgress(ip: string, delta: number): void {
    const key = clientKey(ip);
    const n = (this.egressUse.get(key) ?? 0) + delta;
    if (n <= 0) {
      this.egressUse.delete(key);
    } else {
      this.egressUse.set(key, n);
    }
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
    const server = net.createServer(
      { allowHalfOpen: true, noDelay: true, keepAlive: true, keepAliveInitialDelay: 60_000 },
      (socket) => this.accept(socket, port),
    );
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
        // From now on errors are accept() failures (EMFILE and the like): the listener stays.
        server.removeListener('error', failed);
        server.on('error', (err) => this.log.warn({ port, err: String(err) }, 'accept failed'));
        resolve();
      });
    });
  }
}
