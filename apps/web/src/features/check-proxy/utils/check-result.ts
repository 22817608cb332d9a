/** The free checker's limit per run (POST /api/tools/check-proxy: at most 500 lines). */
export const MAX_CHECK_LINES = 500;

export type CheckProtocol = 'auto' | 'http' | 'socks5';

/** One NDJSON line of the checker: a proxy, as soon as it is done. */
export interface CheckResult {
  line: string;
  live: boolean;
  protocol: 'http' | 'socks5' | null;
  latencyMs: number | null;
  exitIp: string | null;
  error?: string;
}

/** The last NDJSON line: how many were checked, and an error code if the run broke off. */
export interface CheckDone {
  done: number;
  error?: string;
}

export function isCheckResult(value: unknown): value is CheckResult {
  return typeof value === 'object' && value !== null && 'line' in value && 'live' in value;
}

export function isCheckDone(value: unknown): value is CheckDone {
  return typeof value === 'object' && value !== null && 'done' in value && !('line' in value);
}

/** The lines to check: trimmed, without blanks (as the server counts them). */
export function proxyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A loose look at `host:port[:user:pass]`, to flag typos before sending; the server decides. */
export function looksLikeProxy(line: string): boolean {
  return /^(\[[0-9a-fA-F:.]+\]|[^:\s]+):\d{1,5}(:[^:\s]+:\S+)?$/.test(line);
}

export const CHECK_ERRORS = [
  'auth',
  'format',
  'forbidden',
  'timeout',
  'refused',
  'unreachable',
  'dns',
  'protocol',
  'closed',
  'other',
] as const;
export type CheckError = (typeof CHECK_ERRORS)[number];

/**
 * The checker's error, named for the interface: its own codes (auth, format, forbidden, timeout),
 * socket errors, and HTTP or SOCKS replies that are not a tunnel.
 */
export function checkErrorKind(error: string | undefined): CheckError | null {
  if (!error) {
    return null;
  }
  const e = error.toLowerCase();
  if (e === 'auth' || e === 'format' || e === 'forbidden' || e === 'closed') {
    return e;
  }
  if (e.includes('timeout') || e.includes('etimedout')) {
    return 'timeout';
  }
  if (e.includes('econnrefused')) {
    return 'refused';
  }
  if (e.includes('enotfound') || e.includes('eai_again')) {
    return 'dns';
  }
  if (
    e.includes('unreachable') ||
    e.includes('ehostunreach') ||
    e.includes('enetunreach') ||
    e.includes('econnreset')
  ) {
    return 'unreachable';
  }
  if (e.startsWith('http') || e.startsWith('socks') || e.includes('echo')) {
    return 'protocol';
  }
  return 'other';
}

export interface CheckCounts {
  done: number;
  live: number;
  dead: number;
}

export function countResults(results: readonly CheckResult[]): CheckCounts {
  const live = results.filter((r) => r.live).length;
  return { done: results.length, live, dead: results.length - live };
}
