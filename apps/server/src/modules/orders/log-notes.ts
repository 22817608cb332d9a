import type { Period, TOrderLogI18n } from '@proxy/contract';

/** An order-log note: English for API clients, and the same as a key and parameters for the web. */
export interface LogNote {
  note: string;
  noteI18n: TOrderLogI18n | null;
}

const text = (p: Period) => `${p.value} ${p.unit}`;

/** The notes the server writes into order logs; every one has its translatable form. */
export const logNotes = {
  renew: (auto: boolean, period: Period): LogNote => ({
    note: `${auto ? 'auto' : 'manual'}: ${text(period)}`,
    noteI18n: { key: 'renew', params: { auto, period } },
  }),
  renewProxies: (count: number, period: Period): LogNote => ({
    note: `${count} proxies: ${text(period)}`,
    noteI18n: { key: 'renewProxies', params: { count, period } },
  }),
  renewKeys: (count: number, period: Period): LogNote => ({
    note: `${count} keys: ${text(period)}`,
    noteI18n: { key: 'renewKeys', params: { count, period } },
  }),
  bandwidth: (gb: number): LogNote => ({ note: `+${gb} GB`, noteI18n: { key: 'bandwidth', params: { gb } } }),
  increaseAmount: (quantity: number, hours: number): LogNote => ({
    note: `+${quantity}, ${hours} h`,
    noteI18n: { key: 'increaseAmount', params: { quantity, hours } },
  }),
  changeCountry: (from: string, to: string): LogNote => ({
    note: `${from} → ${to}`,
    noteI18n: { key: 'changeCountry', params: { from, to } },
  }),
  autoRenewFailed: (error: string): LogNote => ({
    note: `auto: ${error}`,
    noteI18n: { key: 'autoRenewFailed', params: { error } },
  }),
  adminExtend: (count: number, period: Period): LogNote => ({
    note: `admin: ${count} × ${text(period)}, free`,
    noteI18n: { key: 'adminExtend', params: { count, period } },
  }),
  adminCancel: (count: number, refund: number): LogNote => ({
    note: `admin: ${count} released, refund ${refund}`,
    noteI18n: { key: 'adminCancel', params: { count, refund } },
  }),
  /** The note of an attempt that failed with an error code. */
  failed: (n: LogNote, error: string): LogNote => {
    const i18n = n.noteI18n;
    return {
      note: `${n.note}: ${error}`,
      noteI18n:
        i18n?.key === 'increaseAmount' || i18n?.key === 'changeCountry'
          ? ({ ...i18n, params: { ...i18n.params, error } } as TOrderLogI18n)
          : i18n,
    };
  },
};
