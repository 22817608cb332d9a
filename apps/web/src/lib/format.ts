import { coinsToUsd, formatCoins, type Period } from '@proxy/contract';
import type { TFunction } from 'i18next';

/** docs/product-rules.md#formats: a balance with dot separators and the coin unit, e.g. "1.000.000 Xu". */
export function formatBalance(coins: number, t: TFunction): string {
  return `${formatCoins(coins)} ${t('common.coin')}`;
}

/**
 * A price: coins with dot separators, and in English also dollars (docs/product-rules.md#formats: coins / 24000),
 * e.g. "20.000 Coin ($0.83)".
 */
export function formatMoney(coins: number, t: TFunction, language: string): string {
  const base = formatBalance(coins, t);
  if (language !== 'en') {
    return base;
  }
  const usd = coinsToUsd(coins);
  return `${base} (${usd.startsWith('-') ? `-$${usd.slice(1)}` : `$${usd}`})`;
}

/** A period in words, e.g. "3 ngày" / "3 days". */
export function formatPeriod(period: Period, t: TFunction): string {
  return t(`common.periodValue.${period.unit}`, { count: period.value });
}

/** A country's name in the interface language ("Việt Nam" / "Vietnam"), else the server's name or the code. */
export function countryName(code: string, language: string, fallback?: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase());
    if (name && name !== code.toUpperCase()) {
      return name;
    }
  } catch {
    // An engine without region names, or a code it does not know.
  }
  return fallback ?? code;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** A byte count in binary units, e.g. 1536 → "1.5 KB", 0 → "0 B". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) {
    return '0 B';
  }
  const exp = Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exp;
  const text = exp === 0 || value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${BYTE_UNITS[exp]}`;
}
