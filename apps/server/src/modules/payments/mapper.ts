import {
  ZHeldReasonI18n,
  ZTopupI18n,
  type TAdminTopup,
  type TTopup,
  type TTopupDetail,
  type TTopupInstructions,
} from '@proxy/contract';
import { DECIMALS, formatMinor } from './money.js';
import type { TopupRow } from './queries.js';

/** Top-up rows as the wire shows them: to the payer, with instructions, and to an admin. */

const EMPTY_INSTRUCTIONS: TTopupInstructions = {
  orderId: null,
  redirectUrl: null,
  qrPayload: null,
  address: null,
  payAmount: null,
  network: null,
  form: null,
};

export function toTopup(t: TopupRow): TTopup {
  return {
    id: t.id,
    method: t.method,
    content: t.content,
    contentI18n: ZTopupI18n.safeParse(t.contentI18n).data ?? null,
    amount: t.amount,
    bonus: t.bonus,
    status: t.status,
    held: t.heldReason !== null,
    createdAt: t.createdAt.toISOString(),
  };
}

export function toDetail(t: TopupRow): TTopupDetail {
  const saved = (t.meta.instructions ?? {}) as Partial<TTopupInstructions>;
  return {
    ...toTopup(t),
    currency: t.currency,
    providerAmount: formatMinor(t.providerAmount, DECIMALS[t.currency]),
    expiresAt: t.expiresAt?.toISOString() ?? null,
    // Instructions only matter while the payer can still act on them.
    instructions: t.status === 'pending' ? { ...EMPTY_INSTRUCTIONS, ...saved } : EMPTY_INSTRUCTIONS,
  };
}

export function toAdminTopup(t: TopupRow, email: string | null): TAdminTopup {
  const { instructions: _omit, ...detail } = toDetail(t);
  return {
    ...detail,
    userId: t.userId,
    email,
    heldReason: t.heldReason,
    heldReasonI18n: t.heldReason === null ? null : (ZHeldReasonI18n.safeParse(t.heldReasonI18n).data ?? null),
    providerOrderId: t.providerOrderId,
    providerTxnId: t.providerTxnId,
    creditedAt: t.creditedAt?.toISOString() ?? null,
  };
}
