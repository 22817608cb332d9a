// The UDP part of bench:gateway: datagrams relayed per second through a SOCKS5 UDP ASSOCIATE (RFC
// 1928 §7), client → relay → UDP echo → relay → client, with a fixed window of datagrams in flight
// (a datagram lost to a full buffer is replaced once the window has waited a while, so a drop
// costs a little time, never the run).
import dgram from 'node:dgram';
import net from 'node:net';
import type { Dialect } from './load';

type Socks = Extract<Dialect, { kind: 'socks5' }>;

export interface UdpEchoTarget {
  port: number;
  close(): Promise<void>;
}

/** A UDP echo on the load core, with large buffers so the echo itself drops nothing. */
export async function startUdpEchoTarget(): Promise<UdpEchoTarget> {
  const sock = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
  sock.on('message', (msg, rinfo) => sock.send(msg, rinfo.port, rinfo.address));
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', resolve));
  return { port: sock.address().port, close: () => new Promise((r) => sock.close(() => r())) };
}

/** SOCKS5 greeting, RFC 1929 auth and UDP ASSOCIATE; resolves with the control socket and the relay's port. */
async function associate(d: Socks, clientPort: number): Promise<{ control: net.Socket; relayPort: number }> {
  const control = net.connect({ host: '127.0.0.1', port: d.port });
  let buf = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  control.on('data', (c: Buffer) => {
    buf = Buffer.concat([buf, c]);
    wake?.();
  });
  const take = async (n: number): Promise<Buffer> => {
    while (buf.length < n) {
      await new Promise<void>((r) => (wake = r));
    }
    const out = buf.subarray(0, n);
    buf = buf.subarray(n);
    return out;
  };
  await new Promise<void>((resolve, reject) => control.once('connect', resolve).once('error', reject));
  const [user, pass] = d.auth;
  control.write(Buffer.from([5, 1, 2]));
  await take(2);
  control.write(
    Buffer.concat([Buffer.from([1, user.length]), Buffer.from(user), Buffer.from([pass.length]), Buffer.from(pass)]),
  );
  if ((await take(2))[1] !== 0) {
    throw new Error('UDP bench: authentication refused');
  }
  const port = Buffer.alloc(2);
  port.writeUInt16BE(clientPort);
  control.write(Buffer.concat([Buffer.from([5, 3, 0, 1, 127, 0, 0, 1]), port]));
  const reply = await take(10);
  if (reply[1] !== 0) {
    throw new Error(`UDP bench: UDP ASSOCIATE refused (REP ${reply[1]})`);
  }
  return { control, relayPort: reply.readUInt16BE(8) };
}

/** Relays `count` datagrams of `size` bytes with `window` in flight; answers datagrams per second. */
export async function udpRate(
  d: Socks,
  echoPort: number,
  count: number,
  opts: { window?: number; size?: number } = {},
): Promise<{ perSecond: number; lost: number }> {
  const window = opts.window ?? 32;
  const size = opts.size ?? 64;
  const client = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 << 20, sendBufferSize: 4 << 20 });
  await new Promise<void>((resolve) => client.bind(0, '127.0.0.1', resolve));
  const { control, relayPort } = await associate(d, client.address().port);
  const header = Buffer.from([0, 0, 0, 1, 127, 0, 0, 1, echoPort >> 8, echoPort & 255]);
  const datagram = Buffer.concat([header, Buffer.alloc(size, 0x61)]);
  let sent = 0;
  let received = 0;
  let lost = 0;
  const started = process.hrtime.bigint();
  await new Promise<void>((resolve) => {
    let last = -1;
    const done = () => received + lost >= count;
    const send = () => {
      if (sent < count) {
        sent += 1;
        client.send(datagram, relayPort, '127.0.0.1');
      }
    };
    const finish = () => {
      clearInterval(stall);
      resolve();
    };
    client.on('message', () => {
      received += 1;
      if (done()) {
        finish();
      } else {
        send();
      }
    });
    // A window that has not moved for 200 ms lost its datagrams: count them and refill it.
    const stall = setInterval(() => {
      if (received === last) {
        const inFlight = sent - received - lost;
        lost += inFlight;
        if (done()) {
          finish();
          return;
        }
        for (let i = 0; i < window; i++) {
          send();
        }
      }
      last = received;
    }, 200);
    for (let i = 0; i < window; i++) {
      send();
    }
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise<void>((r) => client.close(() => r()));
  control.destroy();
  return { perSecond: received / seconds, lost };
}
