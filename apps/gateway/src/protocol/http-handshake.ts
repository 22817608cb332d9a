/** The HTTP proxy request head: CONNECT host:port, or an absolute-URI request to forward. */
import { Handshake, MORE, type Access, type Step } from './handshake.js';
import { HTTP_FAILURE, type Failure } from './replies.js';

const REFUSE: Record<Failure, Step> = Object.fromEntries(
  Object.entries(HTTP_FAILURE).map(([f, bytes]) => [f, { kind: 'refuse', bytes }]),
) as Record<Failure, Step>;

export class HttpHandshake extends Handshake {
  constructor(access: Access, maxHeaderBytes: number) {
    super(access, maxHeaderBytes);
  }

  /** HTTP's failure replies are constant, so the steps are shared. */
  refusal(failure: Failure): Step {
    return REFUSE[failure];
  }

  protected tooLarge(): Step {
    return REFUSE['header-too-large'];
  }

  protected step(buf: Buffer): Step {
    const end = buf.indexOf('\r\n\r\n');
    if (end === -1) {
      return MORE;
    }
    const rest = buf.subarray(end + 4);
    const lines = buf.toString('latin1', 0, end).split('\r\n');
    const m = /^([A-Za-z]+) (\S+) (HTTP\/1\.[01])$/.exec(lines[0] as string);
    if (m === null) {
      return REFUSE['bad-request'];
    }
    const [, method = '', uri = '', version = ''] = m;
    let proxyAuth: string | null = null;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      if (/^proxy-authorization:/i.test(line)) {
        proxyAuth = line.slice(20).trim();
      }
    }
    const denied = this.access.httpAdmit(proxyAuth);
    if (denied !== null) {
      return REFUSE[denied];
    }
    if (method.toUpperCase() === 'CONNECT') {
      const authority = splitAuthority(uri, 0);
      if (authority === null) {
        return REFUSE['bad-request'];
      }
      const early = rest.length > 0 ? rest : null;
      return { kind: 'connect', host: authority.host, ip: null, port: authority.port, early, confirm: 'http' };
    }
    // Absolute-URI request: forward the head in origin-form, then the rest is a raw tunnel.
    const abs = /^http:\/\/([^/?#]*)([^#]*)/i.exec(uri);
    const authority = abs === null ? null : splitAuthority((abs[1] as string).replace(/^.*@/, ''), 80);
    if (abs === null || authority === null) {
      return REFUSE['bad-request'];
    }
    const path = abs[2] === '' ? '/' : (abs[2] as string);
    const forwarded = rewriteHead(method, path, version, lines, (abs[1] as string).replace(/^.*@/, ''));
    const early = rest.length > 0 ? Buffer.concat([forwarded, rest]) : forwarded;
    return { kind: 'connect', host: authority.host, ip: null, port: authority.port, early, confirm: null };
  }
}

/** `host:port`, `[v6]:port`, or a bare host with `defaultPort` (0: the port is required). */
export function splitAuthority(authority: string, defaultPort: number): { host: string; port: number } | null {
  const m = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(authority);
  if (m === null || m[1] === '') {
    return null;
  }
  const port = m[2] === undefined ? defaultPort : Number(m[2]);
  return port >= 1 && port <= 65535 ? { host: m[1] as string, port } : null;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the proxy's own are not forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * The origin-form head for the destination. It asks for `Connection: close`: after the head the
 * connection is a raw tunnel to this one destination, so the client's next request (possibly to
 * another host) must come on a new connection. An Upgrade (WebSocket) keeps its headers.
 */
export function rewriteHead(method: string, path: string, version: string, lines: string[], authority: string): Buffer {
  const drop = new Set(HOP_BY_HOP);
  let upgrade: string | null = null;
  let host = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'connection') {
      for (const token of value.toLowerCase().split(',')) {
        drop.add(token.trim());
      }
    } else if (name === 'upgrade') {
      upgrade = value;
    } else if (name === 'host') {
      host = true;
    }
  }
  const upgrading = upgrade !== null && drop.has('upgrade');
  let out = `${method} ${path} ${version}\r\n`;
  if (!host) {
    out += `Host: ${authority}\r\n`;
  }
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    if (colon <= 0 || drop.has(line.slice(0, colon).trim().toLowerCase())) {
      continue;
    }
    out += `${line}\r\n`;
  }
  out += upgrading ? `Connection: Upgrade\r\nUpgrade: ${upgrade}\r\n\r\n` : 'Connection: close\r\n\r\n';
  return Buffer.from(out, 'latin1');
}
