import { asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { siteHosts, sites, type SiteSettings } from '../../db/schema/index.js';

export type Site = typeof sites.$inferSelect;

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

/** Who made a settings change: the audit row keeps both, the email also after the user is gone. */
export interface Actor {
  id: string;
  email: string;
}

/** A site's branding and flags, as both get-site-info and the sites admin show them. */
export function siteBranding(site: Site) {
  return {
    title: site.title,
    color: site.color,
    logo: site.logo,
    googlePixel: site.googlePixel,
    isOpenV6: site.isOpenV6,
    isOpenV4: site.isOpenV4,
    isOpenKey: site.isOpenKey,
    showAgencyApi: site.showAgencyApi,
    forceEnglish: site.forceEnglish,
    companyFooter: site.companyFooter,
    companyName: site.companyName,
  };
}

export async function findSiteById(db: DbOrTx, id: string): Promise<Site | undefined> {
  const rows = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return rows[0];
}

/** Locks a site row for a read-modify-write; undefined when there is none. */
export async function lockSite(tx: DbOrTx, id: string): Promise<Site | undefined> {
  const rows = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
  return rows[0];
}

export async function updateSiteColumns(tx: DbOrTx, id: string, set: SiteColumns): Promise<void> {
  if (Object.keys(set).length > 0) {
    await tx.update(sites).set(set).where(eq(sites.id, id));
  }
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

/** The site's product switches (get-site-info's isOpenV6/isOpenV4/isOpenKey), in the caller's transaction. */
export async function findProductSwitches(
  db: DbOrTx,
  id: string,
): Promise<{ v6: boolean; v4: boolean; key: boolean } | undefined> {
  const [site] = await db
    .select({ v6: sites.isOpenV6, v4: sites.isOpenV4, key: sites.isOpenKey })
    .from(sites)
    .where(eq(sites.id, id));
  return site;
}

/*
 * The settings document, for the modules that keep their own part of it (payments: the methods and
 * the promotion; notifications: the Telegram bot): read it, or lock it for a read-modify-write.
 */

/** The site's settings, unlocked. */
export async function findSiteSettings(db: DbOrTx, siteId: string): Promise<SiteSettings | undefined> {
  const rows = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return rows[0]?.settings;
}

/** Locks the site row for a read-modify-write of its settings; undefined when there is no such site. */
export async function lockSiteSettings(tx: DbOrTx, siteId: string): Promise<SiteSettings | undefined> {
  const rows = await queryRows<{ settings: SiteSettings }>(
    tx,
    sql`select settings from sites where id = ${siteId} for update`,
  );
  return rows[0]?.settings;
}

/** Writes the whole settings document back (after `lockSiteSettings` or `lockSite`, in the same transaction). */
export async function writeSiteSettings(tx: DbOrTx, siteId: string, settings: SiteSettings): Promise<void> {
  await tx.update(sites).set({ settings }).where(eq(sites.id, siteId));
}

/** Sites whose settings name a Telegram bot (the notifications module polls each). */
export async function findTelegramSites(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from sites where settings->'telegram'->>'botToken' is not null`,
  );
  return rows.map((r) => r.id);
}
