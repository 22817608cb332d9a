import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_MIN_COINS, ROLE, webhookEndpoints, type PaymentMethod, type TSepayWebhook } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { topups } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { topupCredits } from '../../lib/metrics.js';
import { route, type RouteApp } from '../../lib/route.js';
import { storableJson, storableText } from '../../lib/storable-text.js';
import type { Site } from '../site/index.js';
import { bankWebhookKey, codeBillCandidates } from './bank.js';
import { creditTopupTx, type CreditResult } from './credit.js';
import { heldReasons, type HeldReason } from './held.js';
import { updateTopupFrom, type TopupRow } from './queries.js';
import type { MethodConfig } from './providers/types.js';
import { methodConfig } from './settings.js';

/** POST /api/webhook/bank (docs/money.md#payment-methods): SePay's notice of an incoming transfer. */
export function bankWebhookRoute(app: RouteApp, opts: { schema: { tags: string[] } }): void {
  route(app, webhookEndpoints.bank, opts, async (req) => {
    // Node's parser gives Authorization as one string; the entry declares no header schema.
    const { authorization } = req.headers;
    checkBankApiKey(app.ctx, req.site, typeof authorization === 'string' ? authorization : undefined);
    await receiveBankTransfer(app.ctx, req.site, req.body);
    return { success: true as const };
  });
}

function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** SePay: `Authorization: Apikey <key>`. A missing or wrong key is 401 and changes nothing. */
export function checkBankApiKey(
  ctx: Pick<AppContext, 'keys' | 'config'>,
  site: Site,
  authorization: string | undefined,
): void {
  const expected = bankWebhookKey(ctx, site);
  const m = /^apikey\s+(.+)$/i.exec(authorization?.trim() ?? '');
  if (!expected || !m?.[1] || !sameSecret(m[1].trim(), expected)) {
    throw new AppError('INVALID_TOKEN');
  }
}

export type BankOutcome = CreditResult['outcome'] | 'ignored' | 'unmatched';

/**
 * Where a transfer comes from: `source` names it in the top-up's content; `customersOnly` (a site
 * admin's simulated transfer) refuses, with FORBIDDEN and nothing written, a transfer whose one
 * named user is the owner or an admin, whom a site admin may not credit.
 */
export interface TransferOrigin {
  source: string;
  customersOnly?: boolean;
}

/**
 * One incoming transfer (docs/money.md#payment-methods, docs/wire-contract.md#top-ups): credited at most once
 * per site and SePay id (the provider transaction id, unique per site: another site's webhook,
 * under its own admin's key, may post any id). Whoever's codeBill is in the content gets
 * transferAmount coins plus the promotion bonus, settling their oldest pending bank top-up of
 * that amount if they announced one. A content naming nobody (or two people), a transfer to
 * another account, one under the minimum or of an unknown type is kept, held for an admin; so is
 * one of the amount of a bank top-up an admin marked paid before any transfer came for it (the
 * same money, or a second payment: only the admin can tell), once per such top-up.
 */
export async function receiveBankTransfer(
  ctx: Pick<AppContext, 'db' | 'clock' | 'keys'>,
  site: Site,
  received: TSepayWebhook,
  origin: TransferOrigin = { source: 'SePay' },
): Promise<BankOutcome> {
  // The bank's text is kept whatever it holds: characters PostgreSQL cannot store become U+FFFD
  // rather than losing the transfer.
  const body = storableJson(received);
  // Only money coming in credits; "out" is the seller's own spending.
  if (body.transferType.toLowerCase() === 'out') {
    return 'ignored';
  }
  const cfg = methodConfig(ctx, site, 'bank');
  const outcome = await ctx.db.transaction((tx) => receiveInTx(tx, ctx.clock.now(), site, cfg, body, origin));
  topupCredits.inc({ path: 'bank', outcome });
  return outcome;
}

/** Why a transfer waits for an admin instead of crediting, or null when it credits its one owner. */
function transferHeldReason(body: TSepayWebhook, owners: number, toOurAccount: boolean, account: string) {
  return body.transferType.toLowerCase() !== 'in'
    ? heldReasons.transferType(body.transferType)
    : owners === 0
      ? heldReasons.unmatched()
      : owners > 1
        ? heldReasons.ambiguous()
        : !toOurAccount
          ? heldReasons.payee(String(body.accountNumber), account)
          : body.transferAmount < PAYMENT_MIN_COINS.bank
            ? heldReasons.belowMinimum(PAYMENT_MIN_COINS.bank)
            : null;
}

/** The row of a transfer that settles no announced top-up: credited at once, or held (`held`). */
function transferRow(
  now: Date,
  site: Site,
  body: TSepayWebhook,
  origin: TransferOrigin,
  f: { userId: string | null; payee: string; held: HeldReason | null; markedPaidId?: string },
): TopupRow {
  const txnId = String(body.id);
  return {
    id: randomUUID(),
    siteId: site.id,
    userId: f.userId,
    method: 'bank',
    status: 'pending',
    amount: body.transferAmount,
    bonus: 0,
    currency: 'VND',
    providerAmount: body.transferAmount,
    payee: f.payee || null,
    // The cut may split a surrogate pair.
    content: storableText(`${origin.source} ${txnId}: ${body.content}`.slice(0, 500)),
    // The payer's own words: shown as written in every language.
    contentI18n: null,
    providerOrderId: null,
    providerTxnId: txnId,
    heldReason: f.held?.text ?? null,
    heldReasonI18n: f.held?.i18n ?? null,
    // The admin-marked top-up it is held against, if any (which links back with meta.heldTransfer).
    meta: f.markedPaidId ? { transfer: body, markedPaidTopupId: f.markedPaidId } : { transfer: body },
    expiresAt: null,
    creditedAt: null,
    nextCheckAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

async function receiveInTx(
  tx: Tx,
  now: Date,
  site: Site,
  cfg: MethodConfig,
  body: TSepayWebhook,
  origin: TransferOrigin,
): Promise<BankOutcome> {
  const txnId = String(body.id);
  // Deliveries of one transfer take their turn (an advisory lock on its id) before any row lock.
  await lockBankTransfer(tx, site.id, txnId);
  if (await findTopupByProviderTxn(tx, site.id, 'bank', txnId)) {
    return 'already';
  }
  const amount = body.transferAmount;
  const codes = codeBillCandidates(`${body.content} ${body.code ?? ''} ${body.description ?? ''}`);
  // Who the content names, and whether they announced a top-up of this amount or an admin marked one
  // paid (both rare: skip their locks otherwise).
  const owners = codes.length ? await findCodeBillOwners(tx, site.id, codes, amount) : [];
  const account = cfg.values.accountNumber ?? '';
  const toOurAccount = !body.accountNumber || body.accountNumber === account || body.subAccount === account;
  const owner = owners.length === 1 ? owners[0]! : null;
  if (origin.customersOnly && owner && owner.role !== ROLE.CUSTOMER) {
    throw new AppError('FORBIDDEN');
  }
  let held = transferHeldReason(body, owners.length, toOurAccount, account);
  const intent = owner?.announced && !held ? await lockBankIntent(tx, owner.id, amount) : undefined;
  // No pending top-up to settle, but one an admin marked paid before its transfer came: this may be
  // that transfer (SePay late) or a second one. The admin decides; linked, it holds no other transfer.
  const markedPaid =
    owner?.markedPaid && !held && !intent ? await lockMarkedPaidTopup(tx, owner.id, amount) : undefined;
  if (markedPaid) {
    held = heldReasons.markedPaid(markedPaid);
  }
  const heldReason = held?.text ?? null;
  let topup = intent;
  if (!topup) {
    const fresh = transferRow(now, site, body, origin, {
      userId: owner?.id ?? null,
      payee: account,
      held,
      markedPaidId: markedPaid?.id,
    });
    // The unique provider transaction id stays the last word on "once".
    topup = (await insertTransferTopup(tx, fresh)) ? fresh : undefined;
    if (topup && markedPaid) {
      await linkMarkedPaidTopup(tx, markedPaid, { providerTxnId: txnId, topupId: fresh.id }, now);
    }
  }
  if (!topup) {
    return 'already';
  }
  if (heldReason) {
    return owner ? 'held' : 'unmatched';
  }
  const result = await creditTopupTx(
    tx,
    topup.id,
    {
      kind: 'provider',
      evidence: { status: 'paid', providerTxnId: txnId, amount, currency: 'VND', payee: topup.payee },
    },
    now,
    { locked: topup },
  );
  return result.outcome;
}

/** pg_advisory_xact_lock(BANK_TXN_LOCK, hashtext(site id:sepay id)): the two-key space, apart from the jobs' keys. */
const BANK_TXN_LOCK = 0x5e9a;

/**
 * Deliveries of one transfer take their turn here, before any row lock: a repeat then finds the
 * first one's row, instead of racing it for the announced top-up and the user's balance (which
 * deadlocked, or credited a new row and left the announced top-up pending).
 */
export async function lockBankTransfer(tx: DbOrTx, siteId: string, txnId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BANK_TXN_LOCK}, hashtext(${`${siteId}:${txnId}`}))`);
}

/**
 * A bank top-up an admin marked paid while no transfer had come for it: the admin's credit leaves
 * it success with no provider transaction id (a transfer's credit always sets one). Once a transfer
 * is held against it, `meta.heldTransfer` links the two and it is no longer one.
 */
function markedPaidUnlinked(userId: SQL | string, amount: number): SQL {
  return and(
    eq(topups.userId, userId),
    eq(topups.method, 'bank'),
    eq(topups.status, 'success'),
    eq(topups.amount, amount),
    isNull(topups.providerTxnId),
    sql`${topups.meta} -> 'heldTransfer' is null`,
  )!;
}

/**
 * The users of the site whose transfer code is among `codes`, their role, whether each announced a
 * top-up of `amount`, and whether an admin marked one of that amount paid before its transfer came.
 */
export async function findCodeBillOwners(
  tx: DbOrTx,
  siteId: string,
  codes: string[],
  amount: number,
): Promise<{ id: string; role: number; announced: boolean; markedPaid: boolean }[]> {
  return queryRows<{ id: string; role: number; announced: boolean; markedPaid: boolean }>(
    tx,
    sql`select u.id, u.role, exists (
              select 1 from topups t
              where t.user_id = u.id and t.method = 'bank' and t.status = 'pending' and t.amount = ${amount}
                and t.provider_txn_id is null) as announced,
            exists (select 1 from topups where ${markedPaidUnlinked(sql`u.id`, amount)}) as "markedPaid"
            from users u
            where u.site_id = ${siteId} and u.code_bill in (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )})`,
  );
}

/** Inserts the transfer's top-up; false when its provider transaction id is already there. */
export async function insertTransferTopup(tx: DbOrTx, values: TopupRow): Promise<boolean> {
  // The unique provider transaction id stays the last word on "once".
  const inserted = await tx.insert(topups).values(values).onConflictDoNothing().returning({ id: topups.id });
  return inserted.length > 0;
}

/** A provider's ids are unique per site: each site is paid into its own account. */
export async function findTopupByProviderTxn(
  db: DbOrTx,
  siteId: string,
  method: PaymentMethod,
  providerTxnId: string,
): Promise<TopupRow | undefined> {
  const rows = await db
    .select()
    .from(topups)
    .where(and(eq(topups.siteId, siteId), eq(topups.method, method), eq(topups.providerTxnId, providerTxnId)))
    .limit(1);
  return rows[0];
}

/** The oldest pending bank top-up a user announced for exactly this amount, locked (or skipped if taken). */
export async function lockBankIntent(db: DbOrTx, userId: string, amount: number): Promise<TopupRow | undefined> {
  const rows = await db
    .select()
    .from(topups)
    .where(
      and(
        eq(topups.userId, userId),
        eq(topups.method, 'bank'),
        eq(topups.status, 'pending'),
        eq(topups.amount, amount),
        isNull(topups.providerTxnId),
      ),
    )
    .orderBy(topups.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/**
 * The oldest top-up of this amount an admin marked paid that no transfer is linked to, locked. All
 * the candidates are locked, in one order: a concurrent transfer waits, then takes the next one
 * (each locked row is checked again once the other transfer has linked it).
 */
export async function lockMarkedPaidTopup(db: DbOrTx, userId: string, amount: number): Promise<TopupRow | undefined> {
  const rows = await db
    .select()
    .from(topups)
    .where(markedPaidUnlinked(userId, amount))
    .orderBy(topups.createdAt, topups.id)
    .for('update');
  return rows[0];
}

/** Records on the admin-marked top-up the transfer held against it (its SePay id and held top-up). */
async function linkMarkedPaidTopup(
  tx: DbOrTx,
  t: TopupRow,
  link: { providerTxnId: string; topupId: string },
  at: Date,
): Promise<void> {
  // Locked by lockMarkedPaidTopup, so still success.
  await updateTopupFrom(tx, t, {
    meta: { ...t.meta, heldTransfer: { ...link, at: at.toISOString() } },
    updatedAt: at,
  });
}
