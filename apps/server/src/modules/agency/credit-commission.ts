import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { agencies, agencyDeposits, agencyMembers } from '../../db/schema/index.js';
import { changeBalance } from '../ledger/index.js';
import type { AgencyRow } from './queries.js';

/**
 * The owner's share of a member's top-up: `floor(amount × percent / 100)` coins
 * (docs/money.md#agency), on integers only. amount ≤ 10⁹ and percent ≤ 50, so the product stays
 * far below 2⁵³.
 */
export function commissionOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

function earns(agency: AgencyRow, at: Date): boolean {
  return agency.status === 'active' && (agency.endAt === null || agency.endAt > at);
}

export interface CreditedTopup {
  topupId: string;
  /** The member credited (the top-up's user). */
  userId: string;
  /** The coins credited, without any promotion bonus. */
  amount: number;
  at: Date;
}

/**
 * Called by payments' creditTopupTx inside the credit's transaction, under the top-up's row lock,
 * once the member has been credited. Records the deposit for the member's agency and credits the
 * owner's commission in its own `agency_commission` ledger row. The top-up id is the deposit's
 * key, so even a second call for the same top-up credits nothing. Lock order: top-up, member's
 * balance (already taken by the caller), agency (shared), owner's balance.
 */
export async function creditAgencyCommission(tx: Tx, credit: CreditedTopup): Promise<void> {
  const agency = await findMemberAgencyForShare(tx, credit.userId);
  if (!agency || agency.ownerId === credit.userId) {
    return;
  }
  const percent = earns(agency, credit.at) ? agency.commissionPercent : 0;
  const commission = commissionOf(credit.amount, percent);
  const fresh = await insertDeposit(tx, {
    topupId: credit.topupId,
    agencyId: agency.id,
    siteId: agency.siteId,
    memberId: credit.userId,
    ownerId: agency.ownerId,
    amount: credit.amount,
    percent,
    commission,
    createdAt: credit.at,
  });
  if (!fresh || commission <= 0) {
    return;
  }
  const member = await findMemberEmail(tx, credit.userId);
  await changeBalance(tx, {
    userId: agency.ownerId,
    amount: commission,
    type: 'agency_commission',
    content: `Agency commission ${percent}% of ${credit.amount} from ${member}`,
    contentI18n: { key: 'agencyCommission', params: { email: member, amount: credit.amount, percent } },
    // Its own ref type: the top-up audit counts the rows of the member's credit (ref_type 'topup').
    refType: 'agency_commission',
    refId: credit.topupId,
    at: credit.at,
  });
}

/** The agency the user is a member of, locked against a concurrent change of its percent or status. */
async function findMemberAgencyForShare(tx: DbOrTx, userId: string): Promise<AgencyRow | undefined> {
  const [row] = await tx
    .select({ agency: agencies })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId))
    .for('share', { of: agencies });
  return row?.agency;
}

/** Records a member's credited top-up once per top-up; false when it was already recorded. */
async function insertDeposit(db: DbOrTx, values: typeof agencyDeposits.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(agencyDeposits)
    .values(values)
    .onConflictDoNothing()
    .returning({ topupId: agencyDeposits.topupId });
  return rows.length > 0;
}

async function findMemberEmail(db: DbOrTx, userId: string): Promise<string> {
  const rows = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
  return rows[0]?.email ?? '';
}
