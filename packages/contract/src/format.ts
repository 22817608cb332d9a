import { COINS_PER_USD } from './constants.js';

function group(n: bigint | number, sep: string): string {
  const s = BigInt(Math.trunc(Number(n))).toString();
  const neg = s.startsWith('-');
  const digits = neg ? s.slice(1) : s;
  const out = digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return neg ? `-${out}` : out;
}

/** docs/product-rules.md#formats: money is shown with dot thousands separators, e.g. 1.000.000. */
export function formatCoins(coins: number): string {
  return group(coins, '.');
}

/** docs/product-rules.md#formats: the top-up success text groups with commas, e.g. 1,000,000. */
export function formatCoinsComma(coins: number): string {
  return group(coins, ',');
}

/** docs/money.md#rounding: dollars are coins / 24000, two decimals. Integer arithmetic, rounded half up. */
export function coinsToUsd(coins: number): string {
  // Half-cents round away from zero, so a charge and its refund show the same amount (-$5.63, $5.63).
  const abs = Math.round((Math.abs(coins) * 100) / COINS_PER_USD);
  const sign = coins < 0 && abs > 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer minor units as a decimal string: 1000 → "10.00" with 2 decimals; 10001234 → "10.001234" with 6. */
export function formatMinor(minor: number, decimals: number): string {
  if (decimals === 0) {
    return String(minor);
  }
  const s = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** docs/product-rules.md#formats: dates are shown as HH:mm DD/MM/YYYY (in the viewer's local time). */
export function formatDateTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) {
    return '';
  }
  return `${pad(d.getHours())}:${pad(d.getMinutes())} ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}
