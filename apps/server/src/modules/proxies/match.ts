import { MATCH_MAX_LINES, parseProxyLines, type ParsedProxyLine, type TProxyMatchResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { findOwnProxiesAt, type MatchRow } from './match-repository.js';
import { listProxiesJson } from './repository.js';

const endpoint = (host: string, port: number) => `${host.toLowerCase()}:${port}`;

/**
 * Pairs parsed lines with candidate proxies (pure): by host and port, and when the line carries a
 * username and password they must be the proxy's too. Of two proxies on one endpoint (a locked one
 * whose port went to a newer one) the live one wins.
 */
export function pairLines(
  parsed: ParsedProxyLine[],
  candidates: MatchRow[],
): { matched: { line: string; row: MatchRow }[]; unmatched: string[] } {
  const at = new Map<string, MatchRow[]>();
  for (const c of candidates) {
    const k = endpoint(c.host, c.port);
    const list = at.get(k);
    if (list) {
      list.push(c);
    } else {
      at.set(k, [c]);
    }
  }
  for (const list of at.values()) {
    list.sort((a, b) => Number(a.locked) - Number(b.locked));
  }
  const matched: { line: string; row: MatchRow }[] = [];
  const unmatched: string[] = [];
  for (const l of parsed) {
    const row = at
      .get(endpoint(l.host, l.port))
      ?.find((c) => l.username === undefined || (c.username === l.username && c.password === l.password));
    if (row) {
      matched.push({ line: l.line, row });
    } else {
      unmatched.push(l.line);
    }
  }
  return { matched, unmatched };
}

/**
 * POST /api/proxy/match: which pasted lines are the caller's proxies (docs/wire-contract.md#proxies).
 * One query for all the lines; another user's proxy is simply not found (unmatched).
 */
export async function matchProxyLines(
  ctx: AppContext,
  userId: string,
  text: string,
  withProxies = false,
): Promise<TProxyMatchResponse> {
  const { parsed, invalid, lines } = parseProxyLines(text);
  if (lines > MATCH_MAX_LINES) {
    throw new AppError('TOO_MANY_LINES', { max: MATCH_MAX_LINES, lines });
  }
  const pairs = new Map<string, { host: string; port: number }>();
  for (const l of parsed) {
    pairs.set(endpoint(l.host, l.port), { host: l.host, port: l.port });
  }
  const candidates = await findOwnProxiesAt(ctx.db, userId, [...pairs.values()]);
  const { matched, unmatched } = pairLines(parsed, candidates);
  const out: TProxyMatchResponse = {
    matched: matched.map(({ line, row }) => ({ line, proxyId: row.id, type: row.type })),
    unmatched: [...unmatched, ...invalid],
  };
  const ids = [...new Set(out.matched.map((m) => m.proxyId))];
  if (withProxies && ids.length > 0) {
    // The list's own JSON (built by PostgreSQL), so the web acts on them as on chosen rows.
    const r = await listProxiesJson(ctx.db, {
      userId,
      ids,
      search: '',
      sort: 'created_desc',
      page: 1,
      limit: ids.length,
    });
    out.proxies = JSON.parse(r.items) as TProxyMatchResponse['proxies'];
  } else if (withProxies) {
    out.proxies = [];
  }
  return out;
}
