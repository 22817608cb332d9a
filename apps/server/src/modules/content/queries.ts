import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteContent } from '../../db/schema/index.js';

export type ContentRow = typeof siteContent.$inferSelect;

/** The site's content row (landing, support channels, downloads), created empty on first use. */
export async function ensureContent(db: DbOrTx, siteId: string): Promise<ContentRow> {
  const found = await db.select().from(siteContent).where(eq(siteContent.siteId, siteId)).limit(1);
  if (found[0]) {
    return found[0];
  }
  await db.insert(siteContent).values({ id: randomUUID(), siteId }).onConflictDoNothing();
  const rows = await db.select().from(siteContent).where(eq(siteContent.siteId, siteId)).limit(1);
  return rows[0]!;
}
