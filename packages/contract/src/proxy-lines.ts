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

/** `host:port` (or `[v6]:port`); null when it is not one. */
function hostPort(s: string): { host: string; port: number } | null {
  let host: string;
  let port: string;
  if (s.startsWith('[')) {
    const end = s.indexOf(']');
    if (end < 0 || s[end + 1] !== ':') {
      return null;
    }
    host = s.slice(1, end);
    port = s.slice(end + 2);
  } else {
    const i = s.lastIndexOf(':');
    if (i <= 0) {
      return null;
    }
    host = s.slice(0, i);
    port = s.slice(i + 1);
    if (host.includes(':')) {
      return null;
    }
  }
  const n = Number(port);
  if (!PORT.test(port) || n < 1 || n > 65535 || host === '' || /[\s/@]/.test(host)) {
    return null;
  }
  return { host: host.toLowerCase(), port: n };
}

/** `user:pass` split at its first colon (a password may hold colons); null without one. */
function userPass(s: string): { username: string; password: string } | null {
  const i = s.indexOf(':');
  if (i <= 0 || i === s.length - 1) {
    return null;
  }
  return { username: s.slice(0, i), password: s.slice(i + 1) };
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
  s = s.replace(SCHEME, '');
  const at = s.lastIndexOf('@');
  if (at >= 0) {
    const left = s.slice(0, at);
    const right = s.slice(at + 1);
    const hp = hostPort(right);
    if (hp) {
      const up = userPass(left);
      return up ? { line, ...hp, ...up } : null;
    }
    const hpLeft = hostPort(left);
    const up = userPass(right);
    return hpLeft && up ? { line, ...hpLeft, ...up } : null;
  }
  const hp = hostPort(s);
  if (hp) {
    return { line, ...hp };
  }
  // host:port:user:pass (the password may hold colons; an IPv6 host must be bracketed).
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5}):([^:]+):(.+)$/.exec(s);
  if (!m) {
    return null;
  }
  const hp4 = hostPort(`${m[1]}:${m[2]}`);
  return hp4 ? { line, ...hp4, username: m[3], password: m[4] } : null;
}

/**
 * Splits a pasted text into lines (LF or CRLF), skips blank lines and a CSV header, and parses
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
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (line === '' || CSV_HEADER.test(line)) {
      continue;
    }
    lines++;
    const p = parseProxyLine(line);
    if (p) {
      parsed.push(p);
    } else {
      invalid.push(line);
    }
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
