import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteHosts, siteLogos, sites, siteSettingChanges, type SiteSettings } from '../../db/schema/index.js';
import type { Site } from './repository.js';

/** The columns of `sites` an admin edits (docs/wire-contract.md#sites). */
export type SiteColumns = Partial<
  Pick<
    Site,
    | 'title'
    | 'color'
    | 'logo'
    | 'googlePixel'
    | 'isOpenV6'
    | 'isOpenV4'
    | 'isOpenKey'
    | 'showAgencyApi'
    | 'forceEnglish'
    | 'companyFooter'
    | 'companyName'
  >
>;

export async function countSites(db: DbOrTx, search: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(sites).where(siteSearch(search));
  return rows[0]?.n ?? 0;
}

function siteSearch(search: string) {
  if (search === '') {
    return undefined;
  }
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(sites.title, like),
    ilike(sites.slug, like),
    sql`exists (select 1 from site_hosts h where h.site_id = ${sites.id} and h.host ilike ${like})`,
  );
}

/** A page of sites, the default first, then by creation. */
export async function listSitesPage(db: DbOrTx, search: string, limit: number, offset: number): Promise<Site[]> {
  return db
    .select()
    .from(sites)
    .where(siteSearch(search))
    .orderBy(desc(sites.isDefault), asc(sites.createdAt), asc(sites.slug))
    .limit(limit)
    .offset(offset);
}

/** The hosts of these sites, by site id, each list sorted. */
export async function hostsOf(db: DbOrTx, siteIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(siteIds.map((id) => [id, []]));
  if (siteIds.length === 0) {
    return out;
  }
  const rows = await db.select().from(siteHosts).where(inArray(siteHosts.siteId, siteIds)).orderBy(asc(siteHosts.host));
  for (const row of rows) {
    out.get(row.siteId)?.push(row.host);
  }
  return out;
}

/** Which of these hosts already select a site other than `exceptSiteId`. */
export async function hostsTakenElsewhere(db: DbOrTx, hosts: string[], exceptSiteId: string | null): Promise<string[]> {
  if (hosts.length === 0) {
    return [];
  }
  const rows = await db
    .select({ host: siteHosts.host, siteId: siteHosts.siteId })
    .from(siteHosts)
    .where(inArray(siteHosts.host, hosts));
  return rows.filter((r) => r.siteId !== exceptSiteId).map((r) => r.host);
}

export async function slugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: sites.id }).from(sites).where(eq(sites.slug, slug)).limit(1);
  return rows.length > 0;
}

/** Locks a site row for a read-modify-write; undefined when there is none. */
export async function lockSite(tx: DbOrTx, id: string): Promise<Site | undefined> {
  const rows = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
  return rows[0];
}

export async function insertSiteRow(
  tx: DbOrTx,
  row: SiteColumns & { id: string; slug: string; title: string; settings: SiteSettings },
): Promise<void> {
  await tx.insert(sites).values(row);
}

export async function updateSiteColumns(tx: DbOrTx, id: string, set: SiteColumns): Promise<void> {
  if (Object.keys(set).length > 0) {
    await tx.update(sites).set(set).where(eq(sites.id, id));
  }
}

export async function writeSettingsDocument(tx: DbOrTx, id: string, settings: SiteSettings): Promise<void> {
  await tx.update(sites).set({ settings }).where(eq(sites.id, id));
}

/** Replaces a site's hosts (the caller has checked that none selects another site). */
export async function replaceHosts(tx: DbOrTx, siteId: string, hosts: string[]): Promise<void> {
  await tx.delete(siteHosts).where(eq(siteHosts.siteId, siteId));
  await tx.insert(siteHosts).values(hosts.map((host) => ({ host, siteId })));
}

export interface ChangeRow {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

export async function insertSettingChanges(
  tx: DbOrTx,
  at: Date,
  siteId: string,
  actor: { id: string; email: string },
  changes: ChangeRow[],
): Promise<void> {
  if (changes.length > 0) {
    await tx
      .insert(siteSettingChanges)
      .values(changes.map((c) => ({ id: randomUUID(), siteId, at, actorId: actor.id, actorEmail: actor.email, ...c })));
  }
}

/** A page of one site's setting changes, newest first; `search` matches the field or the actor. */
export async function listSettingChanges(db: DbOrTx, siteId: string, search: string, limit: number, offset: number) {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(siteSettingChanges.siteId, siteId),
    search === '' ? undefined : or(ilike(siteSettingChanges.field, like), ilike(siteSettingChanges.actorEmail, like)),
  );
  const [items, total] = await Promise.all([
    db
      .select()
      .from(siteSettingChanges)
      .where(where)
      .orderBy(desc(siteSettingChanges.at), asc(siteSettingChanges.field))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(siteSettingChanges).where(where),
  ]);
  return { items, total: total[0]?.n ?? 0 };
}

export async function upsertLogo(tx: DbOrTx, siteId: string, contentType: string, data: string, at: Date) {
  await tx
    .insert(siteLogos)
    .values({ siteId, contentType, data, updatedAt: at })
    .onConflictDoUpdate({ target: siteLogos.siteId, set: { contentType, data, updatedAt: at } });
}

export async function findLogo(db: DbOrTx, siteId: string) {
  const rows = await db.select().from(siteLogos).where(eq(siteLogos.siteId, siteId)).limit(1);
  return rows[0];
}
