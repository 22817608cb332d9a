import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDownload, TSupportInfo } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { siteContent, tutorials, type StoredLanding } from '../../db/schema/index.js';

export type ContentRow = typeof siteContent.$inferSelect;
export type TutorialRow = typeof tutorials.$inferSelect;

/** The site's content row, created empty on first use. */
export async function ensureContent(db: DbOrTx, siteId: string): Promise<ContentRow> {
  const found = await db.select().from(siteContent).where(eq(siteContent.siteId, siteId)).limit(1);
  if (found[0]) {
    return found[0];
  }
  await db.insert(siteContent).values({ id: randomUUID(), siteId }).onConflictDoNothing();
  const rows = await db.select().from(siteContent).where(eq(siteContent.siteId, siteId)).limit(1);
  return rows[0]!;
}

/** Merges landing fields in one statement (a concurrent edit of other fields is kept); false when the id is not the site's. */
export async function mergeLanding(db: DbOrTx, siteId: string, id: string, patch: StoredLanding): Promise<boolean> {
  const rows = await db
    .update(siteContent)
    .set({ landing: sql`${siteContent.landing} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(siteContent.id, id), eq(siteContent.siteId, siteId)))
    .returning({ id: siteContent.id });
  return rows.length > 0;
}

export async function setSupport(db: DbOrTx, siteId: string, support: TSupportInfo): Promise<void> {
  await ensureContent(db, siteId);
  await db.update(siteContent).set({ support, updatedAt: new Date() }).where(eq(siteContent.siteId, siteId));
}

export async function setDownloads(db: DbOrTx, siteId: string, downloads: TDownload[]): Promise<void> {
  await ensureContent(db, siteId);
  await db.update(siteContent).set({ downloads, updatedAt: new Date() }).where(eq(siteContent.siteId, siteId));
}

export async function listTutorials(db: DbOrTx, siteId: string): Promise<TutorialRow[]> {
  return db
    .select()
    .from(tutorials)
    .where(eq(tutorials.siteId, siteId))
    .orderBy(asc(tutorials.order), asc(tutorials.createdAt));
}

export async function findTutorialBySlug(db: DbOrTx, siteId: string, slug: string): Promise<TutorialRow | undefined> {
  const rows = await db
    .select()
    .from(tutorials)
    .where(and(eq(tutorials.siteId, siteId), eq(tutorials.slug, slug)))
    .limit(1);
  return rows[0];
}

export type TutorialValues = Omit<TutorialRow, 'id' | 'siteId' | 'createdAt' | 'updatedAt'>;

/** Inserts unless the slug is taken on the site; undefined then. */
export async function insertTutorial(
  db: DbOrTx,
  siteId: string,
  values: TutorialValues,
): Promise<TutorialRow | undefined> {
  const rows = await db
    .insert(tutorials)
    .values({ id: randomUUID(), siteId, ...values })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

/** Updates the site's tutorial; 'missing' when it is not the site's, 'taken' when the new slug is another's. */
export async function updateTutorial(
  db: DbOrTx,
  siteId: string,
  id: string,
  values: TutorialValues,
): Promise<TutorialRow | 'missing' | 'taken'> {
  const clash = await findTutorialBySlug(db, siteId, values.slug);
  if (clash && clash.id !== id) {
    return 'taken';
  }
  const rows = await db
    .update(tutorials)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tutorials.id, id), eq(tutorials.siteId, siteId)))
    .returning();
  return rows[0] ?? 'missing';
}

export async function deleteTutorial(db: DbOrTx, siteId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tutorials)
    .where(and(eq(tutorials.id, id), eq(tutorials.siteId, siteId)))
    .returning({ id: tutorials.id });
  return rows.length > 0;
}
