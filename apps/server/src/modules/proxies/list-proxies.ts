import { asc, desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedByShape, queryRows, type DbOrTx } from '../../db/client.js';
import { proxies } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';
import { route, type RouteApp } from '../../lib/route.js';
import { authenticateWith } from '../../plugins/auth.js';
import { proxyEndpointsOf, proxyWhere, whereOf, type ProxyFilter, type ProxyScope } from './queries.js';

type ListRow = { items: string | null; total: string | number | null };

/** The list's orders; the id breaks ties, so pages neither overlap nor skip. */
const SORTS = {
  created_desc: [desc(proxies.createdAt), desc(proxies.id)],
  created_asc: [asc(proxies.createdAt), asc(proxies.id)],
  expires_asc: [asc(proxies.expiresAt), asc(proxies.id)],
  expires_desc: [desc(proxies.expiresAt), desc(proxies.id)],
} as const;

/** SORTS again, over the columns the page's subquery carries out (json_agg must keep the order). */
const PAGE_SORTS = {
  created_desc: sql.raw('x.sc desc, x.si desc'),
  created_asc: sql.raw('x.sc asc, x.si asc'),
  expires_asc: sql.raw('x.se asc, x.si asc'),
  expires_desc: sql.raw('x.se desc, x.si desc'),
} as const;

const ISO = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The list's total and its page as JSON, as the two columns of a statement: limit and offset are
 * values or placeholders.
 */
function listColumns(
  where: SQL | undefined,
  sort: ProxyFilter['sort'],
  limit: number | Placeholder,
  offset: number | Placeholder,
): { total: SQL; items: SQL } {
  const total = sql`(select count(*) from proxies where ${where})`;
  const items = sql`(select json_agg(x.item order by ${PAGE_SORTS[sort]})::text from (
      select proxies.created_at as sc, proxies.expires_at as se, proxies.id as si,
      json_build_object(
        'id', proxies.id, 'orderId', proxies.order_id, 'type', proxies.type, 'kind', proxies.kind,
        'protocol', proxies.protocol, 'host', nodes.host, 'port', proxies.port,
        'username', proxies.username, 'password', proxies.password, 'country', proxies.country,
        'egressIp', proxies.egress_ip, 'packageName', proxies.package_name, 'tagId', proxies.tag_id,
        'comment', proxies.comment, 'status', proxies.status, 'expiresAt', ${ISO('proxies.expires_at')},
        'autoRenew', proxies.auto_renew, 'ipChangeMode', proxies.ip_change_mode,
        'changeIntervalMin', proxies.change_interval_min, 'ipChangeStatus', proxies.ip_change_status,
        'ipChangedAt', ${ISO('proxies.ip_changed_at')}, 'authIps', proxies.auth_ips,
        'bandwidthLimitGb', proxies.bandwidth_limit_gb, 'bandwidthUsedBytes', proxies.bandwidth_used_bytes,
        'ipv4Fallback', proxies.ipv4_fallback, 'createdAt', ${ISO('proxies.created_at')}
      ) as item
      from proxies join nodes on nodes.id = proxies.node_id
      where ${where}
      order by ${sql.join([...SORTS[sort]], sql`, `)}
      limit ${limit} offset ${offset}
    ) x)`;
  return { total, items };
}

function listQuery(
  where: SQL | undefined,
  sort: ProxyFilter['sort'],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const c = listColumns(where, sort, limit, offset);
  return sql`select ${c.total} as total, ${c.items} as items`;
}

/**
 * listProxiesJson with the values written into a statement built for this call (a list of ids
 * makes the text vary); the test compares it with the prepared path byte for byte.
 */
export async function listProxiesJsonPlain(db: DbOrTx, f: ProxyFilter): Promise<{ items: string; total: number }> {
  return pageOf(
    (await queryRows<ListRow>(db, listQuery(proxyWhere(f), f.sort, f.limit, offsetOf(f.page, f.limit))))[0],
  );
}

const listStatement = preparedByShape<ListRow>('list_proxies');
const P = (name: string) => sql.placeholder(name);

/** A page's statement of one filter shape: its key, its columns with placeholders, their values. */
export interface ListStatement {
  shape: string;
  columns: () => { total: SQL; items: SQL };
  values: Record<string, unknown>;
}

/**
 * The statement of a list filter as a shape and its values (listProxiesJson), or null for a list
 * of ids, whose text varies with the ids. The user's id is the placeholder `userId`.
 */
export function listStatementOf(f: ProxyFilter): ListStatement | null {
  if (f.ids) {
    return null;
  }
  const [status, country, tagId, orderId, search] = [f.status, f.country, f.tagId, f.orderId, f.search].map(
    (v) => v || undefined,
  );
  const shape = [f.type ?? '', f.sort, ...[status, country, tagId, orderId, search].map((v) => v !== undefined)].join(
    '|',
  );
  const columns = () =>
    listColumns(
      whereOf({
        userId: P('userId'),
        type: f.type,
        status: status === undefined ? undefined : P('status'),
        country: country === undefined ? undefined : P('country'),
        tagId: tagId === undefined ? undefined : P('tagId'),
        orderId: orderId === undefined ? undefined : P('orderId'),
        search: search === undefined ? undefined : { pattern: P('pattern'), text: P('search') },
      }),
      f.sort,
      P('limit'),
      P('offset'),
    );
  const values = {
    userId: f.userId,
    status,
    country,
    tagId,
    orderId,
    pattern: search && likePattern(search),
    search,
    limit: f.limit,
    offset: offsetOf(f.page, f.limit),
  };
  return { shape, columns, values };
}

/** The page and total out of a statement's `total` and `items` columns (null: none). */
export function pageOf(row: Partial<ListRow> | undefined): { items: string; total: number } {
  return { items: row?.items ?? '[]', total: Number(row?.total ?? 0) };
}

/**
 * GET list-proxy-me: the customer's proxy list as the answer's JSON, built by PostgreSQL: the hottest read of the
 * panel skips row mapping and re-serialisation in Node. The fields are exactly ZProxy's (a test
 * parses every item with it). The total is its own index-only count, and the JSON is built for the
 * page's rows only (a window count over all the user's rows cost a third of the query). Each
 * filter shape (scope, sort, which filters are set) is one named prepared statement, built once:
 * a call only passes its values, so neither Drizzle nor PostgreSQL builds or plans it again.
 */
export async function listProxiesJson(db: DbOrTx, f: ProxyFilter): Promise<{ items: string; total: number }> {
  const st = listStatementOf(f);
  if (!st) {
    return listProxiesJsonPlain(db, f);
  }
  const build = () => {
    const c = st.columns();
    return sql`select ${c.total} as total, ${c.items} as items`;
  };
  return pageOf((await listStatement(db, [st.shape], build, st.values))[0]);
}

export function listProxiesRoute(app: RouteApp, tags: string[], scope: ProxyScope): void {
  // The hottest call reads the caller's session and its page in one statement (one round trip).
  const sessionInStatement = { sessionInStatement: true };
  route(
    app,
    proxyEndpointsOf(scope).listProxyMe,
    { schema: { tags }, config: sessionInStatement },
    async (req, reply) => {
      const { page, limit } = req.query;
      const extra = await authenticateWith(req, (userId) =>
        listStatementOf(Object.assign({}, req.query, { userId, type: scope })),
      );
      // PostgreSQL writes the items' JSON (listProxiesJson); the page wrapper is added here.
      const r = extra
        ? pageOf(extra)
        : await listProxiesJson(app.ctx.db, { ...req.query, userId: req.user.id, type: scope });
      const body = `{"items":${r.items},"total":${r.total},"page":${page},"limit":${limit},"totalPage":${Math.ceil(r.total / limit)}}`;
      // A string is sent as it is: Fastify serialises only objects (the schema still documents it).
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
