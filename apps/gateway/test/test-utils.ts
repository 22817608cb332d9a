/**
 * Real-socket helpers for the gateway tests: targets that report the address a connection came
 * from (the egress address), and minimal HTTP-proxy and SOCKS5 clients.
 */
import http from 'node:http';
import net, { type Socket } from 'node:net';
import type { GatewayProxy } from '../src/sync/state.js';

export interface Target {
  port: number;
  /** Total bytes (echo) or body bytes (HTTP) the target has received. */
  received(): number;
  /** Connections the target has accepted. */
  connections(): number;
  close(): Promise<void>;
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as http.Server).closeAllConnections?.();
  });
}

/**
 * A TCP target: on connect it sends `<remote address>\n`, then echoes everything back.
 * It half-closes when the peer does, so a tunnel can end cleanly.
 */
export async function startEcho(host = '127.0.0.1'): Promise<Target> {
  let received = 0;
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.write(`${socket.remoteAddress}\n`);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    socket.pipe(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => received,
    connections: () => connections,
    close: () => {
      for (const s of sockets) {
        s.destroy();
      }
      return closeServer(server);
    },
  };
}

/** An HTTP target that answers with JSON describing the request it got and where it came from. */
export async function startHttpTarget(host = '127.0.0.1'): Promise<Target> {
  let received = 0;
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received += body.length;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          remoteAddress: req.socket.remoteAddress,
          method: req.method,
          url: req.url,
          headers: req.headers,
          body,
        }),
      );
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => received,
    connections: () => connections,
    close: () => closeServer(server),
  };
}

/** A port that was free a moment ago. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const port = (server.address() as net.AddressInfo).port;
  await closeServer(server);
  return port;
}

/** Reads a socket by delimiter or length; every wait is on socket events, never on time. */
export class Reader {
  private buf = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  private ended = false;
  readonly closed: Promise<void>;

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      this.wake();
    });
    socket.on('end', () => this.finish());
    socket.on('error', () => {});
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.finish();
        resolve();
      }),
    );
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      w();
    }
  }

  private async take(cut: () => number): Promise<Buffer> {
    for (;;) {
      const n = cut();
      if (n >= 0) {
        const out = this.buf.subarray(0, n);
        this.buf = this.buf.subarray(n);
        return out;
      }
      if (this.ended) {
        throw new Error(`stream ended with ${this.buf.length} unread bytes: ${this.buf.toString('latin1', 0, 200)}`);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  readUntil(delimiter: string): Promise<Buffer> {
    return this.take(() => {
      const i = this.buf.indexOf(delimiter);
      return i === -1 ? -1 : i + delimiter.length;
    });
  }

  async readLine(): Promise<string> {
    return (await this.readUntil('\n')).toString().trimEnd();
  }

  readBytes(n: number): Promise<Buffer> {
    return this.take(() => (this.buf.length >= n ? n : -1));
  }

  /** Everything until the peer closes. */
  readAll(): Promise<Buffer> {
    return this.take(() => (this.ended ? this.buf.length : -1));
  }
}

export async function connect(port: number, opts: { host?: string; localAddress?: string } = {}): Promise<Reader> {
  const socket = net.connect({ port, host: opts.host ?? '127.0.0.1', localAddress: opts.localAddress });
  const reader = new Reader(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return reader;
}

export function basic(user: string, pass: string): string {
  return `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
}

export interface HttpProxyResult {
  status: number;
  head: string;
  reader: Reader;
}

/** Sends a CONNECT and reads the proxy's answer head. */
export async function httpConnect(
  proxyPort: number,
  authority: string,
  opts: { auth?: [string, string]; localAddress?: string } = {},
): Promise<HttpProxyResult> {
  const reader = await connect(proxyPort, { localAddress: opts.localAddress });
  const auth = opts.auth ? `Proxy-Authorization: ${basic(...opts.auth)}\r\n` : '';
  reader.socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
  const head = (await reader.readUntil('\r\n\r\n')).toString('latin1');
  return { status: Number(head.split(' ')[1]), head, reader };
}

/** Sends an absolute-URI request through the proxy and reads the answer until the proxy closes. */
export async function httpForward(
  proxyPort: number,
  url: string,
  opts: { auth?: [string, string]; body?: string } = {},
): Promise<{ status: number; head: string; body: string }> {
  const reader = await connect(proxyPort);
  const auth = opts.auth ? `Proxy-Authorization: ${basic(...opts.auth)}\r\n` : '';
  const body = opts.body ?? '';
  const method = opts.body === undefined ? 'GET' : 'POST';
  reader.socket.write(
    `${method} ${url} HTTP/1.1\r\nHost: ${new URL(url).host}\r\n${auth}Proxy-Connection: keep-alive\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body}`,
  );
  const all = (await reader.readAll()).toString();
  const split = all.indexOf('\r\n\r\n');
  const head = all.slice(0, split);
  return { status: Number(head.split(' ')[1]), head, body: all.slice(split + 4) };
}

export type SocksTarget = { ipv4: string } | { ipv6: string } | { domain: string };

export interface SocksResult {
  /** Which step answered last: method selection, RFC 1929 auth, or the CONNECT request. */
  step: 'method' | 'auth' | 'request';
  /** Method chosen, auth status, or REP of the request reply. */
  code: number;
  reader: Reader;
  /** BND.ADDR and BND.PORT of the request's reply (UDP ASSOCIATE: where the relay listens). */
  bound?: { address: string; port: number };
}

/** A SOCKS5 client that stops at the first refusal and reports where it happened. */
export async function socksConnect(
  proxyPort: number,
  target: SocksTarget,
  port: number,
  opts: { auth?: [string, string]; methods?: number[]; localAddress?: string; command?: number } = {},
): Promise<SocksResult> {
  const reader = await connect(proxyPort, { localAddress: opts.localAddress });
  const methods = opts.methods ?? (opts.auth ? [0x02] : [0x00]);
  reader.socket.write(Buffer.from([0x05, methods.length, ...methods]));
  const [, method] = await reader.readBytes(2);
  if (method === 0xff) {
    return { step: 'method', code: 0xff, reader };
  }
  if (method === 0x02) {
    const [user, pass] = opts.auth ?? ['', ''];
    const u = Buffer.from(user);
    const p = Buffer.from(pass);
    reader.socket.write(Buffer.concat([Buffer.from([0x01, u.length]), u, Buffer.from([p.length]), p]));
    const [, status] = await reader.readBytes(2);
    if (status !== 0x00) {
      return { step: 'auth', code: status as number, reader };
    }
  }
  let addr: Buffer;
  if ('ipv4' in target) {
    addr = Buffer.from([0x01, ...target.ipv4.split('.').map(Number)]);
  } else if ('ipv6' in target) {
    const b = Buffer.alloc(17);
    b[0] = 0x04;
    const groups = expandV6(target.ipv6);
    groups.forEach((g, i) => b.writeUInt16BE(g, 1 + i * 2));
    addr = b;
  } else {
    addr = Buffer.concat([Buffer.from([0x03, target.domain.length]), Buffer.from(target.domain)]);
  }
  const portBuf = Buffer.alloc(2);
  portBuf.writeUInt16BE(port);
  reader.socket.write(Buffer.concat([Buffer.from([0x05, opts.command ?? 0x01, 0x00]), addr, portBuf]));
  const reply = await reader.readBytes(4);
  const atyp = reply[3];
  const rest = await reader.readBytes((atyp === 0x04 ? 16 : 4) + 2);
  const address =
    atyp === 0x04
      ? Array.from({ length: 8 }, (_, i) => rest.readUInt16BE(i * 2).toString(16)).join(':')
      : [...rest.subarray(0, 4)].join('.');
  const bound = { address, port: rest.readUInt16BE(rest.length - 2) };
  return { step: 'request', code: reply[1] as number, reader, bound };
}

function expandV6(s: string): number[] {
  const [head = '', tail] = s.split('::');
  const h = head === '' ? [] : head.split(':').map((g) => parseInt(g, 16));
  const t = tail === undefined || tail === '' ? [] : tail.split(':').map((g) => parseInt(g, 16));
  return tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

export function makeProxy(over: Partial<GatewayProxy> & { id: string; port: number }): GatewayProxy {
  return {
    protocol: 'http',
    username: `user-${over.id}`,
    password: 'secret-pass-1',
    authIps: [],
    egressIp: '127.0.0.2',
    status: 'using',
    bandwidthLimitBytes: null,
    bandwidthUsedBytes: 0,
    ...over,
  };
}
