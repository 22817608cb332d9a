import type { TransactionType, TTopupI18n } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { topups } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { storableJson } from '../../lib/storable-text.js';
import { creditAgencyCommission } from '../agency/index.js';
import { changeBalance } from '../ledger/index.js';
import { EVENTS_CHANNEL, realtimeMessage, type RealtimeMessage } from '../realtime/index.js';
import { grantPromotionBonus } from '../promotions/index.js';
import { findTopup, stillInState, updateTopupFrom, type TopupRow } from './queries.js';
import { heldReasons, type HeldReason } from './held.js';
import { topupCredits } from '../../lib/metrics.js';

/**
 * What a provider says about a payment, already verified: by its webhook signature, or because we
 * asked its API with our credentials.
 */
export interface Evidence {
  status: 'paid' | 'pending' | 'failed' | 'expired' | 'cancelled';
  /** Our top-up id, when the provider echoes it (custom_id, client_reference_id, PAYMENT_ID…). */
  topupId?: string | null;
  providerOrderId?: string | null;
  /** The payment's own id at the provider; required to credit. */
  providerTxnId?: string | null;
  /** Minor units of `currency` (cents, VND, USDT micro-units). */
  amount?: number | null;
  currency?: string | null;
  payee?: string | null;
  /** The event only says "something happened": ask the provider (check) for the facts. */
  recheck?: boolean;
}

export type CreditSource =
  | { kind: 'provider'; evidence: Evidence }
  | {
      kind: 'admin';
      actorId: string;
      /** Credit this many coins instead of the top-up's amount (e.g. after a held mismatch). */
      amount?: number;
      /** Whom to credit an unmatched bank transfer to. */
      userId?: string;
      note?: string;
    };

export type CreditOutcome = 'credited' | 'already' | 'duplicate' | 'held';

export interface CreditResult {
  outcome: CreditOutcome;
  topup: TopupRow;
  /** The user's balance after the credit (credited only). */
  balance?: number;
}

/** Why a verified payment does not match its top-up, or null when it does. */
function mismatch(t: TopupRow, ev: Evidence): HeldReason | null {
  if (ev.amount !== t.providerAmount) {
    return heldReasons.amount(String(ev.amount ?? '?'), String(t.providerAmount), t.currency);
  }
  if ((ev.currency ?? '').toUpperCase() !== t.currency) {
    return heldReasons.currency(ev.currency ?? '?', t.currency);
  }
  if (t.payee !== null && ev.payee !== t.payee) {
    return heldReasons.payee(ev.payee ?? '?', t.payee);
  }
  if (!ev.providerTxnId) {
    return heldReasons.noProviderTxn();
  }
  return null;
}

function ledgerType(t: TopupRow, source: CreditSource): TransactionType {
  if (source.kind === 'admin') {
    return 'admin_topup';
  }
  return t.method === 'card' ? 'credit_card' : 'topup';
}

/** The credit's ledger rows: the amount, then the promotion bonus if any. Returns the balance after them. */
async function writeCreditRows(
  tx: Tx,
  t: TopupRow,
  source: CreditSource,
  { userId, amount, bonus }: { userId: string; amount: number; bonus: number },
  at: Date,
): Promise<number> {
  const actorId = source.kind === 'admin' ? source.actorId : undefined;
  const note = source.kind === 'admin' && source.note ? source.note : undefined;
  const content = note ? `${t.content} (${note})` : t.content;
  // Spreading keeps the key with its own params; TypeScript cannot follow that through the union.
  const contentI18n =
    t.contentI18n && note
      ? ({ ...t.contentI18n, params: { ...t.contentI18n.params, note } } as TTopupI18n)
      : (t.contentI18n ?? undefined);
  let { balanceAfter: balance } = await changeBalance(tx, {
    userId,
    amount,
    type: ledgerType(t, source),
    content,
    contentI18n,
    refType: 'topup',
    refId: t.id,
    actorId,
    at,
  });
  if (bonus > 0) {
    ({ balanceAfter: balance } = await changeBalance(tx, {
      userId,
      amount: bonus,
      type: 'promotion',
      content: `Deposit promotion: ${t.content}`,
      contentI18n: { key: 'promotion', params: t.contentI18n ? { topup: t.contentI18n } : { text: t.content } },
      refType: 'topup',
      refId: t.id,
      actorId,
      at,
    }));
  }
  return balance;
}

/**
 * THE one crediting function (docs/money.md#top-ups), called by webhooks, by the complete/check calls,
 * by the reconciler and by admins alike. Under the top-up's row lock: a success is final (a repeat
 * is "already"), a payment that does not match the stored amount, currency and payee — or that
 * arrives for a top-up no longer pending, or names nobody — is held for an admin, and anything
 * else credits the amount and the promotion bonus as two ledger rows, marks the top-up success and
 * queues `topup.success`, all in the caller's transaction.
 */
export interface CreditOptions {
  /** The top-up row, when the caller already holds its lock (it inserted or locked it in this transaction). */
  locked?: TopupRow;
}

export async function creditTopupTx(
  tx: Tx,
  topupId: string,
  source: CreditSource,
  at: Date,
  opts: CreditOptions = {},
): Promise<CreditResult> {
  const t = opts.locked?.id === topupId ? opts.locked : await lockTopup(tx, topupId);
  if (!t) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  if (t.status === 'success') {
    return { outcome: 'already', topup: t };
  }
  let userId = t.userId;
  let amount = t.amount;
  let providerTxnId = t.providerTxnId;
  if (source.kind === 'provider') {
    // A provider's strings end up in text and jsonb columns.
    const ev = storableJson(source.evidence);
    const problem =
      mismatch(t, ev) ??
      (t.status !== 'pending' ? heldReasons.paidAfter(t.status) : null) ??
      (userId ? null : heldReasons.unmatched());
    if (problem) {
      if (t.heldReason === problem.text && t.providerTxnId === (ev.providerTxnId ?? null)) {
        return { outcome: 'held', topup: t };
      }
      const held = await updateTopupFrom(tx, t, {
        heldReason: problem.text,
        heldReasonI18n: problem.i18n,
        providerTxnId: ev.providerTxnId ?? t.providerTxnId,
        meta: { ...t.meta, heldEvidence: { ...ev, at: at.toISOString() } },
        updatedAt: at,
      });
      return { outcome: 'held', topup: held ?? t };
    }
    providerTxnId = ev.providerTxnId ?? null;
  } else {
    userId = source.userId ?? userId;
    amount = source.amount ?? amount;
  }
  if (!userId) {
    throw new AppError('USER_NOT_EXISTS');
  }
  // The bonus of the promotion running now, recorded once per top-up (promotions module).
  const bonus = await grantPromotionBonus(tx, { siteId: t.siteId, topupId: t.id, userId, amount, at });
  const balance = await writeCreditRows(tx, t, source, { userId, amount, bonus }, at);
  await creditAgencyCommission(tx, { topupId: t.id, userId, amount, at });
  const done: TopupRow = {
    ...t,
    status: 'success',
    userId,
    amount,
    bonus,
    providerTxnId,
    heldReason: null,
    heldReasonI18n: null,
    creditedAt: at,
    updatedAt: at,
  };
  const event = realtimeMessage(userId, { type: 'topup.success', data: { id: t.id, amount, bonus, balance } });
  // The state change and its event in one round trip; the event goes out on commit. The row is
  // locked, so it is still in the state read; should it not be, the credit must not stand.
  if (!(await markTopupCredited(tx, t, { userId, amount, bonus, providerTxnId, at }, event))) {
    throw new Error(`top-up ${t.id} left ${t.status} while being credited`);
  }
  return { outcome: 'credited', topup: done, balance };
}

/**
 * creditTopupTx in its own transaction. A provider transaction id already credited to another
 * top-up (the unique index) is a duplicate delivery: nothing changes.
 */
export async function creditTopup(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  topupId: string,
  source: CreditSource,
): Promise<CreditResult> {
  try {
    const result = await ctx.db.transaction((tx) => creditTopupTx(tx, topupId, source, ctx.clock.now()));
    topupCredits.inc({ path: source.kind, outcome: result.outcome });
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) {
      const t = await findTopup(ctx.db, topupId);
      if (t) {
        topupCredits.inc({ path: source.kind, outcome: 'duplicate' });
        return { outcome: 'duplicate', topup: t };
      }
    }
    throw err;
  }
}

/** Locks the top-up for the rest of the transaction: the serialisation point of creditTopup. */
export async function lockTopup(db: DbOrTx, id: string): Promise<TopupRow | undefined> {
  const rows = await db.select().from(topups).where(eq(topups.id, id)).limit(1).for('update');
  return rows[0];
}

/** What creditTopupTx sets on the top-up it credits. */
export interface CreditedValues {
  userId: string;
  amount: number;
  bonus: number;
  providerTxnId: string | null;
  at: Date;
}

/**
 * Marks the top-up success and queues its `topup.success` event, in one round trip; the event goes
 * out on commit. Only from the state it was read in (stillInState): false when it has moved on.
 */
export async function markTopupCredited(
  tx: DbOrTx,
  t: Pick<TopupRow, 'id' | 'status'>,
  v: CreditedValues,
  event: RealtimeMessage,
): Promise<boolean> {
  const { userId, amount, bonus, providerTxnId, at } = v;
  const marked = await queryRows<{ id: string }>(
    tx,
    sql`
    with done as (
      update topups set status = 'success', user_id = ${userId}, amount = ${amount}, bonus = ${bonus},
        provider_txn_id = ${providerTxnId}, held_reason = null, held_reason_i18n = null, credited_at = ${at.toISOString()},
        updated_at = ${at.toISOString()}
      where ${stillInState(t)} returning id)
    select id, pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)}) from done`,
  );
  return marked.length === 1;
}
