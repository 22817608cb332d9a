import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

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
export const endpointKey = (hostIndex: number, port: number) => hostIndex * 65536 + port;

/**
 * The user's proxies (not the listeners of rotating keys) served at any of these endpoints, in one
 * statement returning only what matching needs. `hosts` are the distinct lower-cased hosts pasted
 * (few: one per node), `keys` the endpoints as endpointKey(index in hosts, port) (up to 10,000):
 * both go in as one parameter each (a JSON array of hosts, an int[] literal of keys, cheap for
 * PostgreSQL to read), the hosts resolve to nodes, and the keys are hash-joined with the user's
 * proxies on those nodes. Locked proxies come too (their port may serve another proxy of the user
 * since; the caller prefers the live one).
 */
export async function findOwnProxiesAt(
  db: DbOrTx,
  userId: string,
  hosts: string[],
  keys: number[],
): Promise<MatchRow[]> {
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
