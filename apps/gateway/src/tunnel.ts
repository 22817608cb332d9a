/**
 * One client connection, from accept through the handshake (HttpHandshake or SocksHandshake, fed
 * the client's bytes) and the connect to the destination, to a relayed tunnel (relay.ts).
 */
import net, { type Socket } from 'node:net';
import type { Clock, TimerHandle } from './clock.js';
import { DnsError, type DnsCache } from './dns-cache.js';
import { PORT_ATTEMPTS, type Egress } from './egress.js';
import type { Access, Handshake } from './handshake.js';
import { handshakeFor } from './detect.js';
import type { GatewayLimits, GatewayTimeouts } from './options.js';
import { attachTunnel, startRelay, tunnelOf, UPSTREAM_READ } from './relay.js';
import { HTTP_CONNECTED, httpForbidden, refusedDestination, socksSuccess, type Failure } from './replies.js';
import type { ProxyRuntime } from './runtime.js';
import { formatIp, parseHost, parseIp, type Ip } from './ssrf.js';

/** A refused client gets this long to read the refusal before its socket is destroyed. */
const LINGER_MS = 2_000;

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
  releaseUnauthenticated(ip: string): void;
  authFailed(): false;
  tunnelOpened(t: Tunnel): void;
  connectionClosed(t: Tunnel): void;
}

const enum Stage {
  Handshake,
  Connecting,
  Piping,
  Refused,
}

// Shared socket listeners (see relay.ts): `this` is the socket.
function onHandshakeData(this: Socket, chunk: Buffer): void {
  tunnelOf(this).onHandshakeData(chunk);
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

export class Tunnel implements Access {
  rt: ProxyRuntime | null = null;
  upstream: Socket | null = null;
  private stage = Stage.Handshake;
  private authed = false;
  private closed = false;
  /** The gateway's sweep count at this tunnel's last chunk either way (see Gateway.sweepIdle). */
  seen = 0;
  /** Made on the client's first byte, which tells SOCKS5 from HTTP (see detect.ts). */
  private hs: Handshake | null = null;
  private timer: TimerHandle | null = null;
  /** Bytes for the destination before piping starts: a rewritten HTTP head and/or early client data. */
  private head: Buffer | null = null;
  private confirm: 'http' | 'socks' | null = null;
  private target: { host: string; port: number; family: 4 | 6 } | null = null;
  private attempts = 0;

  constructor(
    readonly gw: TunnelHost,
    readonly client: Socket,
    readonly port: number,
    readonly clientIp: string,
    /** The proxy's own protocol is SOCKS5: its handshake deadline applies (the client may speak either). */
    socks: boolean,
  ) {
    attachTunnel(client, this);
    client.on('error', ignoreError);
    client.on('close', onClientClose);
    client.on('data', onHandshakeData);
    const t = gw.timeouts;
    this.arm(socks ? t.socksHandshakeMs : t.headerMs);
  }

  get piping(): boolean {
    return this.stage === Stage.Piping;
  }

  private arm(ms: number, onExpiry: (t: Tunnel) => void = onDeadline): void {
    if (this.timer !== null) {
      this.gw.clock.clearTimeout(this.timer);
    }
    this.timer = this.gw.clock.setTimeout(onExpiry, ms, this);
  }

  private disarm(): void {
    if (this.timer !== null) {
      this.gw.clock.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  destroy(): void {
    this.client.destroy();
    this.upstream?.destroy();
  }

  onHandshakeData(chunk: Buffer): void {
    // A stream never delivers an empty chunk, so the first one has the byte that decides.
    const hs = (this.hs ??= handshakeFor(chunk[0] as number, this, this.gw.limits.maxHeaderBytes));
    hs.push(chunk);
    for (;;) {
      const step = hs.next();
      switch (step.kind) {
        case 'more':
          return;
        case 'reply':
          this.client.write(step.bytes);
          break;
        case 'refuse':
          this.refuse(step.bytes);
          return;
        case 'drop':
          this.client.destroy();
          return;
        case 'connect':
          this.endHandshake(step.early);
          this.confirm = step.confirm;
          if (step.ip !== null) {
            this.connectIp(step.ip, step.port);
          } else {
            this.route(step.host as string, step.port);
          }
          return;
      }
    }
  }

  /** Stops reading handshake bytes; `early` goes to the destination first. */
  private endHandshake(early: Buffer | null): void {
    this.client.removeListener('data', onHandshakeData);
    this.client.pause();
    this.disarm();
    this.head = early;
  }

  // ---------------------------------------------------------------- Access (asked by the handshake)

  httpAdmit(proxyAuth: string | null): 'auth' | 'too-many' | null {
    const rt = this.gw.proxyOn(this.port);
    if (rt === null || !rt.httpAuthorized(this.clientIp, proxyAuth)) {
      this.gw.authFailed();
      return 'auth';
    }
    return this.admit(rt) ? null : 'too-many';
  }

  socksIpAdmit(): 'ok' | 'too-many' | 'no' {
    const rt = this.gw.proxyOn(this.port);
    if (rt === null || !rt.ipAllowed(this.clientIp)) {
      return 'no';
    }
    return this.admit(rt) ? 'ok' : 'too-many';
  }

  socksPasswordAdmit(user: Buffer, pass: Buffer): boolean {
    const rt = this.gw.proxyOn(this.port);
    return rt !== null && rt.socksAuthorized(this.clientIp, user, pass) ? this.admit(rt) : this.gw.authFailed();
  }

  /** Under the proxy's tunnel cap: the client counts as authenticated and as the proxy's tunnel. */
  private admit(rt: ProxyRuntime): boolean {
    if (!this.gw.admit(rt)) {
      return false;
    }
    this.authed = true;
    this.gw.releaseUnauthenticated(this.clientIp);
    this.rt = rt;
    rt.tunnels.add(this);
    return true;
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
        (addresses) => this.connectResolved(host, addresses, port),
        (err: unknown) => {
          if (!this.closed) {
            this.fail(err instanceof DnsError ? 'dns' : 'unreachable');
          }
        },
      );
    }
  }

  private connectResolved(host: string, addresses: string[], port: number): void {
    if (this.closed) {
      return;
    }
    // Every address is judged, not only the one used: a name that mixes public and private
    // answers is refused outright.
    let first: Ip | null = null;
    for (const a of addresses) {
      const ip = parseIp(a);
      if (ip === null) {
        this.fail('forbidden');
        return;
      }
      const why = this.gw.refusal(ip, port);
      if (why !== null) {
        this.forbid(`${host} (${a} port ${port})`, why);
        return;
      }
      first ??= ip;
    }
    this.connectIp(first as Ip, port);
  }

  private connectIp(ip: Ip, port: number): void {
    const rt = this.rt as ProxyRuntime;
    const why = this.gw.refusal(ip, port);
    if (why !== null) {
      this.forbid(`${formatIp(ip)} port ${port}`, why);
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
      localPort: this.gw.egress.nextLocalPort(),
      allowHalfOpen: true,
      noDelay: true,
      keepAlive: true,
      keepAliveInitialDelay: 60_000,
      onread: UPSTREAM_READ,
    });
    attachTunnel(s, this);
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
    const egress = this.gw.egress;
    if (err.syscall === 'bind' && code === 'EADDRNOTAVAIL') {
      egress.missing((this.rt as ProxyRuntime).cfg.egressIp);
      this.fail('egress');
    } else if (code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL') {
      // bind: that local port is taken; connect: that 4-tuple is in use. Another port may do.
      if (this.attempts < PORT_ATTEMPTS) {
        egress.retried();
        this.attempt();
      } else {
        egress.noFreePort((this.rt as ProxyRuntime).cfg.egressIp);
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
      if (!rt.count(this.head.length, true)) {
        return;
      }
      s.write(this.head);
      this.head = null;
    }
    if (this.confirm === 'socks') {
      client.write(socksSuccess(s.localAddress, s.localPort));
    } else if (this.confirm === 'http') {
      client.write(HTTP_CONNECTED);
    }
    this.target = null;
    startRelay(client, s);
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
  private fail(failure: Failure): void {
    // Only called once the handshake has asked for a connection, so it exists.
    const step = (this.hs as Handshake).refusal(failure);
    if (step.kind === 'refuse') {
      this.refuse(step.bytes);
    }
  }

  /** A refused destination: HTTP says why in its body; SOCKS5 has only REP 0x02 (not allowed by ruleset). */
  private forbid(target: string, reason: string): void {
    if (this.confirm === 'socks') {
      this.fail('forbidden');
    } else {
      this.refuse(httpForbidden(refusedDestination(target, reason)));
    }
  }

  private refuse(reply: Buffer): void {
    this.stage = Stage.Refused;
    this.upstream?.destroy();
    this.client.removeListener('data', onHandshakeData);
    // Read and drop whatever else the client sends, so closing does not turn into a reset that
    // could discard the reply before the client reads it.
    this.client.resume();
    this.client.end(reply);
    this.arm(LINGER_MS);
  }
}
