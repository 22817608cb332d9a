import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { sites, type SiteSettings } from '../../db/schema/index.js';

/**
 * The settings document of a site, for the modules that keep their own part of it (payments: the
 * methods and the promotion). `mergeSiteSettings` (repository.ts) patches keys in one statement;
 * these read it, or lock it for a read-modify-write.
 */

/** The site's settings (for its promotion), unlocked. */
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

/** Sites whose settings name a Telegram bot (the notifications module polls each). */
export async function findTelegramSites(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from sites where settings->'telegram'->>'botToken' is not null`,
  );
  return rows.map((r) => r.id);
}

/** Writes the whole settings document back (after `lockSiteSettings`, in the same transaction). */
export async function writeSiteSettings(tx: DbOrTx, siteId: string, settings: SiteSettings): Promise<void> {
  await tx.update(sites).set({ settings }).where(eq(sites.id, siteId));
}
