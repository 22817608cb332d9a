import { randomUUID } from 'node:crypto';
import type { TAgencyTransferRequest, TAgencyTransferResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { changeBalance } from '../ledger/index.js';
import * as repo from './repository.js';
import { ownAgency, type Caller } from './service.js';

/**
 * The owner's share of a member's top-up: `floor(amount × percent / 100)` coins
 * (docs/money.md#agency), on integers only. amount ≤ 10⁹ and percent ≤ 50, so the product stays
 * far below 2⁵³.
 */
export function commissionOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

function earns(agency: repo.AgencyRow, at: Date): boolean {
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
  const agency = await repo.findMemberAgencyForShare(tx, credit.userId);
  if (!agency || agency.ownerId === credit.userId) {
    return;
  }
  const percent = earns(agency, credit.at) ? agency.commissionPercent : 0;
  const commission = commissionOf(credit.amount, percent);
  const fresh = await repo.insertDeposit(tx, {
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
  const member = await repo.findMemberEmail(tx, credit.userId);
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

/**
 * Registration's agency coupon: the active agency of this site with this code, or
 * AGENCY_NOT_EXISTS / AGENCY_NOT_ACTIVE. Sites without the agency program know no agency.
 */
export async function joinableAgency(db: DbOrTx, site: { id: string; showAgencyApi: boolean }, code: string) {
  const agency = site.showAgencyApi ? await repo.findAgencyByCode(db, site.id, code) : undefined;
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
  const agency = await repo.findAgencyByCode(tx, user.siteId, user.agencyCode);
  if (agency?.status === 'active' && agency.ownerId !== user.id) {
    await repo.insertMember(tx, user.id, agency.id, at);
  }
}

function transferAnswer(t: repo.TransferRow): TAgencyTransferResponse {
  return { id: t.id, email: t.memberEmail, amount: t.amount, balance: t.balanceAfter };
}

/** A repeat of a keyed transfer: the first answer, or IDEMPOTENCY_KEY_REUSED for another request. */
function replay(prior: repo.TransferRow, body: TAgencyTransferRequest): TAgencyTransferResponse {
  if (prior.memberEmail !== body.email || prior.amount !== body.amount) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', { transferId: prior.id });
  }
  return transferAnswer(prior);
}

/**
 * The owner gives coins to a member: `agency_transfer_in` for the member, then
 * `agency_transfer_out` for the owner (the credit path's lock order: member, then owner), in one
 * transaction; a short balance rolls both back. With an Idempotency-Key, a repeat (also a
 * concurrent one, which waits on the key's unique index) answers the first result.
 */
export async function transferToMember(
  ctx: AppContext,
  caller: Caller,
  body: TAgencyTransferRequest,
  key?: string,
): Promise<TAgencyTransferResponse> {
  const agency = await ownAgency(ctx.db, caller);
  const prior = key ? await repo.findTransferByKey(ctx.db, caller.id, key) : undefined;
  if (prior) {
    return replay(prior, body);
  }
  if (agency.status !== 'active') {
    throw new AppError('AGENCY_NOT_ACTIVE');
  }
  const member = await repo.findMemberByEmail(ctx.db, agency.id, body.email);
  if (!member) {
    throw new AppError('USER_NOT_EXISTS');
  }
  const at = ctx.clock.now();
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const row: repo.TransferRow = {
      id,
      agencyId: agency.id,
      ownerId: caller.id,
      memberId: member.user_id,
      memberEmail: member.email,
      amount: body.amount,
      idempotencyKey: key ?? null,
      balanceAfter: 0,
      createdAt: at,
    };
    if (!(await repo.insertTransfer(tx, row))) {
      const first = await repo.findTransferByKey(tx, caller.id, key!);
      return replay(first!, body);
    }
    await changeBalance(tx, {
      userId: member.user_id,
      amount: body.amount,
      type: 'agency_transfer_in',
      content: `Agency transfer from ${agency.name}`,
      contentI18n: { key: 'agencyTransferIn', params: { agency: agency.name } },
      refType: 'agency_transfer',
      refId: id,
      actorId: caller.id,
      at,
    });
    const { balanceAfter } = await changeBalance(tx, {
      userId: caller.id,
      amount: -body.amount,
      type: 'agency_transfer_out',
      content: `Agency transfer to ${member.email}`,
      contentI18n: { key: 'agencyTransferOut', params: { email: member.email } },
      refType: 'agency_transfer',
      refId: id,
      actorId: caller.id,
      at,
    });
    await repo.setTransferBalance(tx, id, balanceAfter);
    return transferAnswer({ ...row, balanceAfter });
  });
}
