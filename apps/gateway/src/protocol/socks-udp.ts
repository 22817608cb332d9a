/**
 * The SOCKS5 UDP request header (RFC 1928 §7): what precedes every datagram between a client and
 * the UDP relay.
 *
 *   +----+------+------+----------+----------+----------+
 *   |RSV | FRAG | ATYP | DST.ADDR | DST.PORT |   DATA   |
 *   +----+------+------+----------+----------+----------+
 *   | 2  |  1   |  1   | Variable |    2     | Variable |
 *
 * Pure: bytes in, a parsed header out, and the header the relay puts before a reply.
 */
import { fromV6, parseHost, parseIp, type Ip } from './ssrf.js';

/** A parsed header: the destination (an address, or a name to resolve) and where the data starts. */
export interface UdpHeader {
  readonly ip: Ip | null;
  /** A domain name (ATYP 0x03), null when `ip` is given. */
  readonly host: string | null;
  readonly port: number;
  /** Offset of DATA in the datagram. */
  readonly dataAt: number;
}

/**
 * `frag`: a fragment (FRAG != 0); the relay does not reassemble (§7 lets it drop them). `bad`: too
 * short, reserved bytes set, or an unknown address type.
 */
export type UdpParse = UdpHeader | 'frag' | 'bad';

/** Reads the header of a client's datagram. */
export function parseUdpHeader(buf: Buffer): UdpParse {
  if (buf.length < 4 || buf[0] !== 0 || buf[1] !== 0) {
    return 'bad';
  }
  if (buf[2] !== 0) {
    return 'frag';
  }
  const atyp = buf[3];
  if (atyp === 0x01) {
    if (buf.length < 10) {
      return 'bad';
    }
    return { ip: { family: 4, v4: buf.readUInt32BE(4) }, host: null, port: buf.readUInt16BE(8), dataAt: 10 };
  }
  if (atyp === 0x04) {
    if (buf.length < 22) {
      return 'bad';
    }
    const v6: number[] = [];
    for (let i = 0; i < 8; i++) {
      v6.push(buf.readUInt16BE(4 + i * 2));
    }
    // A mapped address is the IPv4 host it carries, judged and reached as on the TCP path.
    return { ip: fromV6(v6), host: null, port: buf.readUInt16BE(20), dataAt: 22 };
  }
  if (atyp === 0x03) {
    const len = buf.length > 4 ? (buf[4] as number) : 0;
    if (len === 0 || buf.length < 5 + len + 2) {
      return 'bad';
    }
    // Read as the TCP path reads a name: a literal written as one (`127.1`) is an address.
    const target = parseHost(buf.toString('latin1', 5, 5 + len));
    if (target.kind === 'invalid') {
      return 'bad';
    }
    const port = buf.readUInt16BE(5 + len);
    return target.kind === 'ip'
      ? { ip: target.ip, host: null, port, dataAt: 7 + len }
      : { ip: null, host: target.name, port, dataAt: 7 + len };
  }
  return 'bad';
}

/** The header the relay puts before a datagram from `address:port` on its way to the client. */
export function udpReplyHeader(address: string, port: number): Buffer {
  const ip = parseIp(address) ?? { family: 4 as const, v4: 0 };
  if (ip.family === 4) {
    const b = Buffer.alloc(10);
    b[3] = 0x01;
    b.writeUInt32BE(ip.v4, 4);
    b.writeUInt16BE(port, 8);
    return b;
  }
  const b = Buffer.alloc(22);
  b[3] = 0x04;
  ip.v6.forEach((g, i) => b.writeUInt16BE(g, 4 + i * 2));
  b.writeUInt16BE(port, 20);
  return b;
}
