import type { THeldReasonI18n } from '@proxy/contract';

/** Why a payment waits for an admin: English for `held_reason`, and the same as a key and parameters. */
export interface HeldReason {
  text: string;
  i18n: THeldReasonI18n;
}

const mismatch = (key: 'currency' | 'payee', got: string, expected: string): HeldReason => ({
  text: `${key} ${got} instead of ${expected}`,
  i18n: { key, params: { got, expected } },
});

export const heldReasons = {
  unmatched: (): HeldReason => ({ text: 'unmatched', i18n: { key: 'unmatched', params: {} } }),
  ambiguous: (): HeldReason => ({
    text: 'ambiguous: the content names several users',
    i18n: { key: 'ambiguous', params: {} },
  }),
  noProviderTxn: (): HeldReason => ({
    text: 'no provider transaction id',
    i18n: { key: 'noProviderTxn', params: {} },
  }),
  amount: (got: string, expected: string, currency: string): HeldReason => ({
    text: `amount ${got} instead of ${expected} (${currency} minor units)`,
    i18n: { key: 'amount', params: { got, expected, currency } },
  }),
  currency: (got: string, expected: string) => mismatch('currency', got, expected),
  payee: (got: string, expected: string) => mismatch('payee', got, expected),
  belowMinimum: (min: number): HeldReason => ({
    text: `below the minimum of ${min}`,
    i18n: { key: 'belowMinimum', params: { min } },
  }),
  transferType: (type: string): HeldReason => ({
    text: `transfer type ${type}`,
    i18n: { key: 'transferType', params: { type } },
  }),
  paidAfter: (status: string): HeldReason => ({
    text: `paid after ${status}`,
    i18n: { key: 'paidAfter', params: { status } },
  }),
  /**
   * A transfer of a top-up an admin already marked paid, or a second one: the admin decides, told
   * which top-up (its id in the text, when it was credited in both).
   */
  markedPaid: (t: { id: string; creditedAt: Date | null; createdAt: Date }): HeldReason => {
    const at = (t.creditedAt ?? t.createdAt).toISOString();
    return {
      text: `an admin already marked top-up ${t.id} paid (${at}): the same transfer, or a second one?`,
      i18n: { key: 'markedPaid', params: { at } },
    };
  },
};
