/**
 * The UDP relay of one SOCKS5 UDP ASSOCIATE (RFC 1928 §7). Two sockets: one facing the client,
 * bound to the address the client's TCP connection reached (its port is the reply's BND.PORT),
 * and one towards destinations, bound to the proxy's egress address (an IPv6 proxy with the IPv4
 * fallback gets a third, IPv4 one, opened on its first IPv4 datagram).
 *
 * - Client datagrams count only from the TCP client's IP, and from one port: the one the request
 *   named, or else the first one seen. Others are dropped (RFC 1928 §7: "MUST drop any datagrams
 *   arriving from any source IP address other than the one recorded").
 * - Each carries its destination in the header (protocol/socks-udp.ts); fragments (FRAG != 0) and
 *   unreadable headers are dropped, so are destinations the TCP path would refuse (the same
 *   destination rule, family and fallback), silently: UDP has no way to say why.
 * - Replies are taken only from address:port pairs the client sent to, so an association cannot be
 *   used to receive from anyone who learns its port.
 * - The payload bytes count towards the proxy's meter and quota both ways (headers excluded); the
 *   datagram that crosses the quota is dropped and the proxy's tunnels close.
 * - It lives as long as its TCP connection (Tunnel.destroy closes it) and stamps the tunnel for the
 *   gateway's idle sweep on every datagram, so a silent association closes like an idle tunnel.
 */
import dgram from 'node:dgram';
import type { ProxyRuntime } from '../node/runtime.js';
import { clientKey } from '../node/runtime.js';
import { socksSuccess } from '../protocol/replies.js';
import { parseUdpHeader, udpReplyHeader } from '../protocol/socks-udp.js';
import { formatIp, parseIp, type Ip } from '../protocol/ssrf.js';
import { Ipv6Only, resolveFor } from './resolve.js';
import type { Tunnel } from './tunnel.js';
import type { SockAddr } from './wire.js';

/** Destinations remembered per association for replies; past this the oldest are forgotten. */
const MAX_PEERS = 1024;

/**
 * Name lookups in flight per association. Each holds its datagram until the answer, so a client
 * sending to names that resolve slowly (or never) would otherwise pile up buffers and queries
 * without bound; a datagram that finds this many waiting is dropped (`dns`). An exchange with a few
 * names before their first answer fits; a cached name settles at once and holds no slot.
 */
export const MAX_LOOKUPS = 16;

/**
 * Datagrams dropped, per reason: wrong source, fragment, unreadable header, refused destination,
 * the other family, a name that did not resolve (or too many in flight), an egress address that
 * cannot be bound.
 */
export interface UdpDrops {
  source: number;
  frag: number;
  bad: number;
  forbidden: number;
  family: number;
  dns: number;
  egress: number;
}

function noop(): void {}

/**
 * dgram's `lookup` for sockets that are only ever given address literals (checked destinations
 * written by formatIp, and the client's own rinfo.address): the address as it is, at once. The
 * default (dns.lookup) answers a literal on the next tick, which delays every datagram by a turn
 * of the event loop and costs a tick and a closure per send.
 */
function literal(family: 4 | 6) {
  return (address: string, _opts: unknown, cb: (err: Error | null, address: string, family: number) => void) =>
    cb(null, address, family);
}
const LITERAL_4 = literal(4);
const LITERAL_6 = literal(6);

/** A reply source as a key: IPv6 spelled as formatIp does, so sends and replies agree. */
function peerKey(address: string, port: number, v6: boolean): string {
  if (v6) {
    const ip = parseIp(address);
    return `${ip === null ? address : formatIp(ip)}|${port}`;
  }
  return `${address}|${port}`;
}

/**
 * Opens the relay of a UDP ASSOCIATE and answers the client once it listens. A chained proxy
 * refuses (0x07, command not supported): its upstream is dialled over TCP only.
 */
export function associate(t: Tunnel, rt: ProxyRuntime, clientPort: number): UdpAssociation | null {
  const local: SockAddr = {};
  t.client.h.getsockname(local);
  const localIp = parseIp(local.address ?? '');
  if (rt.cfg.upstream || localIp === null) {
    t.fail('command');
    return null;
  }
  return new UdpAssociation(t, rt, localIp, clientPort, (port) => {
    if (!t.closed) {
      if (port < 0) {
        t.fail('exhausted');
      } else {
        t.associated(socksSuccess(formatIp(localIp), port));
      }
    }
  });
}

/** An egress socket whose bind failed: nothing is sent from it (see openOut). */
const FAILED = false;
/** An egress socket: not opened yet (null), open, or FAILED. */
type Out = dgram.Socket | null | typeof FAILED;

export class UdpAssociation {
  private readonly client: dgram.Socket;
  /** The egress socket of the proxy's family, and of an IPv6 proxy's IPv4 fallback. */
  private out: Out = null;
  private out4: Out = null;
  /** Name lookups in flight (see MAX_LOOKUPS). */
  private lookups = 0;
  /** Where the client sends from; its port is 0 until known. */
  private clientAddress = '';
  private clientPort: number;
  /** Destinations sent to → the header their replies get. */
  private readonly peers = new Map<string, Buffer>();
  /**
   * The last IPv4 destination sent to from the proxy's own egress socket, already judged and in
   * `peers`: a client that keeps sending to one destination (the common case: a QUIC or DNS
   * exchange) skips the header's parse, the destination rule and the peer bookkeeping. The rule
   * is the gateway's, fixed for its life; an insertion into `peers` always replaces this entry,
   * so it is never one that was forgotten.
   */
  private lastV4 = -1;
  private lastPort = -1;
  private lastAddress = '';
  private lastHeader: Buffer | null = null;
  closed = false;
  private ready = false;

  constructor(
    private readonly t: Tunnel,
    private readonly rt: ProxyRuntime,
    /** The local address of the client's TCP connection: the relay listens there. */
    private readonly localIp: Ip,
    expectedPort: number,
    /** Set when the relay is ready (port: its BND.PORT), or failed to bind (port −1). */
    private readonly onReady: (port: number) => void,
  ) {
    this.clientPort = expectedPort;
    this.client = dgram.createSocket(
      localIp.family === 4 ? { type: 'udp4', lookup: LITERAL_4 } : { type: 'udp6', lookup: LITERAL_6 },
    );
    this.client.on('error', noop);
    this.client.on('message', (msg, rinfo) => this.fromClient(msg, rinfo));
    this.client.once('error', () => {
      if (!this.ready && !this.closed) {
        this.onReady(-1);
      }
    });
    this.client.bind({ address: formatIp(localIp), port: 0, exclusive: true }, () => {
      this.ready = true;
      if (!this.closed) {
        this.onReady(this.client.address().port);
      }
    });
  }

  close(): void {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.client.close();
    if (this.out !== null && this.out !== FAILED) {
      this.out.close();
    }
    if (this.out4 !== null && this.out4 !== FAILED) {
      this.out4.close();
    }
  }

  private fromClient(msg: Buffer, rinfo: dgram.RemoteInfo): void {
    if (this.closed) {
      return;
    }
    const gw = this.t.gw;
    // The address once recorded passed this check spelled exactly so: compare the strings only.
    if (rinfo.address !== this.clientAddress || rinfo.port !== this.clientPort) {
      if (clientKey(rinfo.address) !== this.t.clientIp || (this.clientPort !== 0 && rinfo.port !== this.clientPort)) {
        gw.udpDrops.source += 1;
        return;
      }
      if (this.clientAddress === '') {
        this.clientAddress = rinfo.address;
        this.clientPort = rinfo.port;
      }
    }
    if (this.sameDestination(msg)) {
      this.t.seen = gw.sweeps;
      const data = msg.subarray(10);
      if (this.rt.count(data.length, true) && !this.closed) {
        (this.out as dgram.Socket).send(data, this.lastPort, this.lastAddress);
      }
      return;
    }
    const h = parseUdpHeader(msg);
    if (typeof h === 'string') {
      gw.udpDrops[h] += 1;
      return;
    }
    this.t.seen = gw.sweeps;
    const data = msg.subarray(h.dataAt);
    if (h.ip !== null) {
      this.send(h.ip, h.port, data);
      return;
    }
    if (this.lookups >= MAX_LOOKUPS) {
      gw.udpDrops.dns += 1;
      return;
    }
    this.lookups += 1;
    // The data is a view of a buffer of its own (dgram allocates one per message): it may wait.
    resolveFor(gw.dns, h.host as string, this.rt).then(
      (addresses) => {
        this.lookups -= 1;
        if (this.closed) {
          return;
        }
        // Every answer is judged, as on the TCP path; the first one is used.
        let first: Ip | null = null;
        for (const a of addresses) {
          const ip = parseIp(a);
          if (ip === null || gw.refusal(ip, h.port) !== null) {
            gw.udpDrops.forbidden += 1;
            return;
          }
          first ??= ip;
        }
        if (first !== null) {
          this.send(first, h.port, data);
        }
      },
      (err: unknown) => {
        this.lookups -= 1;
        gw.udpDrops[err instanceof Ipv6Only ? 'family' : 'dns'] += 1;
      },
    );
  }

  /** Whether `msg` is an unfragmented IPv4 datagram to the last destination (see lastV4). */
  private sameDestination(msg: Buffer): boolean {
    return (
      this.lastV4 !== -1 &&
      msg.length >= 10 &&
      msg[0] === 0 &&
      msg[1] === 0 &&
      msg[2] === 0 &&
      msg[3] === 0x01 &&
      msg.readUInt32BE(4) === this.lastV4 &&
      msg.readUInt16BE(8) === this.lastPort
    );
  }

  /** Sends `data` to a checked destination from the socket of its family. */
  private send(ip: Ip, port: number, data: Buffer): void {
    const gw = this.t.gw;
    if (gw.refusal(ip, port) !== null) {
      gw.udpDrops.forbidden += 1;
      return;
    }
    const sock = this.socketFor(ip.family);
    if (sock === null) {
      gw.udpDrops.family += 1;
      return;
    }
    if (sock === FAILED) {
      gw.udpDrops.egress += 1;
      return;
    }
    if (!this.rt.count(data.length, true) || this.closed) {
      return;
    }
    const address = formatIp(ip);
    const key = `${address}|${port}`;
    let header = this.peers.get(key);
    if (header === undefined) {
      if (this.peers.size >= MAX_PEERS) {
        this.peers.delete(this.peers.keys().next().value as string);
      }
      header = udpReplyHeader(address, port);
      this.peers.set(key, header);
    }
    // Only the proxy's own family: the IPv4 fallback's socket can be turned off under it.
    if (ip.family === 4 && sock === this.out) {
      this.lastV4 = ip.v4;
      this.lastPort = port;
      this.lastAddress = address;
      this.lastHeader = header;
    } else {
      this.lastV4 = -1;
    }
    sock.send(data, port, address);
  }

  /**
   * The egress socket for a destination family, opened on first use; null when the proxy cannot
   * reach that family, FAILED when its egress address cannot be bound.
   */
  private socketFor(family: 4 | 6): Out {
    if (family === this.rt.family) {
      return (this.out ??= this.openOut(family, this.rt.cfg.egressIp));
    }
    if (family === 4 && this.rt.family === 6 && this.rt.cfg.ipv4Fallback === true) {
      return (this.out4 ??= this.openOut(4, this.t.gw.ipv4Egress));
    }
    return null;
  }

  /**
   * A socket bound to `bindIp` (null: the kernel's choice, the IPv4 fallback without an address of
   * its own), or FAILED. A socket whose bind failed must never be sent on: dgram would bind it to
   * the wildcard address on the next send, and the customer's datagrams would leave from the
   * node's main address instead of the proxy's. The literal lookup makes bind() fail at once; a
   * failure reported later still sets the socket aside before anything more is sent on it.
   */
  private openOut(family: 4 | 6, bindIp: string | null): Out {
    const s = dgram.createSocket(
      family === 4 ? { type: 'udp4', lookup: LITERAL_4 } : { type: 'udp6', lookup: LITERAL_6 },
    );
    let failed = false;
    s.on('error', (err: NodeJS.ErrnoException) => {
      // Any other error concerns one datagram at most: UDP has no one to tell, it is ignored.
      if (err.syscall === 'bind' && !failed) {
        failed = true;
        this.bindFailed(s, bindIp ?? '', err.code);
      }
    });
    s.on('message', (msg, rinfo) => this.fromDestination(msg, rinfo));
    // Sends wait for the bind: dgram queues them until the socket is bound.
    s.bind({ address: bindIp ?? (family === 4 ? '0.0.0.0' : '::'), port: 0, exclusive: true });
    return failed ? FAILED : s;
  }

  /** The egress socket `s` could not be bound: it is closed, and its family's datagrams dropped. */
  private bindFailed(s: dgram.Socket, bindIp: string, code: string | undefined): void {
    s.close();
    if (this.out === s) {
      this.out = FAILED;
      this.lastV4 = -1;
    } else if (this.out4 === s) {
      this.out4 = FAILED;
    }
    if (code === 'EADDRNOTAVAIL') {
      this.t.gw.egress.missing(bindIp);
    }
  }

  private fromDestination(msg: Buffer, rinfo: dgram.RemoteInfo): void {
    if (this.closed) {
      return;
    }
    const header =
      rinfo.port === this.lastPort && rinfo.address === this.lastAddress && this.lastV4 !== -1
        ? this.lastHeader
        : this.peers.get(peerKey(rinfo.address, rinfo.port, rinfo.family === 'IPv6'));
    if (header === undefined || header === null) {
      this.t.gw.udpDrops.source += 1;
      return;
    }
    if (!this.rt.count(msg.length, false) || this.closed) {
      return;
    }
    this.t.seen = this.t.gw.sweeps;
    this.client.send([header, msg], this.clientPort, this.clientAddress);
  }
}
