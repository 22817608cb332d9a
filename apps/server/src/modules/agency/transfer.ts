import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { agencyEndpoints, type TAgencyTransferRequest, type TAgencyTransferResponse } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { agencyTransfers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { changeBalance } from '../ledger/index.js';
import { callerOf, ownAgency, type Caller } from './queries.js';

type TransferRow = typeof agencyTransfers.$inferSelect;

function transferAnswer(t: TransferRow): TAgencyTransferResponse {
  return { id: t.id, email: t.memberEmail, amount: t.amount, balance: t.balanceAfter };
}

/** A repeat of a keyed transfer: the first answer, or IDEMPOTENCY_KEY_REUSED for another request. */
function replay(prior: TransferRow, body: TAgencyTransferRequest): TAgencyTransferResponse {
  if (prior.memberEmail !== body.email || prior.amount !== body.amount) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', { transferId: prior.id });
  }
  return transferAnswer(prior);
}

/**
 * POST /api/agency/transfer: the owner gives coins to a member: `agency_transfer_in` for the member, then
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
  const prior = key ? await findTransferByKey(ctx.db, caller.id, key) : undefined;
  if (prior) {
    return replay(prior, body);
  }
  if (agency.status !== 'active') {
    throw new AppError('AGENCY_NOT_ACTIVE');
  }
  const member = await findMemberByEmail(ctx.db, agency.id, body.email);
  if (!member) {
    throw new AppError('USER_NOT_EXISTS');
  }
  const at = ctx.clock.now();
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const row: TransferRow = {
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
    if (!(await insertTransfer(tx, row))) {
      const first = await findTransferByKey(tx, caller.id, key!);
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
    await setTransferBalance(tx, id, balanceAfter);
    return transferAnswer({ ...row, balanceAfter });
  });
}

/** The member of this agency with this address (locked with nothing: the ledger locks the balance). */
async function findMemberByEmail(db: DbOrTx, agencyId: string, email: string) {
  const rows = await queryRows<{ user_id: string; email: string }>(
    db,
    sql`select m.user_id, u.email from agency_members m join users u on u.id = m.user_id
        where m.agency_id = ${agencyId} and u.email = ${email} limit 1`,
  );
  return rows[0];
}

async function insertTransfer(db: DbOrTx, values: typeof agencyTransfers.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(agencyTransfers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: agencyTransfers.id });
  return rows.length > 0;
}

async function findTransferByKey(db: DbOrTx, ownerId: string, key: string): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(agencyTransfers)
    .where(and(eq(agencyTransfers.ownerId, ownerId), eq(agencyTransfers.idempotencyKey, key)))
    .limit(1);
  return row;
}

async function setTransferBalance(db: DbOrTx, id: string, balanceAfter: number): Promise<void> {
  await db.update(agencyTransfers).set({ balanceAfter }).where(eq(agencyTransfers.id, id));
}

export function transferRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, agencyEndpoints.transfer, opts, async (req) =>
    transferToMember(app.ctx, callerOf(req), req.body, req.headers['idempotency-key']),
  );
}
