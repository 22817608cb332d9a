/**
 * How a direct proxy reaches its destination: a name is resolved here in the proxy's family and
 * every answer must pass the destination rule; the connection is bound to the proxy's egress
 * address and a local port from the gateway's picker, and retried on another port when that one
 * is taken (see README "Ephemeral ports").
 */
import type { ProxyRuntime } from '../node/runtime.js';
import { formatIp, parseIp, type Ip } from '../protocol/ssrf.js';
import { DnsError } from './dns-cache.js';
import { connectFailure, PORT_ATTEMPTS } from './egress.js';
import { Ipv6Only, resolveFor } from './resolve.js';
import * as relay from './relay.js';
import type { Tunnel } from './tunnel.js';
import * as wire from './wire.js';

export class Direct {
  private attempts = 0;
  private target: { host: string; port: number; family: 4 | 6 } | null = null;
  /** The address to send from: the proxy's egress, or the node's IPv4 egress for the fallback (null: any). */
  private source: string | null = null;

  constructor(
    private readonly t: Tunnel,
    private readonly rt: ProxyRuntime,
  ) {}

  /** Resolves `name` (as the client wrote it: `host`) and connects to its checked address. */
  resolve(host: string, name: string, port: number): void {
    resolveFor(this.t.gw.dns, name, this.rt).then(
      (addresses) => this.resolved(host, addresses, port),
      (err: unknown) => {
        if (!this.t.closed) {
          this.t.fail(err instanceof Ipv6Only ? 'ipv6-only' : err instanceof DnsError ? 'dns' : 'unreachable');
        }
      },
    );
  }

  private resolved(host: string, addresses: string[], port: number): void {
    if (this.t.closed) {
      return;
    }
    // Every address is judged, not only the one used: a name that mixes public and private
    // answers is refused outright.
    let first: Ip | null = null;
    for (const a of addresses) {
      const ip = parseIp(a);
      if (ip === null) {
        this.t.fail('forbidden');
        return;
      }
      const why = this.t.gw.refusal(ip, port);
      if (why !== null) {
        this.t.forbid(`${host} (${a} port ${port})`, why);
        return;
      }
      first ??= ip;
    }
    this.t.connectIp(first as Ip, port);
  }

  /** Connects to a checked address of the proxy's family (or IPv4 for an IPv6 proxy's fallback). */
  connect(ip: Ip, port: number): void {
    this.target = { host: formatIp(ip), port, family: ip.family };
    this.source = ip.family === this.rt.family ? this.rt.cfg.egressIp : this.t.gw.ipv4Egress;
    this.attempt();
  }

  /**
   * Binds a new handle to the egress address and a local port from the gateway's picker and
   * connects it. bind() and connect() answer at once for most errors (wrong egress address,
   * local port taken); the rest come to the tunnel's onConnected.
   */
  private attempt(): void {
    const target = this.target as { host: string; port: number; family: 4 | 6 };
    this.attempts += 1;
    this.t.upstream?.close();
    const h = wire.newSocketHandle();
    this.t.upstream = new relay.Side(h, this.t, false);
    const port = this.t.gw.egress.nextLocalPort();
    const r = wire.connectHandle(h, target.family, this.source, port, target.host, target.port);
    if (r.err !== 0) {
      this.connectFailed(r.err, r.syscall);
      return;
    }
    this.t.arm(this.t.gw.timeouts.connectMs, relay.onConnectDeadline);
  }

  connectFailed(status: number, syscall: 'bind' | 'connect'): void {
    this.t.upstream?.close();
    const egress = this.t.gw.egress;
    const egressIp = this.source ?? '';
    const failure = connectFailure(wire.errorName(status), syscall);
    if (failure === 'egress') {
      egress.missing(egressIp);
    } else if (failure === 'port') {
      // bind: that local port is taken; connect: that 4-tuple is in use. Another port may do.
      if (this.attempts < PORT_ATTEMPTS) {
        egress.retried();
        this.attempt();
        return;
      }
      egress.noFreePort(egressIp);
    }
    this.t.fail(failure === 'port' ? 'exhausted' : failure);
  }
}
