/**
 * One client connection, from accept through the handshake (HttpHandshake or SocksHandshake, fed
 * the client's bytes) and the connect to the destination, to a relayed tunnel (relay.ts). A chained
 * proxy (one with an `upstream`) connects to its upstream proxy instead and runs the upstream
 * handshake (protocol/upstream-handshake.ts) before relaying; one deadline covers resolving,
 * connecting to and handshaking with the upstream.
 */
import type { TGatewayUpstream } from '@proxy/contract';
import type { TimerHandle } from './clock.js';
import type { Access, Handshake } from '../protocol/handshake.js';
import { handshakeFor } from '../protocol/detect.js';
import type { TunnelHost } from './tunnel-host.js';
import * as relay from './relay.js';
type Side = relay.Side;
import { HTTP_CONNECTED, httpForbidden, refusedDestination, socksSuccess, type Failure } from '../protocol/replies.js';
import type { ProxyRuntime } from '../node/runtime.js';
import { formatIp, parseHost, type Ip } from '../protocol/ssrf.js';
import type { UpstreamTarget } from '../protocol/upstream-handshake.js';
import { Chain } from './chain.js';
import { Direct } from './direct.js';
import { associate, type UdpAssociation } from './udp.js';
import * as wire from './wire.js';

/** A refused client gets this long to read the refusal before its socket is destroyed. */
const LINGER_MS = 2_000;

const enum Stage {
  Handshake,
  Connecting,
  Piping,
  /** SOCKS5 UDP ASSOCIATE: the connection only holds its UDP relay open. */
  Associated,
  Refused,
}

export class Tunnel implements Access {
  rt: ProxyRuntime | null = null;
  readonly client: Side;
  upstream: Side | null = null;
  private stage = Stage.Handshake;
  private authed = false;
  closed = false;
  /**
   * Counted among the gateway's tunnels (set as it tells the gateway, tunnelOpened). Piping or
   * Associated starts before the client's confirmation is written, and a tunnel whose write fails
   * there closes without having been counted: only a counted one counts down when it closes.
   */
  counted = false;
  /** The gateway's sweep count at this tunnel's last chunk either way (see Gateway.sweepIdle). */
  seen = 0;
  /** Made on the client's first byte, which tells SOCKS5 from HTTP (see detect.ts). */
  private hs: Handshake | null = null;
  private timer: TimerHandle | null = null;
  /** Bytes for the destination before piping starts: a rewritten HTTP head and/or early client data. */
  private head: Buffer | null = null;
  private confirm: 'http' | 'socks' | null = null;
  /** How the destination is reached: directly from the egress address, or through an upstream proxy. */
  out: Direct | Chain | null = null;
  /** The UDP relay of a SOCKS5 UDP ASSOCIATE. */
  udp: UdpAssociation | null = null;

  constructor(
    readonly gw: TunnelHost,
    client: wire.TcpHandle,
    readonly port: number,
    readonly clientIp: string,
    /** The proxy's own protocol is SOCKS5: its handshake deadline applies (the client may speak either). */
    socks: boolean,
  ) {
    this.client = new relay.Side(client, this, true);
    client.onread = relay.onHandshakeRead;
    client.readStart();
    const t = gw.timeouts;
    this.arm(socks ? t.socksHandshakeMs : t.headerMs);
  }

  /** Relaying (a TCP tunnel or a UDP association): counted as a tunnel and swept when idle. */
  get piping(): boolean {
    return this.stage === Stage.Piping || this.stage === Stage.Associated;
  }

  arm(ms: number, onExpiry: (t: Tunnel) => void = relay.onDeadline): void {
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

  /** Closes both sockets at once (pending bytes are dropped) and forgets the tunnel. */
  destroy(): void {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.disarm();
    this.client.close();
    this.upstream?.close();
    this.udp?.close();
    if (!this.authed) {
      this.gw.releaseUnauthenticated(this.clientIp);
    }
    this.rt?.tunnels.delete(this);
    this.gw.connectionClosed(this);
  }

  /** A side read its end of stream (or an error): the FIN travels on; errors end the tunnel. */
  readEnded(side: Side, status: number): void {
    if (status !== wire.UV_EOF) {
      this.destroy();
      return;
    }
    side.eof = true;
    if (this.stage === Stage.Piping) {
      (side.peer as Side).end();
    }
    this.sideFinished();
  }

  /**
   * Closes the tunnel once nothing is left to carry: relaying, both FINs have been read and sent
   * on; refused, the client's FIN came after our reply was out.
   */
  sideFinished(): void {
    const c = this.client;
    if (this.stage === Stage.Piping) {
      const u = this.upstream as Side;
      if (c.eof && c.shut && u.eof && u.shut) {
        this.destroy();
      }
    } else if (this.stage === Stage.Refused && c.eof && c.shut) {
      this.destroy();
    }
  }

  onHandshakeData(chunk: Buffer): void {
    // A read never reports 0 bytes here, so the first one has the byte that decides.
    const hs = (this.hs ??= handshakeFor(chunk[0] as number, this, this.gw.limits.maxHeaderBytes));
    hs.push(chunk);
    for (;;) {
      const step = hs.next();
      switch (step.kind) {
        case 'more':
          // What is kept points into the shared read buffer until copied.
          hs.detach();
          return;
        case 'reply':
          this.client.write(step.bytes);
          if (this.closed) {
            return;
          }
          break;
        case 'refuse':
          this.refuse(step.bytes);
          return;
        case 'drop':
          this.destroy();
          return;
        case 'associate':
          this.endHandshake(null);
          this.stage = Stage.Connecting;
          this.udp = associate(this, this.rt as ProxyRuntime, step.port);
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

  /** The UDP relay listens: the client gets its address; the connection now only holds it open. */
  associated(reply: Buffer): void {
    this.stage = Stage.Associated;
    this.hs = null;
    this.client.write(reply);
    if (!this.closed) {
      // Anything more on the connection is ignored; its end (or an error) ends the association.
      this.client.h.onread = relay.onControlRead;
      this.client.h.readStart();
      this.counted = true;
      this.gw.tunnelOpened(this);
    }
  }

  /** Stops reading handshake bytes; `early` (a view of the read buffer) goes to the destination first. */
  private endHandshake(early: Buffer | null): void {
    const h = this.client.h;
    h.readStop();
    h.onread = wire.ignoreRead;
    this.disarm();
    this.head = early === null ? null : Buffer.from(early);
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
    const rt = this.rt as ProxyRuntime;
    if (target.kind === 'invalid') {
      this.fail('bad-request');
    } else if (target.kind === 'ip') {
      this.connectIp(target.ip, port);
    } else if (rt.cfg.upstream) {
      // The upstream resolves the name where it is: our resolver and the proxy's family do not apply.
      this.chainTo(rt.cfg.upstream, { name: target.name }, port);
    } else {
      this.stage = Stage.Connecting;
      this.out = new Direct(this, rt);
      this.out.resolve(host, target.name, port);
    }
  }

  connectIp(ip: Ip, port: number): void {
    const rt = this.rt as ProxyRuntime;
    const why = this.gw.refusal(ip, port);
    if (why !== null) {
      this.forbid(`${formatIp(ip)} port ${port}`, why);
    } else if (rt.cfg.upstream) {
      this.chainTo(rt.cfg.upstream, { ip }, port);
    } else if (ip.family !== rt.family && !(ip.family === 4 && rt.cfg.ipv4Fallback === true)) {
      this.fail(rt.family === 6 ? 'ipv6-only' : 'family');
    } else {
      this.stage = Stage.Connecting;
      const direct = this.out instanceof Direct ? this.out : new Direct(this, rt);
      this.out = direct;
      direct.connect(ip, port);
    }
  }

  private chainTo(upstream: TGatewayUpstream, target: UpstreamTarget, port: number): void {
    this.stage = Stage.Connecting;
    this.arm(this.gw.timeouts.connectMs, relay.onConnectDeadline);
    const chain = new Chain(this, upstream, target, port);
    this.out = chain;
    chain.begin();
  }

  connectTimedOut(): void {
    this.timer = null;
    this.upstream?.close();
    if (this.out instanceof Chain) {
      this.out.timedOut();
    } else {
      this.fail('timeout');
    }
  }

  onConnected(up: Side, status: number, syscall: 'bind' | 'connect'): void {
    if (this.closed || up !== this.upstream || up.closed) {
      return;
    }
    if (status < 0) {
      this.disarm();
      this.out?.connectFailed(status, syscall);
      return;
    }
    const h = up.h;
    h.setNoDelay(true);
    h.setKeepAlive(true, wire.KEEPALIVE_S);
    if (this.out instanceof Chain) {
      // The deadline stays armed: it covers the upstream's handshake too.
      this.out.connected(up);
      return;
    }
    this.disarm();
    this.established(null);
  }

  /**
   * The destination is reachable through `upstream`: the early head goes out, the client gets its
   * confirmation and then `rest` (what the upstream sent after its reply), and relaying starts.
   */
  private established(rest: Buffer | null): void {
    const client = this.client;
    const up = this.upstream as Side;
    const rt = this.rt as ProxyRuntime;
    const h = up.h;
    this.stage = Stage.Piping;
    if (this.head !== null) {
      if (!rt.count(this.head.length, true)) {
        return;
      }
      if (!up.write(this.head)) {
        return;
      }
      this.head = null;
    }
    if (this.confirm === 'socks') {
      const out: wire.SockAddr = {};
      h.getsockname(out);
      client.write(socksSuccess(out.address, out.port));
    } else if (this.confirm === 'http') {
      client.write(HTTP_CONNECTED);
    }
    if (rest !== null && (!rt.count(rest.length, false) || !client.write(rest))) {
      return;
    }
    if (this.closed) {
      return;
    }
    this.out = null;
    this.hs = null;
    relay.startRelay(client, up);
    this.counted = true;
    this.gw.tunnelOpened(this);
  }

  /** The upstream has opened the way to the destination; `rest` is the destination's first bytes. */
  chained(rest: Buffer | null): void {
    this.disarm();
    this.established(rest);
  }

  /** Sends the protocol's refusal for `failure` and closes. */
  fail(failure: Failure): void {
    // Only called once the handshake has asked for a connection, so it exists.
    const step = (this.hs as Handshake).refusal(failure);
    if (step.kind === 'refuse') {
      this.refuse(step.bytes);
    }
  }

  /** A refused destination: HTTP says why in its body; SOCKS5 has only REP 0x02 (not allowed by ruleset). */
  forbid(target: string, reason: string): void {
    if (this.confirm === 'socks') {
      this.fail('forbidden');
    } else {
      this.refuse(httpForbidden(refusedDestination(target, reason)));
    }
  }

  private refuse(reply: Buffer): void {
    if (this.closed) {
      return;
    }
    this.stage = Stage.Refused;
    this.upstream?.close();
    // Read and drop whatever else the client sends, so closing does not turn into a reset that
    // could discard the reply before the client reads it.
    const client = this.client;
    client.h.onread = relay.onDiscardRead;
    client.h.readStart();
    if (client.write(reply)) {
      client.end();
    }
    if (!this.closed) {
      this.arm(LINGER_MS);
    }
  }
}
