/** What the gateway answers a client: HTTP status replies and SOCKS5 (RFC 1928/1929) replies. */
import { parseIp } from './ssrf.js';

/** Why a handshake or a connect is refused; each maps to an HTTP status and a SOCKS5 REP code. */
export type Failure =
  | 'bad-request'
  | 'header-too-large'
  | 'auth'
  | 'forbidden'
  | 'too-many'
  | 'dns'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'exhausted'
  | 'family'
  | 'command'
  | 'atyp'
  | 'egress'
  // An IPv6 proxy without the IPv4 fallback asked for a destination that has IPv4 only.
  | 'ipv6-only'
  // A chained proxy's upstream (docs/gateway-protocol.md#chaining): it refused the TCP connection,
  // could not be reached (or resolved, or its address is not public), refused our credentials,
  // did not finish its handshake in time, answered something that is not a proxy reply, or could
  // not reach the destination itself.
  | 'upstream-refused'
  | 'upstream-unreachable'
  | 'upstream-auth'
  | 'upstream-timeout'
  | 'upstream-error'
  | 'upstream-target';

function httpReply(status: string, extra = '', detail = ''): Buffer {
  const body = detail === '' ? `${status}\n` : `${status}\n${detail}\n`;
  return Buffer.from(
    `HTTP/1.1 ${status}\r\n${extra}Content-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    'latin1',
  );
}

export const HTTP_FAILURE: Record<Failure, Buffer> = {
  'bad-request': httpReply('400 Bad Request'),
  'header-too-large': httpReply('431 Request Header Fields Too Large'),
  auth: httpReply('407 Proxy Authentication Required', 'Proxy-Authenticate: Basic realm="proxy"\r\n'),
  forbidden: httpReply('403 Forbidden'),
  'too-many': httpReply('429 Too Many Requests'),
  dns: httpReply('502 Bad Gateway'),
  refused: httpReply('502 Bad Gateway'),
  unreachable: httpReply('502 Bad Gateway'),
  timeout: httpReply('504 Gateway Timeout'),
  exhausted: httpReply('503 Service Unavailable'),
  family: httpReply('502 Bad Gateway'),
  command: httpReply('405 Method Not Allowed'),
  atyp: httpReply('400 Bad Request'),
  egress: httpReply('502 Bad Gateway'),
  'ipv6-only': httpReply(
    '502 Bad Gateway',
    '',
    'This IPv6 proxy reaches IPv6 destinations only; the destination has no IPv6 address.',
  ),
  // The reasons name the upstream's failure only: never its address or credentials.
  'upstream-refused': httpReply('502 Bad Gateway', '', 'Upstream proxy refused the connection.'),
  'upstream-unreachable': httpReply('502 Bad Gateway', '', 'Upstream proxy unreachable.'),
  'upstream-auth': httpReply('502 Bad Gateway', '', 'Upstream proxy authentication failed.'),
  'upstream-timeout': httpReply('502 Bad Gateway', '', 'Upstream proxy timed out.'),
  'upstream-error': httpReply('502 Bad Gateway', '', 'Upstream proxy sent an invalid reply.'),
  'upstream-target': httpReply('502 Bad Gateway', '', 'Upstream proxy could not reach the destination.'),
};
/**
 * Why a destination is refused, for the body of an HTTP 403 (SOCKS5 has only its REP code).
 * `target` is what the client asked for (with the address a name resolved to), `reason` the
 * destination policy's (see ssrf.ts destinationRefusal).
 */
export function refusedDestination(target: string, reason: string): string {
  if (reason === 'a port of this node') {
    return `Destination refused: ${target} is a port of this proxy server itself.`;
  }
  if (reason === 'invalid port') {
    return `Destination refused: ${target} has no valid port.`;
  }
  return `Destination refused: ${target} is in ${reason} address space; this proxy does not connect to private, loopback or other special-purpose addresses.`;
}

/** The 403 answer with `detail` in its plain-text body. */
export function httpForbidden(detail: string): Buffer {
  // The body is latin1 on the wire: a name is ASCII (IDNA), anything else becomes '?'.
  return httpReply('403 Forbidden', '', detail.replace(/[^\x20-\x7e]/g, '?'));
}

export const HTTP_CONNECTED = Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n', 'latin1');

/** RFC 1928 §6 reply codes. */
const SOCKS_REP: Record<Failure, number> = {
  'bad-request': 0x01,
  'header-too-large': 0x01,
  auth: 0x02,
  forbidden: 0x02,
  'too-many': 0x01,
  dns: 0x04,
  refused: 0x05,
  unreachable: 0x04,
  timeout: 0x04,
  exhausted: 0x01,
  family: 0x08,
  command: 0x07,
  atyp: 0x08,
  egress: 0x01,
  'ipv6-only': 0x04,
  'upstream-refused': 0x05,
  'upstream-unreachable': 0x01,
  'upstream-auth': 0x01,
  'upstream-timeout': 0x01,
  'upstream-error': 0x01,
  'upstream-target': 0x05,
};
export const SOCKS_NO_METHOD = Buffer.from([0x05, 0xff]);
export const SOCKS_METHOD_NONE = Buffer.from([0x05, 0x00]);
export const SOCKS_METHOD_USERPASS = Buffer.from([0x05, 0x02]);
export const SOCKS_AUTH_OK = Buffer.from([0x01, 0x00]);
export const SOCKS_AUTH_FAIL = Buffer.from([0x01, 0x01]);

/** The failure reply of a SOCKS5 request (a fresh buffer: it is handed to the socket). */
export function socksFailure(failure: Failure): Buffer {
  return Buffer.from([0x05, SOCKS_REP[failure], 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
}

/** The success reply of a SOCKS5 request: BND.ADDR and BND.PORT are the outgoing socket's own. */
export function socksSuccess(localAddress: string | undefined, localPort: number | undefined): Buffer {
  const ip = parseIp(localAddress ?? '') ?? { family: 4 as const, v4: 0 };
  const port = localPort ?? 0;
  if (ip.family === 4) {
    const b = Buffer.alloc(10);
    b.writeUInt8(0x05, 0);
    b.writeUInt8(0x01, 3);
    b.writeUInt32BE(ip.v4, 4);
    b.writeUInt16BE(port, 8);
    return b;
  }
  const b = Buffer.alloc(22);
  b.writeUInt8(0x05, 0);
  b.writeUInt8(0x04, 3);
  ip.v6.forEach((g, i) => b.writeUInt16BE(g, 4 + i * 2));
  b.writeUInt16BE(port, 20);
  return b;
}
