/**
 * Real UDP sockets for the SOCKS5 UDP ASSOCIATE tests: an echo target that records where each
 * datagram came from, and a client that speaks the RFC 1928 §7 header. Every wait is on a socket
 * event, never on time.
 */
import dgram from 'node:dgram';

export interface UdpEcho {
  port: number;
  /** Source addresses of the datagrams received, in order. */
  sources: string[];
  /** Payload bytes received. */
  received(): number;
  close(): Promise<void>;
}

/** Answers every datagram with the same bytes, to where it came from. */
export async function startUdpEcho(host = '127.0.0.1'): Promise<UdpEcho> {
  const sock = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
  const sources: string[] = [];
  let received = 0;
  sock.on('message', (msg, rinfo) => {
    sources.push(rinfo.address);
    received += msg.length;
    sock.send(msg, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => sock.bind(0, host, resolve));
  return {
    port: sock.address().port,
    sources,
    received: () => received,
    close: () => new Promise((resolve) => sock.close(() => resolve())),
  };
}

/** The RFC 1928 §7 header for `host:port` (IPv4 literal, IPv6 literal or name), then `data`. */
export function udpDatagram(host: string, port: number, data: Buffer | string, frag = 0): Buffer {
  let addr: Buffer;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    addr = Buffer.from([0x01, ...host.split('.').map(Number)]);
  } else if (host.includes(':')) {
    const [head = '', tail = ''] = host.split('::');
    const h = head === '' ? [] : head.split(':');
    const t = tail === '' ? [] : tail.split(':');
    const groups = [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t];
    addr = Buffer.alloc(17);
    addr[0] = 0x04;
    groups.forEach((g, i) => addr.writeUInt16BE(parseInt(g, 16), 1 + i * 2));
  } else {
    addr = Buffer.concat([Buffer.from([0x03, host.length]), Buffer.from(host, 'latin1')]);
  }
  const port2 = Buffer.alloc(2);
  port2.writeUInt16BE(port);
  return Buffer.concat([Buffer.from([0, 0, frag]), addr, port2, Buffer.from(data)]);
}

/** A client UDP socket with a queue of the datagrams it received. */
export class UdpClient {
  readonly sock: dgram.Socket;
  private queue: Array<{ msg: Buffer; from: string }> = [];
  private waiters: Array<() => void> = [];
  /** Datagrams received so far. */
  count = 0;

  private constructor(sock: dgram.Socket) {
    this.sock = sock;
    sock.on('message', (msg, rinfo) => {
      this.count += 1;
      this.queue.push({ msg, from: `${rinfo.address}:${rinfo.port}` });
      const w = this.waiters;
      this.waiters = [];
      for (const f of w) {
        f();
      }
    });
  }

  static open(host = '127.0.0.1'): Promise<UdpClient> {
    return UdpClient.openOn(0, host);
  }

  /** Binds `port` exclusively (rejects when it is taken). */
  static async openOn(port: number, host = '127.0.0.1'): Promise<UdpClient> {
    const sock = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    await new Promise<void>((resolve, reject) => {
      sock.once('error', reject);
      sock.bind({ port, address: host, exclusive: true }, resolve);
    });
    return new UdpClient(sock);
  }

  get port(): number {
    return this.sock.address().port;
  }

  send(buf: Buffer, port: number, host = '127.0.0.1'): void {
    this.sock.send(buf, port, host);
  }

  /** The next datagram received. */
  async next(): Promise<{ msg: Buffer; from: string }> {
    while (this.queue.length === 0) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.queue.shift() as { msg: Buffer; from: string };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.sock.close(() => resolve()));
  }
}

/** Splits a relayed datagram into its header's source and its data. */
export function parseRelayed(msg: Buffer): { host: string; port: number; data: Buffer } {
  if (msg[3] === 0x04) {
    const host = Array.from({ length: 8 }, (_, i) => msg.readUInt16BE(4 + i * 2).toString(16)).join(':');
    return { host, port: msg.readUInt16BE(20), data: msg.subarray(22) };
  }
  return { host: [...msg.subarray(4, 8)].join('.'), port: msg.readUInt16BE(8), data: msg.subarray(10) };
}
