import { z } from 'zod';
import { ZProxy } from './schemas/orders.js';

/**
 * The "paste to act" parser (docs/wire-contract.md#proxies, POST /api/proxy/match): one proxy per
 * line in any of the usual forms, pure and synchronous so it is unit-tested and benchmarked alone.
 *
 *   host:port                      host:port:user:pass
 *   user:pass@host:port            host:port@user:pass
 *   scheme://user:pass@host:port   scheme://host:port      (http, https, socks5, socks5h)
 *   the same fields separated by tabs or commas (our own CSV export too; its header is skipped)
 *
 * Hosts are compared lower-cased; an IPv6 host is written in brackets (`[2001:db8::1]:8080`).
 */
export const MATCH_MAX_LINES = 10_000;
/** The most characters a pasted text may have (a 10,000-line paste of long URLs fits). */
export const MATCH_MAX_CHARS = 1_000_000;

export interface ParsedProxyLine {
  /** The line as pasted, trimmed. */
  line: string;
  host: string;
  port: number;
  username?: string;
  password?: string;
}

const SCHEME = /^(?:https?|socks5h?|socks4a?):\/\//i;
const PORT = /^\d{1,5}$/;
const CSV_HEADER = /^host\s*[,\t;]\s*port\b/i;
const BAD_HOST = /[\s/@]/;
/** What `.` in a regular expression does not match (a password may hold anything else). */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/*
 * Hand-written scanning rather than regular expressions and object spreads: a 10,000-line paste is
 * parsed on every "paste to act" (bench:match), and these run once or twice per line.
 */

/** s[from, to) as a port (1-5 digits, 1..65535), or 0 when it is not one. */
function portAt(s: string, from: number, to: number): number {
  if (to - from < 1 || to - from > 5) {
    return 0;
  }
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) {
      return 0;
    }
    n = n * 10 + c - 48;
  }
  return n <= 65535 ? n : 0;
}

/**
 * s[from, to) as `host:port` (or `[v6]:port`): sets `out.host`/`out.port` and answers true, or
 * false when it is not one.
 */
function hostPortAt(s: string, from: number, to: number, out: ParsedProxyLine): boolean {
  let hostFrom: number;
  let hostTo: number;
  let portFrom: number;
  if (s.charCodeAt(from) === 91 /* [ */) {
    const end = s.indexOf(']', from);
    if (end < 0 || end + 1 >= to || s.charCodeAt(end + 1) !== 58 /* : */) {
      return false;
    }
    hostFrom = from + 1;
    hostTo = end;
    portFrom = end + 2;
  } else {
    const i = s.lastIndexOf(':', to - 1);
    if (i <= from) {
      return false;
    }
    const colon = s.indexOf(':', from);
    if (colon !== i) {
      return false;
    }
    hostFrom = from;
    hostTo = i;
    portFrom = i + 1;
  }
  const port = portAt(s, portFrom, to);
  if (port === 0 || hostTo <= hostFrom) {
    return false;
  }
  const host = s.slice(hostFrom, hostTo);
  if (BAD_HOST.test(host)) {
    return false;
  }
  out.host = host.toLowerCase();
  out.port = port;
  return true;
}

/** s[from, to) as `user:pass` split at its first colon (a password may hold colons). */
function userPassAt(s: string, from: number, to: number, out: ParsedProxyLine): boolean {
  const i = s.indexOf(':', from);
  if (i <= from || i >= to - 1) {
    return false;
  }
  out.username = s.slice(from, i);
  out.password = s.slice(i + 1, to);
  return true;
}

const unquote = (s: string) => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"') : t;
};

/** One trimmed, non-empty line; null when it is none of the forms. */
export function parseProxyLine(line: string): ParsedProxyLine | null {
  let s = line;
  // Tab- or comma-separated fields become the colon form (extra CSV columns after the 4th are dropped).
  if (s.includes('\t') || s.includes(',')) {
    const fields = s.split(/[\t,]/).map(unquote);
    while (fields.length > 0 && fields[fields.length - 1] === '') {
      fields.pop();
    }
    const portAt = fields.findIndex((f, i) => i > 0 && PORT.test(f));
    const head = portAt === 1 ? fields.slice(0, 4) : fields.slice(0, 3);
    s = head.join(':');
  }
  const first = s.charCodeAt(0) | 32;
  if (first === 104 /* h */ || first === 115 /* s */) {
    s = s.replace(SCHEME, '');
  }
  const out: ParsedProxyLine = { line, host: '', port: 0 };
  const len = s.length;
  const at = s.lastIndexOf('@');
  if (at >= 0) {
    if (hostPortAt(s, at + 1, len, out)) {
      return userPassAt(s, 0, at, out) ? out : null;
    }
    return hostPortAt(s, 0, at, out) && userPassAt(s, at + 1, len, out) ? out : null;
  }
  if (hostPortAt(s, 0, len, out)) {
    return out;
  }
  // host:port:user:pass (the password may hold colons; an IPv6 host must be bracketed).
  let hostEnd: number;
  if (s.charCodeAt(0) === 91 /* [ */) {
    const end = s.indexOf(']');
    hostEnd = end + 1;
    if (end < 2 || s.charCodeAt(hostEnd) !== 58 /* : */) {
      return null;
    }
  } else {
    hostEnd = s.indexOf(':');
  }
  const portEnd = hostEnd > 0 ? s.indexOf(':', hostEnd + 1) : -1;
  const userEnd = portEnd > 0 ? s.indexOf(':', portEnd + 1) : -1;
  if (
    userEnd < 0 ||
    userEnd === portEnd + 1 ||
    userEnd === len - 1 ||
    portAt(s, hostEnd + 1, portEnd) === 0 ||
    !hostPortAt(s, 0, portEnd, out)
  ) {
    return null;
  }
  const password = s.slice(userEnd + 1);
  if (LINE_BREAK.test(password)) {
    return null;
  }
  out.username = s.slice(portEnd + 1, userEnd);
  out.password = password;
  return out;
}

/**
 * Splits a pasted text into lines (LF, CRLF or CR), skips blank lines and a CSV header, and parses
 * each. `lines` is how many lines counted against MATCH_MAX_LINES.
 */
export function parseProxyLines(text: string): {
  parsed: ParsedProxyLine[];
  invalid: string[];
  lines: number;
} {
  const parsed: ParsedProxyLine[] = [];
  const invalid: string[] = [];
  let lines = 0;
  const take = (raw: string) => {
    const line = raw.trim();
    if (line === '' || ((line.charCodeAt(0) | 32) === 104 /* h */ && CSV_HEADER.test(line))) {
      return;
    }
    lines++;
    const p = parseProxyLine(line);
    if (p) {
      parsed.push(p);
    } else {
      invalid.push(line);
    }
  };
  let from = 0;
  // The next CR at or after `from` (-1: none left), found once per CR, not once per line.
  let cr = text.indexOf('\r');
  while (from <= text.length) {
    let to = text.indexOf('\n', from);
    if (to < 0) {
      to = text.length;
    }
    // A lone CR ends a line too (a CR before the LF just leaves a blank piece, skipped).
    let piece = from;
    while (cr >= 0 && cr < to) {
      take(text.slice(piece, cr));
      piece = cr + 1;
      cr = text.indexOf('\r', piece);
    }
    take(text.slice(piece, to));
    from = to + 1;
  }
  return { parsed, invalid, lines };
}

/** POST /api/proxy/match (docs/wire-contract.md#proxies). */
export const ZProxyMatchRequest = z.object({
  text: z.string().max(MATCH_MAX_CHARS),
  /** Also answer the matched proxies as the list shows them (`proxies`), for acting on them at once. */
  withProxies: z.boolean().optional(),
});
export const ZProxyMatchResponse = z.object({
  /** One entry per matched line, in the order pasted. */
  matched: z.array(z.object({ line: z.string(), proxyId: z.string(), type: z.enum(['v6', 'v4']) })),
  /** Lines that are none of the caller's proxies, or not a proxy line at all. */
  unmatched: z.array(z.string()),
  /** With `withProxies`: each matched proxy once. */
  proxies: z.array(ZProxy).optional(),
});
export type TProxyMatchResponse = z.infer<typeof ZProxyMatchResponse>;
