import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { TPage } from '@proxy/contract';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import type { User } from './queries.js';

/** The admin's user calls (modules/user serves them): a site's users, and an account an admin creates. */

/** One page of a site's users with these roles (newest first), email filtered by `search`, and the total. */
export async function listSiteUsers(
  db: DbOrTx,
  siteId: string,
  roles: number[],
  q: { page: number; limit: number; search: string },
): Promise<TPage<User>> {
  const parts: SQL[] = [eq(users.siteId, siteId), inArray(users.role, roles)];
  if (q.search) {
    parts.push(ilike(users.email, likePattern(q.search)));
  }
  const w = and(...parts);
  return pagedSelect(
    db.select().from(users).where(w).orderBy(desc(users.createdAt), desc(users.id)),
    db.select({ n: count() }).from(users).where(w),
    q.page,
    q.limit,
  );
}

/** Throws the unique violation (site, email) and the site foreign-key violation to the caller. */
export async function insertAdminUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<User> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}
