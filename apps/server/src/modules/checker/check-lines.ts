import { MAX_CHECK_LINES, toolEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { checkedAddress, loadCheckerPolicy } from './destination.js';
import { CONCURRENCY, echo6Of, echoTarget, mapLimit, parseProxyLine, probe, type ProbeResult } from './probe.js';

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

/**
 * /api/tools/check-proxy: the free "Check Proxy" tool. Results stream as NDJSON, one line per
 * proxy as soon as it is done, so the page shows progress; the last line is {"done":N}.
 */
export function checkLinesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, toolEndpoints.checkProxy, opts, async (req, reply) => {
    // Checking opens many outgoing connections: a few runs a minute per user.
    await hitLimit(app.ctx.db, app.ctx.clock, { key: `check-tool:${req.user.id}`, max: 5, windowSec: 60 });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    let n = 0;
    try {
      await checkLines(app.ctx, req.body.lines, req.body.protocol, (r) => {
        n++;
        res.write(`${JSON.stringify(r)}\n`);
      });
      res.end(`${JSON.stringify({ done: n })}\n`);
    } catch (err) {
      req.log.error({ err }, 'proxy check failed');
      res.end(`${JSON.stringify({ error: 'UNKNOW_ERROR', done: n })}\n`);
    }
    return undefined;
  });
}
