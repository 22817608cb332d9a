import { sql } from 'drizzle-orm';
import {
  MATCH_MAX_LINES,
  parseProxyLines,
  proxyMatchEndpoints,
  type ParsedProxyLine,
  type TProxyMatchResponse,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp } from '../../lib/route.js';
import { authenticate } from '../../plugins/auth.js';
import { listProxiesJson } from './list-proxies.js';

export interface MatchRow {
  id: string;
  type: 'v6' | 'v4';
  /** The endpoint as the caller numbered it: host index × 65,536 + port. */
  key: number;
  username: string;
  password: string;
  locked: boolean;
}

/** An endpoint as one integer: the host's index in the list passed to findOwnProxiesAt, and the port. */
const endpointKey = (hostIndex: number, port: number) => hostIndex * 65536 + port;

/**
 * The user's proxies (not the listeners of rotating keys) served at any of these endpoints, in one
 * statement returning only what matching needs. `hosts` are the distinct lower-cased hosts pasted
 * (few: one per node), `keys` the endpoints as endpointKey(index in hosts, port) (up to 10,000):
 * both go in as one parameter each (a JSON array of hosts, an int[] literal of keys, cheap for
 * PostgreSQL to read), the hosts resolve to nodes, and the keys are hash-joined with the user's
 * proxies on those nodes. Locked proxies come too (their port may serve another proxy of the user
 * since; the caller prefers the live one).
 */
async function findOwnProxiesAt(db: DbOrTx, userId: string, hosts: string[], keys: number[]): Promise<MatchRow[]> {
  if (hosts.length === 0 || keys.length === 0) {
    return [];
  }
  // One row holding one JSON array per column ([ids, types, keys, usernames, passwords, locked]):
  // on PGlite each result row costs far more than building it in PostgreSQL (5,000 rows: ~2.5×
  // slower than one), and json_agg of a plain column resolves its output type once per statement
  // where json_build_array per row does it for each of its six arguments every row (5,000 matched
  // rows: ~25% less CPU for the statement on PGlite, bench:match; PostgreSQL gains a little too).
  const [row] = await queryRows<{ j: string }>(
    db,
    sql`with n as materialized (
          select s.id, (h.i::int - 1) * 65536 as base
          from jsonb_array_elements_text(${JSON.stringify(hosts)}::jsonb) with ordinality as h(host, i)
          join nodes s on lower(s.host) = h.host)
        select json_build_array(json_agg(p.id), json_agg(p.type), json_agg(k.key), json_agg(p.username),
                                json_agg(p.password), json_agg(p.status = 'locked'))::text as j
        from proxies p
        join n on n.id = p.node_id
        join unnest(${`{${keys.join(',')}}`}::int[]) as k(key) on k.key = n.base + p.port
        where p.user_id = ${userId} and p.key_id is null`,
  );
  // The six aggregates take the same rows in the same order; no row matched: each is null.
  const [ids, types, at, usernames, passwords, locked] = JSON.parse(row?.j ?? '[null]') as [
    string[] | null,
    ('v6' | 'v4')[],
    number[],
    string[],
    string[],
    boolean[],
  ];
  return (ids ?? []).map((id, i) => ({
    id,
    type: types[i]!,
    key: at[i]!,
    username: usernames[i]!,
    password: passwords[i]!,
    locked: locked[i]!,
  }));
}

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

/** POST /api/proxy/match: "paste to act" on /manage-proxy. */
export function matchRoute(app: RouteApp): void {
  route(
    app,
    proxyMatchEndpoints.match,
    {
      preHandler: authenticate,
      // 10,000 long lines fit; the text's own limit gives VALIDATION_ERROR before this.
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags: ['proxy'] },
    },
    async (req) => matchProxyLines(app.ctx, req.user.id, req.body.text, req.body.withProxies),
  );
}
