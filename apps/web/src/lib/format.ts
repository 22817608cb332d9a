import { coinsToUsd, PAYMENT_CURRENCY, type PaymentMethod, type Period } from '@proxy/contract';
import i18next, { type TFunction } from 'i18next';
import { fixedDigits, groupDigits } from './numbers';

/** The interface language (lib/i18n sets it on the one i18next instance); vi until it is known. */
function currentLanguage(): string {
  return i18next.language === 'en' ? 'en' : 'vi';
}

/**
 * docs/product-rules.md#formats: a number in the interface language ("1.000.000" / "1,000,000";
 * "3,8" / "3.8" with `digits` decimals).
 */
export function formatNumber(value: number, language: string = currentLanguage(), digits = 0): string {
  return groupDigits(value, language, digits);
}

/** docs/product-rules.md#formats: a balance with the coin unit, e.g. "1.000.000 Xu", "1,000,000 coins", "1 coin". */
export function formatBalance(coins: number, t: TFunction, language: string = currentLanguage()): string {
  return `${formatNumber(coins, language)} ${t('common.coin', { count: Math.abs(coins) })}`;
}

/** Dollars as coins / 24000 with two decimals; a positive amount under a cent is "<$0.01", never "$0.00". */
export function formatUsd(coins: number, language: string = currentLanguage()): string {
  const usd = coinsToUsd(coins);
  const negative = usd.startsWith('-');
  const abs = negative ? usd.slice(1) : usd;
  if (abs === '0.00' && coins !== 0) {
    return `${negative ? '-' : ''}<$${fixedDigits(0.01, language, 2)}`;
  }
  return `${negative ? '-' : ''}$${fixedDigits(Number(abs), language, 2)}`;
}

/**
 * An amount in a payment method's own currency (top-up hints and errors, promotion tiers on the
 * top-up page): "10.000 VND" / "10,000 VND", or dollars as formatUsd ("$1,00" / "$1.00").
 */
export function formatInCurrency(method: PaymentMethod, coins: number, language: string = currentLanguage()): string {
  return PAYMENT_CURRENCY[method] === 'VND' ? `${formatNumber(coins, language)} VND` : formatUsd(coins, language);
}

/**
 * A price: coins, and in English also dollars (docs/product-rules.md#formats: coins / 24000),
 * e.g. "20,000 coins ($0.83)".
 */
export function formatMoney(coins: number, t: TFunction, language: string): string {
  const base = formatBalance(coins, t, language);
  return language === 'en' ? `${base} (${formatUsd(coins, language)})` : base;
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

/** A byte count in binary units, e.g. 1536 → "1.5 KB" (en) / "1,5 KB" (vi), 0 → "0 B". */
export function formatBytes(bytes: number, language: string = currentLanguage()): string {
  if (!Number.isFinite(bytes) || bytes <= 0) {
    return '0 B';
  }
  const exp = Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exp;
  const text = formatNumber(exp === 0 || value >= 100 ? Math.round(value) : value, language, 1);
  return `${text} ${BYTE_UNITS[exp]}`;
}
