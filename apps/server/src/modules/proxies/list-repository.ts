import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedByShape, queryRows, type DbOrTx } from '../../db/client.js';
import { likePattern, offsetOf } from '../../lib/paging.js';
import { proxyWhere, SORTS, whereOf, type ProxyFilter } from './repository.js';

type ListRow = { items: string | null; total: string | number | null };

/** SORTS again, over the columns the page's subquery carries out (json_agg must keep the order). */
const PAGE_SORTS = {
  created_desc: sql.raw('x.sc desc, x.si desc'),
  created_asc: sql.raw('x.sc asc, x.si asc'),
  expires_asc: sql.raw('x.se asc, x.si asc'),
  expires_desc: sql.raw('x.se desc, x.si desc'),
} as const;

const ISO = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The list's page as JSON with its total: limit and offset are values or placeholders. */
function listQuery(
  where: SQL | undefined,
  sort: ProxyFilter['sort'],
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return sql`select (select count(*) from proxies where ${where}) as total,
    (select json_agg(x.item order by ${PAGE_SORTS[sort]})::text from (
      select proxies.created_at as sc, proxies.expires_at as se, proxies.id as si,
      json_build_object(
        'id', proxies.id, 'orderId', proxies.order_id, 'type', proxies.type, 'kind', proxies.kind,
        'protocol', proxies.protocol, 'host', sub_servers.host, 'port', proxies.port,
        'username', proxies.username, 'password', proxies.password, 'country', proxies.country,
        'egressIp', proxies.egress_ip, 'packageName', proxies.package_name, 'tagId', proxies.tag_id,
        'comment', proxies.comment, 'status', proxies.status, 'expiresAt', ${ISO('proxies.expires_at')},
        'autoRenew', proxies.auto_renew, 'ipChangeMode', proxies.ip_change_mode,
        'changeIntervalMin', proxies.change_interval_min, 'ipChangeStatus', proxies.ip_change_status,
        'ipChangedAt', ${ISO('proxies.ip_changed_at')}, 'authIps', proxies.auth_ips,
        'bandwidthLimitGb', proxies.bandwidth_limit_gb, 'bandwidthUsedBytes', proxies.bandwidth_used_bytes,
        'ipv4Fallback', proxies.ipv4_fallback, 'createdAt', ${ISO('proxies.created_at')}
      ) as item
      from proxies join sub_servers on sub_servers.id = proxies.sub_server_id
      where ${where}
      order by ${sql.join([...SORTS[sort]], sql`, `)}
      limit ${limit} offset ${offset}
    ) x) as items`;
}

const pageOf = (rows: ListRow[]) => ({ items: rows[0]?.items ?? '[]', total: Number(rows[0]?.total ?? 0) });

/**
 * listProxiesJson with the values written into a statement built for this call (a list of ids
 * makes the text vary); the test compares it with the prepared path byte for byte.
 */
export async function listProxiesJsonPlain(db: DbOrTx, f: ProxyFilter): Promise<{ items: string; total: number }> {
  return pageOf(await queryRows<ListRow>(db, listQuery(proxyWhere(f), f.sort, f.limit, offsetOf(f.page, f.limit))));
}

const listStatement = preparedByShape<ListRow>('list_proxies');
const P = (name: string) => sql.placeholder(name);

/**
 * The customer's proxy list as the answer's JSON, built by PostgreSQL: the hottest read of the
 * panel skips row mapping and re-serialisation in Node. The fields are exactly ZProxy's (a test
 * parses every item with it). The total is its own index-only count, and the JSON is built for the
 * page's rows only (a window count over all the user's rows cost a third of the query). Each
 * filter shape (scope, sort, which filters are set) is one named prepared statement, built once:
 * a call only passes its values, so neither Drizzle nor PostgreSQL builds or plans it again.
 */
export async function listProxiesJson(db: DbOrTx, f: ProxyFilter): Promise<{ items: string; total: number }> {
  if (f.ids) {
    return listProxiesJsonPlain(db, f);
  }
  const [status, country, tagId, orderId, search] = [f.status, f.country, f.tagId, f.orderId, f.search].map(
    (v) => v || undefined,
  );
  const shape = [f.type ?? '', f.sort, ...[status, country, tagId, orderId, search].map((v) => v !== undefined)];
  const build = () =>
    listQuery(
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
  return pageOf(await listStatement(db, shape, build, values));
}
