import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { agencies, agencyMembers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AgencyRow } from './queries.js';

/** A registration's agency coupon (docs/product-rules.md#agency): checked at registration, joined on verification. */

/**
 * Registration's agency coupon: the active agency of this site with this code, or
 * AGENCY_NOT_EXISTS / AGENCY_NOT_ACTIVE. Sites without the agency program know no agency.
 */
export async function joinableAgency(db: DbOrTx, site: { id: string; showAgencyApi: boolean }, code: string) {
  const agency = site.showAgencyApi ? await findAgencyByCode(db, site.id, code) : undefined;
  if (!agency) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
  if (agency.status !== 'active') {
    throw new AppError('AGENCY_NOT_ACTIVE');
  }
  return agency;
}

/**
 * Makes a newly verified user a member of the agency their registration named, if it is still
 * active then; in the verification's transaction. An owner never joins their own agency.
 */
export async function joinAgencyOnVerify(
  tx: Tx,
  user: { id: string; siteId: string; agencyCode: string | null },
  at: Date,
): Promise<void> {
  if (!user.agencyCode) {
    return;
  }
  const agency = await findAgencyByCode(tx, user.siteId, user.agencyCode);
  if (agency?.status === 'active' && agency.ownerId !== user.id) {
    await insertMember(tx, user.id, agency.id, at);
  }
}

async function findAgencyByCode(db: DbOrTx, siteId: string, code: string): Promise<AgencyRow | undefined> {
  const [row] = await db
    .select()
    .from(agencies)
    .where(and(eq(agencies.siteId, siteId), eq(agencies.code, code)))
    .limit(1);
  return row;
}

/** Joins a user to an agency unless they already belong to one; true when they joined. */
async function insertMember(db: DbOrTx, userId: string, agencyId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(agencyMembers)
    .values({ userId, agencyId, joinedAt: at })
    .onConflictDoNothing()
    .returning({ userId: agencyMembers.userId });
  return rows.length > 0;
}
