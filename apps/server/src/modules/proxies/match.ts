import { MATCH_MAX_LINES, parseProxyLines, type ParsedProxyLine, type TProxyMatchResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { endpointKey, findOwnProxiesAt, type MatchRow } from './match-repository.js';
import { listProxiesJson } from './list-repository.js';

/**
 * Pairs parsed lines with candidate proxies (pure): by host and port (the line's endpoint key, as
 * `keyOf` numbers it), and when the line carries a username and password they must be the proxy's
 * too. Of two proxies on one endpoint (a locked one whose port went to a newer one) the live one wins.
 */
export function pairLines(
  parsed: ParsedProxyLine[],
  keyOf: (l: ParsedProxyLine) => number,
  candidates: MatchRow[],
): { matched: { line: string; row: MatchRow }[]; unmatched: string[] } {
  const at = new Map<number, MatchRow | MatchRow[]>();
  for (const c of candidates) {
    const had = at.get(c.key);
    if (had === undefined) {
      at.set(c.key, c);
    } else {
      const list = Array.isArray(had) ? had : [had];
      list.push(c);
      list.sort((a, b) => Number(a.locked) - Number(b.locked));
      at.set(c.key, list);
    }
  }
  const matched: { line: string; row: MatchRow }[] = [];
  const unmatched: string[] = [];
  const fits = (l: ParsedProxyLine, c: MatchRow) =>
    l.username === undefined || (c.username === l.username && c.password === l.password);
  for (const l of parsed) {
    const here = at.get(keyOf(l));
    const row =
      here === undefined
        ? undefined
        : Array.isArray(here)
          ? here.find((c) => fits(l, c))
          : fits(l, here)
            ? here
            : undefined;
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
  // The parser lower-cases hosts; each distinct host gets an index, each endpoint one integer.
  const hostIndex = new Map<string, number>();
  const keys = new Set<number>();
  const keyOf = (l: ParsedProxyLine) => {
    let i = hostIndex.get(l.host);
    if (i === undefined) {
      i = hostIndex.size;
      hostIndex.set(l.host, i);
    }
    return endpointKey(i, l.port);
  };
  for (const l of parsed) {
    keys.add(keyOf(l));
  }
  const candidates = await findOwnProxiesAt(ctx.db, userId, [...hostIndex.keys()], [...keys]);
  const { matched, unmatched } = pairLines(parsed, keyOf, candidates);
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
