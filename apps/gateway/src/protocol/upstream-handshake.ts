/**
 * The client side of the handshake with the upstream proxy a chained proxy dials through
 * (docs/gateway-protocol.md#chaining): HTTP CONNECT (RFC 9110 §9.3.6) with `Proxy-Authorization:
 * Basic`, or SOCKS5 (RFC 1928) with username/password (RFC 1929). A pure state machine like the
 * server-side handshakes: `start()` gives the first bytes, then the tunnel pushes what the upstream
 * answers and calls `next()` until it says `more`:
 * - `send`: write these bytes to the upstream, then call `next()` again;
 * - `done`: the tunnel to the destination is open; `rest` is what the upstream sent after its
 *   reply (the destination's first bytes), for the client;
 * - `fail`: answer the client with this failure and close.
 * Credentials go into the bytes for the upstream and nowhere else: no step carries them.
 */
import type { TGatewayUpstream } from '@proxy/contract';
import { ChunkBuffer } from './handshake.js';
import type { Failure } from './replies.js';
import { formatIp, type Ip } from './ssrf.js';

export type UpstreamStep =
  | { readonly kind: 'more' }
  | { readonly kind: 'send'; readonly bytes: Buffer }
  | { readonly kind: 'done'; readonly rest: Buffer | null }
  | { readonly kind: 'fail'; readonly failure: Failure };

/** Where the upstream is asked to connect: a name it resolves itself, or an address. */
export type UpstreamTarget = { readonly name: string } | { readonly ip: Ip };

/** An upstream's reply head (status line and headers) longer than this is not a proxy's. */
const MAX_HTTP_HEAD = 16 * 1024;

const MORE: UpstreamStep = { kind: 'more' };
const failed = (failure: Failure): UpstreamStep => ({ kind: 'fail', failure });

export abstract class UpstreamHandshake extends ChunkBuffer {
  private finished = false;

  /** The bytes that open the handshake. */
  abstract start(): UpstreamStep;

  next(): UpstreamStep {
    const buf = this.buf;
    if (buf === null || this.finished) {
      return MORE;
    }
    const r = this.step(buf);
    if (r.step.kind === 'more') {
      return MORE;
    }
    this.buf = r.used < buf.length ? buf.subarray(r.used) : null;
    if (r.step.kind === 'done') {
      this.finished = true;
      // What followed the reply belongs to the destination: handed on as its own copy.
      const rest = this.buf === null ? null : Buffer.from(this.buf);
      this.buf = null;
      return { kind: 'done', rest };
    }
    if (r.step.kind === 'fail') {
      this.finished = true;
      this.buf = null;
    }
    return r.step;
  }

  /** One step over the buffered bytes, with how many of them it used. */
  protected abstract step(buf: Buffer): { step: UpstreamStep; used: number };
}

/** `host:port` as a request target: IPv6 in brackets. */
function authority(target: UpstreamTarget, port: number): string {
  if ('name' in target) {
    return `${target.name}:${port}`;
  }
  return target.ip.family === 6 ? `[${formatIp(target.ip)}]:${port}` : `${formatIp(target.ip)}:${port}`;
}

/** HTTP CONNECT: one request, one reply head; 2xx opens the tunnel. */
export class HttpUpstreamHandshake extends UpstreamHandshake {
  constructor(
    private readonly upstream: TGatewayUpstream,
    private readonly target: UpstreamTarget,
    private readonly port: number,
  ) {
    super();
  }

  start(): UpstreamStep {
    const where = authority(this.target, this.port);
    const u = this.upstream;
    const auth =
      u.username !== null && u.password !== null
        ? `Proxy-Authorization: Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}\r\n`
        : '';
    return { kind: 'send', bytes: Buffer.from(`CONNECT ${where} HTTP/1.1\r\nHost: ${where}\r\n${auth}\r\n`, 'latin1') };
  }

  protected step(buf: Buffer): { step: UpstreamStep; used: number } {
    const end = buf.indexOf('\r\n\r\n');
    if (end === -1) {
      // A status line that is already wrong need not be waited for.
      const early = buf.length >= 5 && !buf.subarray(0, 5).equals(HTTP_PREFIX);
      return { step: early || buf.length > MAX_HTTP_HEAD ? failed('upstream-error') : MORE, used: 0 };
    }
    const line = buf.toString('latin1', 0, Math.min(end, buf.indexOf('\r\n')));
    const m = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(line);
    if (m === null) {
      return { step: failed('upstream-error'), used: 0 };
    }
    const status = Number(m[1]);
    if (status >= 200 && status < 300) {
      return { step: { kind: 'done', rest: null }, used: end + 4 };
    }
    return { step: failed(status === 407 ? 'upstream-auth' : 'upstream-target'), used: 0 };
  }
}

const HTTP_PREFIX = Buffer.from('HTTP/', 'latin1');

const enum Socks {
  Method,
  Auth,
  Reply,
}

/** SOCKS5: method selection, RFC 1929 auth when the upstream has credentials, CONNECT. */
export class SocksUpstreamHandshake extends UpstreamHandshake {
  private stage = Socks.Method;

  constructor(
    private readonly upstream: TGatewayUpstream,
    private readonly target: UpstreamTarget,
    private readonly port: number,
  ) {
    super();
  }

  private get withPassword(): boolean {
    return this.upstream.username !== null && this.upstream.password !== null;
  }

  start(): UpstreamStep {
    return { kind: 'send', bytes: Buffer.from([0x05, 0x01, this.withPassword ? 0x02 : 0x00]) };
  }

  protected step(buf: Buffer): { step: UpstreamStep; used: number } {
    switch (this.stage) {
      case Socks.Method:
        return this.method(buf);
      case Socks.Auth:
        return this.auth(buf);
      case Socks.Reply:
        return this.reply(buf);
    }
  }

  private method(buf: Buffer): { step: UpstreamStep; used: number } {
    if (buf.length < 2) {
      return { step: MORE, used: 0 };
    }
    const [version, method] = buf;
    if (version !== 0x05) {
      return { step: failed('upstream-error'), used: 0 };
    }
    if (method === 0xff) {
      // No method we offered: it wants credentials we lack, or refuses ours.
      return { step: failed('upstream-auth'), used: 0 };
    }
    if (method === 0x02 && this.withPassword) {
      this.stage = Socks.Auth;
      const user = Buffer.from(this.upstream.username as string);
      const pass = Buffer.from(this.upstream.password as string);
      if (user.length > 255 || pass.length > 255) {
        return { step: failed('upstream-auth'), used: 0 };
      }
      const bytes = Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]);
      return { step: { kind: 'send', bytes }, used: 2 };
    }
    if (method === 0x00 && !this.withPassword) {
      return { step: this.request(), used: 2 };
    }
    return { step: failed('upstream-error'), used: 0 };
  }

  private auth(buf: Buffer): { step: UpstreamStep; used: number } {
    if (buf.length < 2) {
      return { step: MORE, used: 0 };
    }
    if (buf[0] !== 0x01) {
      return { step: failed('upstream-error'), used: 0 };
    }
    if (buf[1] !== 0x00) {
      return { step: failed('upstream-auth'), used: 0 };
    }
    return { step: this.request(), used: 2 };
  }

  private request(): UpstreamStep {
    this.stage = Socks.Reply;
    let addr: Buffer;
    const t = this.target;
    if ('name' in t) {
      const name = Buffer.from(t.name, 'latin1');
      if (name.length > 255) {
        return failed('bad-request');
      }
      addr = Buffer.concat([Buffer.from([0x03, name.length]), name]);
    } else if (t.ip.family === 4) {
      addr = Buffer.alloc(5);
      addr[0] = 0x01;
      addr.writeUInt32BE(t.ip.v4, 1);
    } else {
      addr = Buffer.alloc(17);
      addr[0] = 0x04;
      t.ip.v6.forEach((g, i) => addr.writeUInt16BE(g, 1 + i * 2));
    }
    const port = Buffer.alloc(2);
    port.writeUInt16BE(this.port);
    return { kind: 'send', bytes: Buffer.concat([Buffer.from([0x05, 0x01, 0x00]), addr, port]) };
  }

  private reply(buf: Buffer): { step: UpstreamStep; used: number } {
    if (buf.length < 2) {
      return { step: MORE, used: 0 };
    }
    if (buf[0] !== 0x05) {
      return { step: failed('upstream-error'), used: 0 };
    }
    if (buf[1] !== 0x00) {
      // The upstream could not reach the destination (RFC 1928 §6 REP); its bound address is moot.
      return { step: failed('upstream-target'), used: 0 };
    }
    if (buf.length < 5) {
      return { step: MORE, used: 0 };
    }
    const atyp = buf[3];
    const addrLen = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : atyp === 0x03 ? 1 + (buf[4] as number) : -1;
    if (buf[2] !== 0x00 || addrLen < 0) {
      return { step: failed('upstream-error'), used: 0 };
    }
    const total = 4 + addrLen + 2;
    return buf.length < total ? { step: MORE, used: 0 } : { step: { kind: 'done', rest: null }, used: total };
  }
}

/** The handshake for `upstream`'s protocol towards `target`:`port`. */
export function upstreamHandshake(upstream: TGatewayUpstream, target: UpstreamTarget, port: number): UpstreamHandshake {
  return upstream.protocol === 'socks5'
    ? new SocksUpstreamHandshake(upstream, target, port)
    : new HttpUpstreamHandshake(upstream, target, port);
}
