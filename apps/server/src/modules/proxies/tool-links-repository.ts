import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { preparedByShape, type DbOrTx } from '../../db/client.js';
import { proxyLinks, proxyListLinks, tags } from '../../db/schema/index.js';

export type ProxyListLinkRow = typeof proxyListLinks.$inferSelect;

export async function findLinks(db: DbOrTx, proxyIds: string[], keyIds: string[]) {
  const out: (typeof proxyLinks.$inferSelect)[] = [];
  if (proxyIds.length) {
    out.push(...(await db.select().from(proxyLinks).where(inArray(proxyLinks.proxyId, proxyIds))));
  }
  if (keyIds.length) {
    out.push(...(await db.select().from(proxyLinks).where(inArray(proxyLinks.keyId, keyIds))));
  }
  return out;
}

/**
 * The owner's per-proxy links, by owner rather than by an id list: an export may hold 100,000
 * proxies, more than one statement takes parameters.
 */
export async function findUserProxyLinks(db: DbOrTx, userId: string) {
  return db
    .select({ proxyId: proxyLinks.proxyId, nonce: proxyLinks.nonce })
    .from(proxyLinks)
    .where(and(eq(proxyLinks.userId, userId), sql`${proxyLinks.proxyId} is not null`));
}

export async function insertLinks(db: DbOrTx, rows: (typeof proxyLinks.$inferInsert)[]): Promise<void> {
  if (rows.length) {
    await db.insert(proxyLinks).values(rows);
  }
}

export async function deleteLinks(db: DbOrTx, proxyIds: string[], keyIds: string[]): Promise<void> {
  if (proxyIds.length) {
    await db.delete(proxyLinks).where(inArray(proxyLinks.proxyId, proxyIds));
  }
  if (keyIds.length) {
    await db.delete(proxyLinks).where(inArray(proxyLinks.keyId, keyIds));
  }
}

/** What a per-proxy URL resolves to: one indexed lookup by the token's hash, on this site. */
export interface ResolvedLink {
  user_id: string;
  proxy_id: string | null;
  key_id: string | null;
  key_value: string | null;
  status: string | null;
  host: string | null;
  port: number | null;
  username: string | null;
  password: string | null;
  protocol: 'http' | 'socks5' | null;
  ip_changed_at: string | Date | null;
  node_id: string | null;
}

const resolveStatement = preparedByShape<ResolvedLink>('resolve_link');

/**
 * One named prepared statement built once (per connection pool): a call passes only the two
 * values, so nothing of the SQL is rendered or hashed per request.
 */
export async function resolveLink(db: DbOrTx, siteId: string, tokenHash: string): Promise<ResolvedLink | undefined> {
  // A key's URL answers for its listener proxy; its status is the key's.
  const rows = await resolveStatement(
    db,
    [],
    () => sql`select l.user_id, l.proxy_id, l.key_id, k.key as key_value,
          coalesce(k.status, p.status) as status, s.host, p.port, p.username, p.password, p.protocol,
          p.ip_changed_at, p.node_id
        from proxy_links l
        left join rotating_keys k on k.id = l.key_id
        left join proxies p on p.id = coalesce(l.proxy_id, k.proxy_id)
        left join nodes s on s.id = p.node_id
        join users u on u.id = l.user_id and u.active
        where l.token_hash = ${sql.placeholder('tokenHash')} and l.site_id = ${sql.placeholder('siteId')}`,
    { tokenHash, siteId },
  );
  return rows[0];
}

export async function tagOwned(db: DbOrTx, userId: string, tagId: string): Promise<boolean> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.userId, userId)));
  return rows.length > 0;
}

/** pg_advisory_xact_lock(LIST_LINKS_LOCK, hashtext(user id)): the two-key space, apart from the others'. */
const LIST_LINKS_LOCK = 0x11a7;

/** A user's list-URL creations take their turn, so the count they check is the one they insert after. */
export async function lockUserListLinks(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LINKS_LOCK}, hashtext(${userId}))`);
}

export async function countListLinks(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(proxyListLinks).where(eq(proxyListLinks.userId, userId));
  return row?.n ?? 0;
}

export async function insertListLink(db: DbOrTx, row: typeof proxyListLinks.$inferInsert): Promise<void> {
  await db.insert(proxyListLinks).values(row);
}

export async function listListLinks(db: DbOrTx, userId: string, siteId: string): Promise<ProxyListLinkRow[]> {
  return db
    .select()
    .from(proxyListLinks)
    .where(and(eq(proxyListLinks.userId, userId), eq(proxyListLinks.siteId, siteId)))
    .orderBy(desc(proxyListLinks.createdAt), desc(proxyListLinks.id));
}

export async function deleteListLink(db: DbOrTx, userId: string, siteId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(proxyListLinks)
    .where(and(eq(proxyListLinks.id, id), eq(proxyListLinks.userId, userId), eq(proxyListLinks.siteId, siteId)))
    .returning({ id: proxyListLinks.id });
  return rows.length > 0;
}

/** Counts a fetch and answers the link, in one statement found by the token's hash. */
export async function touchListLink(
  db: DbOrTx,
  siteId: string,
  tokenHash: string,
  fetch: { at: Date; ip: string; userAgent: string | null },
): Promise<ProxyListLinkRow | undefined> {
  const [row] = await db
    .update(proxyListLinks)
    .set({
      fetches: sql`${proxyListLinks.fetches} + 1`,
      lastFetchedAt: fetch.at,
      lastFetchIp: fetch.ip,
      lastUserAgent: fetch.userAgent,
    })
    .where(
      and(
        eq(proxyListLinks.tokenHash, tokenHash),
        eq(proxyListLinks.siteId, siteId),
        // A deactivated account's URLs stop answering, as its sessions and API keys do.
        sql`exists (select 1 from users u where u.id = ${proxyListLinks.userId} and u.active)`,
      ),
    )
    .returning();
  return row;
}
