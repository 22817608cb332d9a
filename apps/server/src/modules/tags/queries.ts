import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tags } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { uniqueViolationAs } from '../../lib/pg-errors.js';

export type TagType = 'v6' | 'v4' | 'key';
export const ok = { ok: true as const };

/** The caller's tag; another user's id is TAG_NOT_EXISTS, as an unknown one. */
export async function ownTag(db: DbOrTx, userId: string, id: string): Promise<typeof tags.$inferSelect> {
  const [tag] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .limit(1);
  if (!tag) {
    throw new AppError('TAG_NOT_EXISTS');
  }
  return tag;
}

/** A name is unique per user and type: the unique index's violation is TAG_ALREADY_EXISTS. */
export function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  return uniqueViolationAs('TAG_ALREADY_EXISTS', work);
}
