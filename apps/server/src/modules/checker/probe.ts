import { connect, isIP, type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';

/** One proxy to check: `host:port[:user:pass]`, by http (CONNECT) or socks5. */
export interface ProbeTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
  /** The checked address to connect to instead of resolving `host` again. */
  address?: string;
}

export interface ProbeResult {
  live: boolean;
  protocol: 'http' | 'socks5' | null;
  latencyMs: number | null;
  exitIp: string | null;
  error?: string;
}

export interface EchoTarget {
  host: string;
  port: number;
}

/** Parses `host:port` or `host:port:user:pass` (IPv6 hosts in brackets). */
export function parseProxyLine(line: string): ProbeTarget | null {
  const s = line.trim();
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})(?::([^:\s]+):([^\s]+))?$/.exec(s);
  if (!m) {
    return null;
  }
  const port = Number(m[2]);
  if (port < 1 || port > 65535) {
    return null;
  }
  const host = m[1]!.replace(/^\[|\]$/g, '');
  return { host, port, ...(m[3] !== undefined ? { username: m[3], password: m[4] } : {}) };
}

class Reader {
  private buf = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  private failed: Error | null = null;
  constructor(private readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.waiter?.();
    });
    const fail = (err: Error) => {
      this.failed = err;
      this.waiter?.();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('closed')));
  }
  /** Waits until `ready(buffer)` returns a length to consume, then returns those bytes. */
  async take(ready: (b: Buffer) => number | null): Promise<Buffer> {
    for (;;) {
      const n = ready(this.buf);
      if (n !== null) {
        const out = this.buf.subarray(0, n);
        this.buf = this.buf.subarray(n);
        return out;
      }
      if (this.failed) {
        throw this.failed;
      }
      await new Promise<void>((r) => (this.waiter = r));
      this.waiter = null;
    }
  }
  rest(): Buffer {
    return this.buf;
  }
}

function headEnd(b: Buffer): number | null {
  const i = b.indexOf('\r\n\r\n');
  return i < 0 ? null : i + 4;
}

async function httpConnect(sock: Socket, r: Reader, t: ProbeTarget, echo: EchoTarget): Promise<void> {
  const auth = t.username
    ? `Proxy-Authorization: Basic ${Buffer.from(`${t.username}:${t.password ?? ''}`).toString('base64')}\r\n`
    : '';
  const authority = isIP(echo.host) === 6 ? `[${echo.host}]:${echo.port}` : `${echo.host}:${echo.port}`;
  sock.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
  const head = (await r.take(headEnd)).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  if (status !== 200) {
    throw new Error(status === 407 ? 'auth' : `http ${status || 'bad reply'}`);
  }
}

async function socks5Connect(sock: Socket, r: Reader, t: ProbeTarget, echo: EchoTarget): Promise<void> {
  sock.write(Buffer.from(t.username ? [5, 2, 0, 2] : [5, 1, 0]));
  const [ver, method] = await r.take((b) => (b.length >= 2 ? 2 : null));
  if (ver !== 5 || (method !== 0 && method !== 2)) {
    throw new Error('socks greeting');
  }
  if (method === 2) {
    const u = Buffer.from(t.username ?? '');
    const p = Buffer.from(t.password ?? '');
    sock.write(Buffer.concat([Buffer.from([1, u.length]), u, Buffer.from([p.length]), p]));
    const reply = await r.take((b) => (b.length >= 2 ? 2 : null));
    if (reply[1] !== 0) {
      throw new Error('auth');
    }
  }
  const fam = isIP(echo.host);
  const addr =
    fam === 0
      ? Buffer.concat([Buffer.from([3, Buffer.byteLength(echo.host)]), Buffer.from(echo.host)])
      : Buffer.from([fam === 4 ? 1 : 4, ...ipaddr.parse(echo.host).toByteArray()]);
  const port = Buffer.from([echo.port >> 8, echo.port & 255]);
  sock.write(Buffer.concat([Buffer.from([5, 1, 0]), addr, port]));
  const reply = await r.take((b) => {
    if (b.length < 5) {
      return null;
    }
    const len = b[3] === 1 ? 4 : b[3] === 4 ? 16 : 1 + b[4]!;
    return b.length >= 4 + len + 2 ? 4 + len + 2 : null;
  });
  if (reply[1] !== 0) {
    throw new Error(`socks reply ${reply[1]}`);
  }
}

/** Asks the echo target, through the tunnel, which address it sees. */
async function askIp(sock: Socket, r: Reader, echo: EchoTarget): Promise<string> {
  const host = isIP(echo.host) === 6 ? `[${echo.host}]` : echo.host;
  sock.write(`GET /ip HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  const head = (await r.take(headEnd)).toString('latin1');
  const len = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? -1);
  const body =
    len >= 0 ? await r.take((b) => (b.length >= len ? len : null)) : await r.take(() => null).catch(() => r.rest());
  const ip = body.toString('utf8').trim();
  if (!isIP(ip)) {
    throw new Error('echo reply');
  }
  return ip;
}

async function attempt(
  t: ProbeTarget,
  protocol: 'http' | 'socks5',
  echo: EchoTarget,
  timeoutMs: number,
): Promise<ProbeResult> {
  const started = performance.now();
  const sock = connect({ host: t.address ?? t.host, port: t.port });
  sock.setNoDelay(true);
  const timer = setTimeout(() => sock.destroy(new Error('timeout')), timeoutMs);
  const r = new Reader(sock);
  try {
    await new Promise<void>((resolve, reject) => {
      sock.once('connect', resolve);
      sock.once('error', reject);
    });
    if (protocol === 'http') {
      await httpConnect(sock, r, t, echo);
    } else {
      await socks5Connect(sock, r, t, echo);
    }
    const latencyMs = Math.round(performance.now() - started);
    const exitIp = await askIp(sock, r, echo);
    return { live: true, protocol, latencyMs, exitIp };
  } finally {
    clearTimeout(timer);
    sock.destroy();
  }
}

/**
 * The proxy answered but could not reach the echo target: an HTTP proxy's 502 to CONNECT, or a
 * SOCKS5 reply of "network unreachable" (3), "host unreachable" (4), "connection refused" (5) or
 * "address type not supported" (8). An IPv6-only proxy answers so for an IPv4 target.
 */
function targetUnreachable(message: string): boolean {
  return message === 'http 502' || /^socks reply [3458]$/.test(message);
}

/**
 * Checks one proxy: live or dead, the time to a ready tunnel, and the exit address the echo
 * target saw. With protocol 'auto', SOCKS5 is tried first (its greeting fails fast on an HTTP
 * proxy), then HTTP CONNECT; the result names the protocol that gave the verdict. When the proxy
 * answers but cannot reach `echo` and a `fallback` target is given (the echo's other address
 * family), the same protocol is tried against it: a proxy that egresses from IPv6 only reaches IPv6
 * destinations, and it is the same proxy whichever checker asks.
 */
export async function probe(
  t: ProbeTarget,
  protocol: 'http' | 'socks5' | 'auto',
  echo: EchoTarget,
  timeoutMs = 8_000,
  fallback?: EchoTarget,
): Promise<ProbeResult> {
  const order: ('http' | 'socks5')[] = protocol === 'auto' ? ['socks5', 'http'] : [protocol];
  let last = 'unreachable';
  for (const p of order) {
    for (const target of fallback ? [echo, fallback] : [echo]) {
      try {
        return await attempt(t, p, target, timeoutMs);
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
        if (last === 'auth') {
          return { live: false, protocol: p, latencyMs: null, exitIp: null, error: 'auth' };
        }
        if (!targetUnreachable(last)) {
          break;
        }
      }
    }
  }
  return { live: false, protocol: null, latencyMs: null, exitIp: null, error: last };
}

/** How many proxies one check dials at once. */
export const CONCURRENCY = 32;

/** Runs `fn` over items with at most `limit` at once, calling `onResult` as each finishes. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (t: T, i: number) => Promise<R>,
  onResult?: (r: R, i: number) => void,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
      onResult?.(out[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Where a checked proxy is asked to connect: the echo service, which answers with the exit address. */
export function echoTarget(ctx: AppContext): EchoTarget {
  if (!ctx.echo) {
    throw new AppError('ADMIN_ERROR', { reason: 'the proxy checker has no echo target' });
  }
  return { host: ctx.echo.host, port: ctx.echo.port };
}

/**
 * The echo's IPv6 address, when it has one: a proxy that cannot reach the IPv4 target is tried
 * against it, so an IPv6 proxy gets the same verdict from every checker.
 */
export function echo6Of(ctx: AppContext): EchoTarget | undefined {
  return ctx.echo?.host6 ? { host: ctx.echo.host6, port: ctx.echo.port } : undefined;
}
