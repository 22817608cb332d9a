/**
 * Destination policy (SSRF guard). Pure functions: the gateway parses every destination here,
 * checks the parsed address and then connects to exactly that address, so what was checked is
 * what is reached (no second resolution, no DNS rebinding).
 */
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** An IP address: IPv4 as an unsigned 32-bit number, IPv6 as eight 16-bit groups. */
export type Ip = { family: 4; v4: number } | { family: 6; v6: readonly number[] };

export type HostTarget = { kind: 'ip'; ip: Ip } | { kind: 'name'; name: string } | { kind: 'invalid'; reason: string };

const DEC = /^[0-9]+$/;
const BARE_HEX = /(^|\.)0x(?=\.|$)/gi;
const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

function v4Number(octets: number[]): number {
  return (
    (((octets[0] as number) << 24) |
      ((octets[1] as number) << 16) |
      ((octets[2] as number) << 8) |
      (octets[3] as number)) >>>
    0
  );
}

/**
 * IPv4 the way inet_aton() and URL parsers read it, because that is how a client's resolver would
 * read it too: `127.1`, `2130706433`, `0x7f.1`, `0177.0.0.1` all mean 127.0.0.1.
 */
export function parseIPv4Loose(s: string): number | null {
  try {
    // A bare `0x` part is zero to inet_aton() and URL parsers; ipaddr.js wants a digit after it.
    return v4Number(ipaddr.IPv4.parse(s.replace(BARE_HEX, '$10x0')).octets);
  } catch {
    return null;
  }
}

/** A dotted quad of decimal numbers without leading zeros, as configuration spells one. */
function parseV4Strict(s: string): number | null {
  return ipaddr.IPv4.isValidFourPartDecimal(s) ? v4Number(ipaddr.IPv4.parse(s).octets) : null;
}

/** Eight groups, or null. Zone ids (`fe80::1%eth0`) are refused: they only name link-local hosts. */
export function parseIPv6(s: string): number[] | null {
  // Node's validator decides what is an address (no zone, no loose IPv4 tail); ipaddr.js reads it.
  if (s.includes('%') || !isIPv6(s)) {
    return null;
  }
  const tail = s.lastIndexOf(':') + 1;
  if (!s.includes('.', tail)) {
    return ipaddr.IPv6.parse(s).parts.slice();
  }
  // ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`; written as two groups, the tail keeps its place.
  const v4 = parseV4Strict(s.slice(tail));
  if (v4 === null) {
    return null;
  }
  return ipaddr.IPv6.parse(
    `${s.slice(0, tail)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`,
  ).parts.slice();
}

/**
 * IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is the IPv4 host itself: the kernel connects to it over IPv4.
 * Every parser of a destination passes IPv6 through here, so the rule judges the IPv4 address.
 */
export function fromV6(v6: number[]): Ip {
  if (v6[0] === 0 && v6[1] === 0 && v6[2] === 0 && v6[3] === 0 && v6[4] === 0 && v6[5] === 0xffff) {
    return { family: 4, v4: ((v6[6] as number) * 0x10000 + (v6[7] as number)) >>> 0 };
  }
  return { family: 6, v6 };
}

/** A strict literal (dotted quad or IPv6), as found in configuration: egress IPs, auth IPs, CIDRs. */
export function parseIp(s: string): Ip | null {
  const v4 = parseV4Strict(s);
  if (v4 !== null) {
    return { family: 4, v4 };
  }
  const v6 = parseIPv6(s);
  return v6 === null ? null : fromV6(v6);
}

/**
 * A destination host as a client wrote it (HTTP authority, URL host or SOCKS domain). A host whose
 * last label is numeric must be an IPv4 address (as in the WHATWG URL parser), so `127.1` and
 * `0x7f.1` cannot slip through as names that a system resolver would turn into loopback.
 */
export function parseHost(raw: string): HostTarget {
  let host = raw.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) {
    const v6 = parseIPv6(host.slice(1, -1));
    return v6 === null ? { kind: 'invalid', reason: 'bad IPv6 literal' } : { kind: 'ip', ip: fromV6(v6) };
  }
  if (host.includes(':')) {
    const v6 = parseIPv6(host);
    return v6 === null ? { kind: 'invalid', reason: 'bad IPv6 literal' } : { kind: 'ip', ip: fromV6(v6) };
  }
  if (host.endsWith('.')) {
    host = host.slice(0, -1);
  }
  if (host === '' || host.length > 253) {
    return { kind: 'invalid', reason: 'bad host name' };
  }
  const lastLabel = host.slice(host.lastIndexOf('.') + 1);
  if (DEC.test(lastLabel) || /^0x[0-9a-f]*$/.test(lastLabel)) {
    const v4 = parseIPv4Loose(host);
    return v4 === null ? { kind: 'invalid', reason: 'bad IPv4 literal' } : { kind: 'ip', ip: { family: 4, v4 } };
  }
  for (const label of host.split('.')) {
    if (!LABEL.test(label)) {
      return { kind: 'invalid', reason: 'bad host name' };
    }
  }
  return { kind: 'name', name: host };
}

export function formatIp(ip: Ip): string {
  if (ip.family === 4) {
    const v = ip.v4;
    return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
  }
  return ip.v6.map((g) => g.toString(16)).join(':');
}

/** A CIDR block; `len` counts the leading bits that must match. */
export interface Block {
  bits: Ip;
  len: number;
  label: string;
}

/** Like parseIp but without unmapping, so `::ffff:0:0/96`-style prefixes stay IPv6. */
function parseRaw(addr: string): Ip | null {
  if (addr.includes(':')) {
    const v6 = parseIPv6(addr);
    return v6 === null ? null : { family: 6, v6 };
  }
  const v4 = parseV4Strict(addr);
  return v4 === null ? null : { family: 4, v4 };
}

export function parseCidr(cidr: string, label = cidr): Block | null {
  const [addr, len, extra] = cidr.split('/');
  if (addr === undefined || len === undefined || extra !== undefined || !DEC.test(len)) {
    return null;
  }
  const bits = parseRaw(addr);
  const n = Number(len);
  if (bits === null || n > (bits.family === 4 ? 32 : 128)) {
    return null;
  }
  return { bits, len: n, label };
}

function block(cidr: string, label: string): Block {
  const b = parseCidr(cidr, label);
  if (b === null) {
    throw new Error(`bad CIDR ${cidr}`);
  }
  return b;
}

function inBlock(ip: Ip, b: Block): boolean {
  if (ip.family === 4) {
    if (b.bits.family !== 4) {
      return false;
    }
    return b.len === 0 || ip.v4 >>> (32 - b.len) === b.bits.v4 >>> (32 - b.len);
  }
  if (b.bits.family !== 6) {
    return false;
  }
  let left = b.len;
  for (let i = 0; left > 0; i++, left -= 16) {
    const a = ip.v6[i] as number;
    const m = b.bits.v6[i] as number;
    if (left >= 16) {
      if (a !== m) {
        return false;
      }
    } else if (a >>> (16 - left) !== m >>> (16 - left)) {
      return false;
    }
  }
  return true;
}

/**
 * RFC 6890 special-purpose space that a proxy customer has no business reaching. IPv4-mapped
 * addresses are judged as the IPv4 address they carry once unmapped (fromV6); one that reaches the
 * rule still mapped was not, and would leave an IPv6 socket over IPv4, so it is refused outright.
 */
const SPECIAL: Block[] = [
  block('0.0.0.0/8', 'this network'),
  block('10.0.0.0/8', 'private'),
  block('100.64.0.0/10', 'shared address space (CGNAT)'),
  block('127.0.0.0/8', 'loopback'),
  block('169.254.0.0/16', 'link-local'),
  block('172.16.0.0/12', 'private'),
  block('192.0.0.0/24', 'IETF protocol assignments'),
  block('192.0.2.0/24', 'documentation'),
  block('192.88.99.0/24', '6to4 relay anycast'),
  block('192.168.0.0/16', 'private'),
  block('198.18.0.0/15', 'benchmarking'),
  block('198.51.100.0/24', 'documentation'),
  block('203.0.113.0/24', 'documentation'),
  block('224.0.0.0/4', 'multicast'),
  block('240.0.0.0/4', 'reserved'),
  block('::/128', 'unspecified'),
  block('::1/128', 'loopback'),
  block('::/96', 'IPv4-compatible (deprecated)'),
  block('::ffff:0:0/96', 'IPv4-mapped'),
  block('::ffff:0:0:0/96', 'IPv4-translated'),
  block('64:ff9b:1::/48', 'local-use NAT64'),
  block('100::/64', 'discard-only'),
  block('2001:2::/48', 'benchmarking'),
  block('2001:db8::/32', 'documentation'),
  block('3fff::/20', 'documentation'),
  block('fc00::/7', 'unique local'),
  block('fe80::/10', 'link-local'),
  block('fec0::/10', 'site-local (deprecated)'),
  block('ff00::/8', 'multicast'),
];

/** Prefixes that carry an IPv4 address inside (NAT64, 6to4): the inner address is judged too. */
const NAT64 = block('64:ff9b::/96', 'NAT64');
const SIX_TO_FOUR = block('2002::/16', '6to4');

/** Why `ip` is special-purpose space, or null for an ordinary global unicast address. */
export function specialPurpose(ip: Ip): string | null {
  for (const b of SPECIAL) {
    if (inBlock(ip, b)) {
      return b.label;
    }
  }
  if (ip.family === 6) {
    let inner: number | null = null;
    if (inBlock(ip, NAT64)) {
      inner = (ip.v6[6] as number) * 0x10000 + (ip.v6[7] as number);
    } else if (inBlock(ip, SIX_TO_FOUR)) {
      inner = (ip.v6[1] as number) * 0x10000 + (ip.v6[2] as number);
    }
    if (inner !== null) {
      const reason = specialPurpose({ family: 4, v4: inner });
      return reason === null ? null : `${reason} (embedded in IPv6)`;
    }
  }
  return null;
}

const LOOPBACK_OR_ANY = [block('0.0.0.0/8', ''), block('127.0.0.0/8', ''), block('::/128', ''), block('::1/128', '')];

/** Addresses that reach this very machine whatever its interfaces are. */
export function isLoopbackOrUnspecified(ip: Ip): boolean {
  return LOOPBACK_OR_ANY.some((b) => inBlock(ip, b));
}

/** A set of single addresses and CIDR blocks, e.g. this node's own addresses and prefixes. */
export class AddressSet {
  private readonly exact = new Set<string>();
  private readonly blocks: Block[] = [];

  /** Adds an address or a CIDR; returns false when it parses as neither. */
  add(entry: string): boolean {
    if (entry.includes('/')) {
      const b = parseCidr(entry);
      if (b !== null) {
        this.blocks.push(b);
      }
      return b !== null;
    }
    const ip = parseIp(entry);
    if (ip !== null) {
      this.exact.add(formatIp(ip));
    }
    return ip !== null;
  }

  has(ip: Ip): boolean {
    return this.exact.has(formatIp(ip)) || this.blocks.some((b) => inBlock(ip, b));
  }
}

export interface DestinationPolicy {
  /** GATEWAY_ALLOW_PRIVATE: special-purpose space is reachable (tests, embedded demo). */
  allowPrivate: boolean;
  /** Ports that are refused on loopback and on the node's own addresses (the panel's, the proxies' own). */
  isBlockedPort(port: number): boolean;
  isOwnAddress(ip: Ip): boolean;
  /** Exact destinations that are always reachable, e.g. the panel's echo service for proxy checks. */
  isAllowedTarget?(ip: Ip, port: number): boolean;
}

/** Why a connection to `ip`:`port` is refused, or null when it is allowed. */
export function destinationRefusal(ip: Ip, port: number, policy: DestinationPolicy): string | null {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return 'invalid port';
  }
  if (policy.isAllowedTarget?.(ip, port)) {
    return null;
  }
  if (!policy.allowPrivate) {
    const reason = specialPurpose(ip);
    if (reason !== null) {
      return reason;
    }
  }
  if (policy.isBlockedPort(port) && (isLoopbackOrUnspecified(ip) || policy.isOwnAddress(ip))) {
    return 'a port of this node';
  }
  return null;
}
