import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteHosts, sites, type SiteSettings } from '../../db/schema/index.js';

export type Site = typeof sites.$inferSelect;

export async function findSiteByHost(db: DbOrTx, host: string): Promise<Site | undefined> {
  const rows = await db
    .select({ site: sites })
    .from(siteHosts)
    .innerJoin(sites, eq(sites.id, siteHosts.siteId))
    .where(eq(siteHosts.host, host))
    .limit(1);
  return rows[0]?.site;
}

export async function findDefaultSite(db: DbOrTx): Promise<Site | undefined> {
  const rows = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  return rows[0];
}

export async function updateSiteProducts(
  db: DbOrTx,
  id: string,
  flags: { isOpenV6?: boolean; isOpenV4?: boolean; isOpenKey?: boolean },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length > 0) {
    await db.update(sites).set(set).where(eq(sites.id, id));
  }
}

export async function updateSiteTimeZone(db: DbOrTx, id: string, timeZone: string): Promise<void> {
  await db.update(sites).set({ timeZone }).where(eq(sites.id, id));
}

export async function findSiteById(db: DbOrTx, id: string): Promise<Site | undefined> {
  const rows = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return rows[0];
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

/** Merges into the settings document, in one statement, so a concurrent change of another key is kept. */
export async function mergeSiteSettings(db: DbOrTx, id: string, patch: Partial<SiteSettings>): Promise<void> {
  await db
    .update(sites)
    .set({ settings: sql`${sites.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sites.id, id));
}
