import { MAX_CHECK_LINES } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { findUserProxiesToCheck, type ProxyScope } from '../proxies/index.js';
import { checkedAddress, loadCheckerPolicy } from './destination.js';
import { parseProxyLine, probe, type EchoTarget, type ProbeResult } from './probe.js';

const CONCURRENCY = 32;

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
function echo6Of(ctx: AppContext): EchoTarget | undefined {
  return ctx.echo?.host6 ? { host: ctx.echo.host6, port: ctx.echo.port } : undefined;
}

/** A proxy sold as IPv6 is tried against the IPv6 target first, the IPv4 one being its fallback. */
function echoesFor(ctx: AppContext, type: string): { echo: EchoTarget; fallback?: EchoTarget } {
  const echo = echoTarget(ctx);
  const echo6 = echo6Of(ctx);
  return type === 'v6' && echo6 ? { echo: echo6, fallback: echo } : { echo, fallback: echo6 };
}

/** PUT check-list-proxy: each of the caller's proxies, through its own listener, from the server. */
export async function checkOwnProxies(ctx: AppContext, userId: string, type: ProxyScope | undefined, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await findUserProxiesToCheck(ctx.db, userId, unique);
  const outOfScope = (r: { type: string; package_name: string | null }) =>
    type === 'bought' ? r.type !== 'v4' || r.package_name === null : type !== undefined && r.type !== type;
  if (rows.length !== unique.length || rows.some((r) => r.key_id !== null || outOfScope(r))) {
    throw new AppError('PROXY_NOT_EXISTS');
  }
  echoTarget(ctx);
  return mapLimit(rows, CONCURRENCY, async (r) => {
    const { echo, fallback } = echoesFor(ctx, r.type);
    const res = await probe(
      { host: r.host, port: r.port, username: r.username, password: r.password },
      r.protocol,
      echo,
      5_000,
      fallback,
    );
    return {
      id: r.id,
      live: res.live,
      latencyMs: res.latencyMs,
      egressIp: res.exitIp,
      ipv4Fallback: r.type === 'v6' && r.ipv4_fallback,
    };
  });
}

export interface CheckLineResult extends ProbeResult {
  line: string;
}

/** POST /api/tools/check-proxy: up to 500 lines; results stream out as each proxy is done. */
export async function checkLines(
  ctx: AppContext,
  lines: string[],
  protocol: 'http' | 'socks5' | 'auto',
  onResult: (r: CheckLineResult) => void,
): Promise<void> {
  const cleaned = lines.map((l) => l.trim()).filter(Boolean);
  if (cleaned.length > MAX_CHECK_LINES) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'body.lines', message: `at most ${MAX_CHECK_LINES} lines` }],
      max: MAX_CHECK_LINES,
    });
  }
  const policy = await loadCheckerPolicy(ctx);
  const echo = echoTarget(ctx);
  await mapLimit(
    cleaned,
    CONCURRENCY,
    async (line): Promise<CheckLineResult> => {
      const t = parseProxyLine(line);
      if (!t) {
        return { line, live: false, protocol: null, latencyMs: null, exitIp: null, error: 'format' };
      }
      // One answer for every refused destination, given before any connection is tried.
      const address = await checkedAddress(policy, t.host, t.port);
      if (address === null) {
        return { line, live: false, protocol: null, latencyMs: null, exitIp: null, error: 'forbidden' };
      }
      return { line, ...(await probe({ ...t, address }, protocol, echo, undefined, echo6Of(ctx))) };
    },
    (r) => onResult(r),
  );
}
