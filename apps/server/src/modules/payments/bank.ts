import { randomInt, randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import {
  CODE_BILL_ALPHABET,
  CODE_BILL_LENGTH,
  CODE_BILL_PREFIX,
  PAYMENT_MIN_COINS,
  type TSepayWebhook,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { storableJson, storableText } from '../../lib/storable-text.js';
import type { Site } from '../site/index.js';
import { creditTopupTx, type CreditResult } from './credit.js';
import { heldReasons } from './held.js';
import {
  findCodeBill,
  findCodeBillOwners,
  findTopupByProviderTxn,
  insertTransferTopup,
  lockBankIntent,
  lockBankTransfer,
  setCodeBillIfUnset,
  type TopupRow,
} from './repository.js';
import { methodConfig, type MethodConfig } from './settings.js';
import { buildVietQr } from './vietqr.js';
import { topupCredits } from '../../lib/metrics.js';

export function newCodeBill(): string {
  let code = CODE_BILL_PREFIX;
  for (let i = 0; i < CODE_BILL_LENGTH; i++) {
    code += CODE_BILL_ALPHABET[randomInt(CODE_BILL_ALPHABET.length)];
  }
  return code;
}

/** The user's fixed transfer code, given on first need (a collision just draws again). */
export async function ensureCodeBill(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await findCodeBill(ctx.db, userId);
    if (!row) {
      throw new AppError('USER_NOT_EXISTS');
    }
    if (row.code) {
      return row.code;
    }
    try {
      await setCodeBillIfUnset(ctx.db, userId, newCodeBill());
    } catch (err) {
      if (!isUniqueViolation(err)) {
        throw err;
      }
    }
  }
  throw new Error('could not draw a unique codeBill');
}

const CODE_RE = new RegExp(`${CODE_BILL_PREFIX}[${CODE_BILL_ALPHABET}]{${CODE_BILL_LENGTH}}`, 'g');

/**
 * Every code the transfer content could carry, case-insensitively. Banks glue their own text to
 * it ("MBVCB.123.NAP7KQ2MX.CT tu…"), so any position counts, overlapping ones included.
 */
export function codeBillCandidates(content: string): string[] {
  const upper = content.toUpperCase();
  const found = new Set<string>();
  for (let i = upper.indexOf(CODE_BILL_PREFIX); i >= 0; i = upper.indexOf(CODE_BILL_PREFIX, i + 1)) {
    CODE_RE.lastIndex = i;
    const m = CODE_RE.exec(upper);
    if (m && m.index === i) {
      found.add(m[0]);
    }
  }
  return [...found];
}

export function bankAccountOf(cfg: MethodConfig) {
  return {
    bankName: cfg.values.bankName ?? '',
    bin: cfg.values.bin ?? '',
    accountNumber: cfg.values.accountNumber ?? '',
    accountName: cfg.values.accountName ?? '',
  };
}

export function bankQr(cfg: MethodConfig, codeBill: string, amount?: number): string | null {
  const { bin, accountNumber } = bankAccountOf(cfg);
  if (!bin || !accountNumber) {
    return null;
  }
  return buildVietQr({ bin, accountNumber, amount, content: codeBill });
}

/** The site's bank-webhook key: its own setting, else BANK_WEBHOOK_KEY for the default site. */
export function bankWebhookKey(ctx: Pick<AppContext, 'keys' | 'config'>, site: Site): string | undefined {
  return (
    methodConfig(ctx, site, 'bank').secrets.webhookKey ?? (site.isDefault ? ctx.config.BANK_WEBHOOK_KEY : undefined)
  );
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
 * One incoming transfer (docs/money.md#payment-methods, docs/wire-contract.md#top-ups): credited at most once
 * per site and SePay id (the provider transaction id, unique per site: another site's webhook,
 * under its own admin's key, may post any id). Whoever's codeBill is in the content gets
 * transferAmount coins plus the promotion bonus, settling their oldest pending bank top-up of
 * that amount if they announced one. A content naming nobody (or two people), a transfer to
 * another account, one under the minimum or of an unknown type is kept, held for an admin.
 */
export async function receiveBankTransfer(
  ctx: Pick<AppContext, 'db' | 'clock' | 'keys'>,
  site: Site,
  received: TSepayWebhook,
  source = 'SePay',
): Promise<BankOutcome> {
  // The bank's text is kept whatever it holds: characters PostgreSQL cannot store become U+FFFD
  // rather than losing the transfer.
  const body = storableJson(received);
  // Only money coming in credits; "out" is the seller's own spending.
  if (body.transferType.toLowerCase() === 'out') {
    return 'ignored';
  }
  const cfg = methodConfig(ctx, site, 'bank');
  const outcome = await ctx.db.transaction((tx) => receiveInTx(tx, ctx.clock.now(), site, cfg, body, source));
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

async function receiveInTx(
  tx: Tx,
  now: Date,
  site: Site,
  cfg: MethodConfig,
  body: TSepayWebhook,
  source: string,
): Promise<BankOutcome> {
  const txnId = String(body.id);
  // Deliveries of one transfer take their turn (an advisory lock on its id) before any row lock.
  await lockBankTransfer(tx, site.id, txnId);
  if (await findTopupByProviderTxn(tx, site.id, 'bank', txnId)) {
    return 'already';
  }
  const amount = body.transferAmount;
  const codes = codeBillCandidates(`${body.content} ${body.code ?? ''} ${body.description ?? ''}`);
  // Who the content names, and whether they announced a top-up of this amount (rare: skip its lock otherwise).
  const owners = codes.length ? await findCodeBillOwners(tx, site.id, codes, amount) : [];
  const account = cfg.values.accountNumber ?? '';
  const toOurAccount = !body.accountNumber || body.accountNumber === account || body.subAccount === account;
  const owner = owners.length === 1 ? owners[0]! : null;
  const held = transferHeldReason(body, owners.length, toOurAccount, account);
  const heldReason = held?.text ?? null;
  const intent = owner?.announced && !heldReason ? await lockBankIntent(tx, owner.id, amount) : undefined;
  let topup = intent;
  if (!topup) {
    const fresh: TopupRow = {
      id: randomUUID(),
      siteId: site.id,
      userId: owner?.id ?? null,
      method: 'bank',
      status: 'pending',
      amount,
      bonus: 0,
      currency: 'VND',
      providerAmount: amount,
      payee: account || null,
      // The cut may split a surrogate pair.
      content: storableText(`${source} ${txnId}: ${body.content}`.slice(0, 500)),
      // The payer's own words: shown as written in every language.
      contentI18n: null,
      providerOrderId: null,
      providerTxnId: txnId,
      heldReason,
      heldReasonI18n: held?.i18n ?? null,
      meta: { transfer: body },
      expiresAt: null,
      creditedAt: null,
      nextCheckAt: null,
      createdAt: now,
      updatedAt: now,
    };
    // The unique provider transaction id stays the last word on "once".
    topup = (await insertTransferTopup(tx, fresh)) ? fresh : undefined;
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
