/** Decimal strings ↔ integer minor units, without floats (docs/money.md#coins). */

export { formatMinor } from '@proxy/contract';

/**
 * "10.00" → 1000 with 2 decimals; an integer number is taken as a whole amount. Null for anything
 * that is not a plain non-negative decimal with at most `decimals` places.
 */
export function toMinor(value: unknown, decimals: number): number | null {
  const s =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value : '';
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(s.trim());
  if (!m) {
    return null;
  }
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) {
    return null;
  }
  const n = Number(m[1]) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(n) ? n : null;
}

/** Minor-unit decimals of each currency a top-up can be paid in. */
export const DECIMALS = { VND: 0, USD: 2, USDT: 6 } as const;
export type TopupCurrency = keyof typeof DECIMALS;
