/**
 * How a chained proxy reaches its destination (docs/gateway-protocol.md#chaining): resolve the
 * upstream proxy's address and check it like a destination, connect to it (bound to no egress
 * address: the upstream is the egress), run the upstream handshake (protocol/upstream-handshake.ts)
 * over that connection, and give the tunnel either the open connection or one failure. The
 * tunnel's connect deadline runs over all of it.
 */
import type { TGatewayUpstream } from '@proxy/contract';
import type { Failure } from '../protocol/replies.js';
import { formatIp, parseHost, parseIp, type Ip } from '../protocol/ssrf.js';
import {
  upstreamHandshake,
  type UpstreamHandshake,
  type UpstreamStep,
  type UpstreamTarget,
} from '../protocol/upstream-handshake.js';
import * as relay from './relay.js';
import type { Tunnel } from './tunnel.js';
import * as wire from './wire.js';

export class Chain {
  private readonly hs: UpstreamHandshake;
  /** The tunnel has its answer (open or failed): later events change nothing. */
  private over = false;

  constructor(
    private readonly t: Tunnel,
    private readonly upstream: TGatewayUpstream,
    target: UpstreamTarget,
    port: number,
  ) {
    this.hs = upstreamHandshake(upstream, target, port);
  }

  /** Resolves the upstream's host (a literal or a name, A first, then AAAA) and connects. */
  begin(): void {
    const host = parseHost(this.upstream.host);
    if (host.kind === 'ip') {
      this.dial([host.ip]);
    } else if (host.kind === 'invalid') {
      this.fail('upstream-unreachable');
    } else {
      const dns = this.t.gw.dns;
      dns
        .lookup(host.name, 4)
        .catch(() => dns.lookup(host.name, 6))
        .then(
          (addresses) => this.dial(addresses.map(parseIp)),
          () => this.fail('upstream-unreachable'),
        );
    }
  }

  /**
   * Connects to the first address once every one passes the destination rule: checked at each
   * connection, since a name's answer may change.
   */
  private dial(addresses: Array<Ip | null>): void {
    if (this.over || this.t.closed) {
      return;
    }
    for (const ip of addresses) {
      if (ip === null || this.t.gw.upstreamRefusal(ip, this.upstream.port) !== null) {
        this.fail('upstream-unreachable');
        return;
      }
    }
    const ip = addresses[0] as Ip;
    this.t.upstream?.close();
    const h = wire.newSocketHandle();
    this.t.upstream = new relay.Side(h, this.t, false);
    const r = wire.connectHandle(h, ip.family, null, 0, formatIp(ip), this.upstream.port);
    if (r.err !== 0) {
      this.connectFailed(r.err);
    }
  }

  /** The connection to the upstream failed (a negative libuv status). */
  connectFailed(status: number, _syscall?: 'bind' | 'connect'): void {
    this.t.upstream?.close();
    this.fail(wire.errorName(status) === 'ECONNREFUSED' ? 'upstream-refused' : 'upstream-unreachable');
  }

  /** Connected to the upstream: its handshake starts. */
  connected(up: relay.Side): void {
    up.h.onread = relay.onChainRead;
    up.h.readStart();
    this.run(this.hs.start());
  }

  /** Bytes from the upstream during its handshake. */
  data(chunk: Buffer): void {
    if (!this.over) {
      this.hs.push(chunk);
      this.run(this.hs.next());
    }
  }

  /** The upstream closed (or reset) before its handshake was done. */
  ended(): void {
    this.fail('upstream-error');
  }

  /** The tunnel's connect deadline passed before the upstream said yes. */
  timedOut(): void {
    this.fail('upstream-timeout');
  }

  private run(first: UpstreamStep): void {
    for (let step = first; ; step = this.hs.next()) {
      switch (step.kind) {
        case 'more':
          this.hs.detach();
          return;
        case 'send':
          if (!(this.t.upstream as relay.Side).write(step.bytes) || this.t.closed) {
            return;
          }
          break;
        case 'fail':
          this.fail(step.failure);
          return;
        case 'done': {
          this.over = true;
          const h = (this.t.upstream as relay.Side).h;
          h.readStop();
          h.onread = wire.ignoreRead;
          this.t.chained(step.rest);
          return;
        }
      }
    }
  }

  private fail(failure: Failure): void {
    if (!this.over && !this.t.closed) {
      this.over = true;
      this.t.fail(failure);
    }
  }
}
