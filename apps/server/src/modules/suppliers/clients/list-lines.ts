import { MATCH_MAX_LINES, parseProxyLines } from '@proxy/contract';
import { sha256Hex } from '../../../lib/crypto.js';
import { AppError } from '../../../lib/errors.js';

/**
 * Pasted upstream proxies (kind `list`): one a line in any form POST /api/proxy/match reads,
 * parsed by the contract's parser. Pure: the addresses are judged by the caller (add-lines.ts).
 */

export type LineRefusal = 'format' | 'port' | 'private' | 'credentials' | 'duplicate';

export interface UpstreamLine {
  line: string;
  host: string;
  port: number;
  username: string;
  password: string;
  /** Tells one upstream proxy from another without holding its password. */
  lineKey: string;
}

/** The key of an upstream proxy: its host, port and user name, hashed. */
export function lineKeyOf(host: string, port: number, username: string): string {
  return sha256Hex(`${host.toLowerCase()}\n${port}\n${username}`);
}

/** A port written in the line that is none (0, or above 65535): a clearer refusal than "format". */
const BAD_PORT = /(?:^|[:@/\]])(\d{1,})(?=$|[:@])/g;
function hasBadPort(line: string): boolean {
  for (const m of line.matchAll(BAD_PORT)) {
    const n = Number(m[1]);
    if (m[1]!.length <= 6 && (n === 0 || n > 65535)) {
      return true;
    }
  }
  return false;
}

/**
 * Every line as an upstream proxy, or why not: a line the parser cannot read (`format`, or `port`
 * when its port is out of range), one without user name and password (`credentials`: an upstream
 * is dialled with them), and repeats within the paste (`duplicates`, counted, not named).
 */
export function readLines(text: string): {
  lines: UpstreamLine[];
  refused: { line: string; reason: LineRefusal }[];
  duplicates: number;
} {
  const parsed = parseProxyLines(text);
  if (parsed.lines > MATCH_MAX_LINES) {
    throw new AppError('TOO_MANY_LINES', { max: MATCH_MAX_LINES, lines: parsed.lines });
  }
  const refused: { line: string; reason: LineRefusal }[] = parsed.invalid.map((line) => ({
    line,
    reason: hasBadPort(line) ? 'port' : 'format',
  }));
  const seen = new Set<string>();
  const lines: UpstreamLine[] = [];
  let duplicates = 0;
  for (const p of parsed.parsed) {
    if (!p.username || !p.password) {
      refused.push({ line: p.line, reason: 'credentials' });
      continue;
    }
    const host = p.host.startsWith('[') && p.host.endsWith(']') ? p.host.slice(1, -1) : p.host;
    const lineKey = lineKeyOf(host, p.port, p.username);
    if (seen.has(lineKey)) {
      duplicates++;
      continue;
    }
    seen.add(lineKey);
    lines.push({ line: p.line, host, port: p.port, username: p.username, password: p.password, lineKey });
  }
  return { lines, refused, duplicates };
}
