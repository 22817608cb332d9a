// The load side of `npm run bench:gateway`: the local targets (source, greeter, echo) and the client
// that opens tunnels through a peer (HTTP CONNECT, SOCKS5 or a bare relay) and measures them.
import net, { type AddressInfo, type Socket } from 'node:net';

/** How a tunnel is opened through a peer. */
export type Dialect =
  | { kind: 'connect'; port: number; auth: [string, string] }
  | { kind: 'socks5'; port: number; auth: [string, string] }
  /** A bare relay: the connection is the tunnel; one relay port per target port. */
  | { kind: 'raw'; ports: Map<number, number> };

export interface Targets {
  /** Reads an 8-byte big-endian length, sends that many bytes, then ends. */
  source: number;
  /** Sends one byte ('G') on connect, then echoes. */
  echo: number;
  /** Sends one byte ('G') on connect, then closes (so TIME_WAIT stays on the target's side). */
  greet: number;
  /** Source addresses of the connections accepted since the last clear: the peers' egress addresses. */
  remotes: Set<string>;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(256 * 1024, 0x61);
const GREETING = Buffer.from('G');

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve);
  });
  return (server.address() as AddressInfo).port;
}

export async function startTargets(): Promise<Targets> {
  const sockets = new Set<Socket>();
  const remotes = new Set<string>();
  const track = (s: Socket) => {
    sockets.add(s);
    remotes.add(s.remoteAddress ?? '?');
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
    s.setNoDelay(true);
  };
  const source = net.createServer((s) => {
    track(s);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < 8) {
        return;
      }
      s.removeListener('data', onData);
      s.resume();
      let left = Number(head.readBigUInt64BE(0));
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, CHUNK.length);
          left -= n;
          if (!s.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) {
            s.once('drain', pump);
            return;
          }
        }
        s.end();
      };
      pump();
    };
    s.on('data', onData);
  });
  const echo = net.createServer((s) => {
    track(s);
    s.write(GREETING);
    s.pipe(s);
  });
  const greet = net.createServer((s) => {
    track(s);
    s.end(GREETING);
    s.resume();
  });
  const servers = [source, echo, greet];
  const [sourcePort, echoPort, greetPort] = await Promise.all(servers.map(listen));
  return {
    source: sourcePort as number,
    echo: echoPort as number,
    greet: greetPort as number,
    remotes,
    async close() {
      for (const s of sockets) {
        s.destroy();
      }
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

/** A socket read by exact amounts during a handshake; what is left over is handed on. */
class HandshakeReader {
  private buf: Buffer = Buffer.alloc(0);
  private want = 0;
  private until: string | null = null;
  private resolve: ((b: Buffer) => void) | null = null;
  private reject: ((e: Error) => void) | null = null;
  private failure: Error | null = null;

  constructor(readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
  }

  private onData = (chunk: Buffer) => {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    this.check();
  };
  private onError = (err: Error) => this.fail(err);
  private onClose = () => this.fail(new Error('closed during handshake'));

  private fail(err: Error): void {
    this.failure ??= err;
    const reject = this.reject;
    this.resolve = null;
    this.reject = null;
    reject?.(err);
  }

  private check(): void {
    if (this.resolve === null) {
      return;
    }
    let n = -1;
    if (this.until !== null) {
      const i = this.buf.indexOf(this.until);
      n = i === -1 ? -1 : i + this.until.length;
    } else if (this.buf.length >= this.want) {
      n = this.want;
    }
    if (n < 0) {
      return;
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    const resolve = this.resolve;
    this.resolve = null;
    this.reject = null;
    resolve(out);
  }

  private read(want: number, until: string | null): Promise<Buffer> {
    if (this.failure !== null && this.buf.length < want) {
      return Promise.reject(this.failure);
    }
    this.want = want;
    this.until = until;
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.check();
    });
  }

  bytes(n: number): Promise<Buffer> {
    return this.read(n, null);
  }

  line(delimiter: string): Promise<Buffer> {
    return this.read(0, delimiter);
  }

  /** Stops reading; returns the bytes already received beyond the handshake. */
  detach(): Buffer {
    this.socket.removeListener('data', this.onData);
    this.socket.removeListener('error', this.onError);
    this.socket.removeListener('close', this.onClose);
    this.socket.on('error', () => {});
    return this.buf;
  }
}

function dial(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: '127.0.0.1', noDelay: true });
    s.once('connect', () => {
      s.removeListener('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  });
}

export interface Tunnel {
  socket: Socket;
  /** Bytes from the target that arrived with the end of the handshake. */
  early: Buffer;
}

/** Opens a tunnel to 127.0.0.1:`targetPort` through the peer; resolves once the peer says it is up. */
export async function openTunnel(d: Dialect, targetPort: number): Promise<Tunnel> {
  const socket = await dial(d.kind === 'raw' ? (d.ports.get(targetPort) ?? 0) : d.port);
  const r = new HandshakeReader(socket);
  try {
    if (d.kind === 'connect') {
      const authority = `127.0.0.1:${targetPort}`;
      const basic = Buffer.from(`${d.auth[0]}:${d.auth[1]}`).toString('base64');
      socket.write(
        `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\nProxy-Authorization: Basic ${basic}\r\n\r\n`,
      );
      const head = (await r.line('\r\n\r\n')).toString('latin1');
      if (!/^HTTP\/1\.[01] 200/.test(head)) {
        throw new Error(`CONNECT refused: ${head.split('\r\n')[0]}`);
      }
    } else if (d.kind === 'socks5') {
      socket.write(Buffer.from([0x05, 0x01, 0x02]));
      const method = await r.bytes(2);
      if (method[1] !== 0x02) {
        throw new Error(`SOCKS5 method ${method[1]}`);
      }
      const [user, pass] = d.auth.map((s) => Buffer.from(s)) as [Buffer, Buffer];
      socket.write(Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]));
      const status = await r.bytes(2);
      if (status[1] !== 0x00) {
        throw new Error(`SOCKS5 auth status ${status[1]}`);
      }
      const req = Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, 0, 0]);
      req.writeUInt16BE(targetPort, 8);
      socket.write(req);
      const reply = await r.bytes(4);
      if (reply[1] !== 0x00) {
        throw new Error(`SOCKS5 reply ${reply[1]}`);
      }
      // The bound address: IPv4, IPv6 or a name, then the port.
      const atyp = reply[3];
      const rest = atyp === 0x04 ? 16 : atyp === 0x03 ? ((await r.bytes(1))[0] as number) : 4;
      await r.bytes(rest + 2);
    }
    return { socket, early: r.detach() };
  } catch (err) {
    socket.destroy();
    throw err;
  }
}

/** Opens a tunnel to the echo target, waits for its greeting (so the peer really connected), closes it. */
export async function probeTunnel(d: Dialect, targets: Targets): Promise<void> {
  const t = await openTunnel(d, targets.echo);
  try {
    await readExactly(t, 1);
  } finally {
    t.socket.destroy();
  }
}

/** Resolves with the first `n` bytes of the tunnel (counting the early ones). */
function readExactly(t: Tunnel, n: number): Promise<Buffer> {
  if (t.early.length >= n) {
    const out = t.early.subarray(0, n);
    t.early = t.early.subarray(n);
    return Promise.resolve(out);
  }
  return new Promise((resolve, reject) => {
    let buf = t.early;
    t.early = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      if (buf.length >= n) {
        cleanup();
        t.early = buf.subarray(n);
        resolve(buf.subarray(0, n));
      }
    };
    const onClose = () => {
      cleanup();
      reject(new Error(`tunnel closed after ${buf.length} of ${n} bytes`));
    };
    const cleanup = () => {
      t.socket.removeListener('data', onData);
      t.socket.removeListener('close', onClose);
    };
    t.socket.on('data', onData);
    t.socket.once('close', onClose);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) {
    return NaN;
  }
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] as number;
}

/** MB/s (10^6 bytes) downloaded from the source through `streams` parallel tunnels, `total` bytes in all. */
export async function throughput(d: Dialect, targets: Targets, streams: number, total: number): Promise<number> {
  const each = Math.floor(total / streams);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: streams }, async () => {
      const t = await openTunnel(d, targets.source);
      const req = Buffer.alloc(8);
      req.writeBigUInt64BE(BigInt(each));
      t.socket.write(req);
      let got = t.early.length;
      await new Promise<void>((resolve, reject) => {
        t.socket.on('data', (chunk: Buffer) => {
          got += chunk.length;
        });
        t.socket.once('end', () => (got === each ? resolve() : reject(new Error(`got ${got} of ${each} bytes`))));
        t.socket.once('close', () => reject(new Error(`closed after ${got} of ${each} bytes`)));
      });
      t.socket.destroy();
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (each * streams) / 1e6 / seconds;
}

export interface SetupResult {
  perSecond: number;
  /** Milliseconds from connect() to the target's first byte. */
  p50: number;
  p99: number;
  failures: number;
}

/**
 * `count` tunnels opened by `concurrency` workers, each one until the target's greeting arrives
 * (the target then closes). A tunnel's setup time runs from connect() to that first byte.
 */
export async function setupRate(
  d: Dialect,
  targets: Targets,
  count: number,
  concurrency: number,
): Promise<SetupResult> {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  let lastError = '';
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = process.hrtime.bigint();
        try {
          const t = await openTunnel(d, targets.greet);
          await readExactly(t, 1);
          times.push(Number(process.hrtime.bigint() - t0) / 1e6);
          t.socket.destroy();
        } catch (err) {
          failures += 1;
          lastError = String(err);
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (failures > count / 100) {
    throw new Error(`${failures} of ${count} tunnels failed; last: ${lastError}`);
  }
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99), failures };
}

/** Round-trip times (µs) of `n` sequential 64-byte pings on one open tunnel to the echo target (or direct). */
export async function pingPong(d: Dialect | null, targets: Targets, n: number): Promise<number[]> {
  const t: Tunnel =
    d === null ? { socket: await dial(targets.echo), early: Buffer.alloc(0) } : await openTunnel(d, targets.echo);
  t.socket.on('error', () => {});
  await readExactly(t, 1);
  const ping = Buffer.alloc(64, 0x70);
  const rtts: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    t.socket.write(ping);
    await readExactly(t, ping.length);
    rtts.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  t.socket.destroy();
  return rtts.sort((a, b) => a - b);
}

/** Opens `n` tunnels to the echo target (`concurrency` at a time) and leaves them idle. */
export async function openIdle(d: Dialect, targets: Targets, n: number, concurrency: number): Promise<Socket[]> {
  const open: Socket[] = [];
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) {
          next += 1;
          const t = await openTunnel(d, targets.echo);
          open.push(t.socket);
          await readExactly(t, 1);
        }
      }),
    );
  } catch (err) {
    for (const s of open) {
      s.destroy();
    }
    throw err;
  }
  return open;
}
