import { formatMinor, type TLedgerI18n, type TOPUP_CURRENCIES, type TTopupI18n } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { storedPackageName } from './catalog/package-name';
import { countryName, formatNumber, formatPeriod } from './format';

/** A ledger row or top-up as the server sends it: English `content`, and maybe its translatable form. */
export interface DescribedRow {
  content: string;
  contentI18n?: TLedgerI18n | null;
}

/** docs/product-rules.md#formats: VND groups with dots like coins; the other currencies keep their decimals. */
function providerAmount(amount: number, currency: (typeof TOPUP_CURRENCIES)[number]): string {
  switch (currency) {
    case 'VND':
      return formatNumber(amount);
    case 'USD':
      return formatMinor(amount, 2);
    case 'USDT':
      return formatMinor(amount, 6);
  }
}

type PurchaseKey = 'buyRetail' | 'buyPackage' | 'buyKeys' | 'increaseAmount' | 'changeCountry';

/** A purchase: what was bought (or added to an order), where and for how long. */
function describePurchase(d: Extract<TLedgerI18n, { key: PurchaseKey }>, t: TFunction, language: string): string {
  const country = (code: string) => countryName(code, language);
  switch (d.key) {
    case 'buyRetail':
      return t('ledger.buyRetail', {
        code: d.params.code,
        quantity: formatNumber(d.params.quantity),
        product: t(`common.productInSentence.${d.params.product}`),
        country: country(d.params.country),
        period: formatPeriod(d.params.period, t),
      });
    case 'buyPackage':
      return t('ledger.buyPackage', {
        code: d.params.code,
        package: storedPackageName(d.params.package, d.params.packageEng, language),
        quantity: formatNumber(d.params.quantity),
        product: t(`common.productInSentence.${d.params.product}`),
        country: country(d.params.country),
        period: formatPeriod({ unit: 'day', value: d.params.days }, t),
      });
    case 'buyKeys':
      return t('ledger.buyKeys', {
        code: d.params.code,
        package: storedPackageName(d.params.package, d.params.packageEng, language),
        quantity: formatNumber(d.params.quantity),
        country: country(d.params.country),
      });
    case 'increaseAmount':
      return t('ledger.increaseAmount', {
        code: d.params.code,
        quantity: formatNumber(d.params.quantity),
        product: t(`common.productInSentence.${d.params.product}`),
        country: country(d.params.country),
        period: formatPeriod({ unit: 'hour', value: d.params.hours }, t),
      });
    case 'changeCountry':
      return t('ledger.changeCountry', {
        code: d.params.code,
        count: formatNumber(d.params.count),
        from: country(d.params.from),
        to: country(d.params.to),
        period: formatPeriod({ unit: 'hour', value: d.params.hours }, t),
      });
  }
}

function describe(d: TLedgerI18n, t: TFunction, language: string): string {
  switch (d.key) {
    case 'buyRetail':
    case 'buyPackage':
    case 'buyKeys':
    case 'increaseAmount':
    case 'changeCountry':
      return describePurchase(d, t, language);
    case 'renewOrder':
    case 'autoRenewOrder':
      return t(`ledger.${d.key}`, {
        code: d.params.code,
        count: formatNumber(d.params.count),
        period: formatPeriod(d.params.period, t),
      });
    case 'renewProxies':
      return t('ledger.renewProxies', {
        count: formatNumber(d.params.count),
        product: t(`common.productInSentence.${d.params.product}`),
        period: formatPeriod(d.params.period, t),
      });
    case 'renewKeys':
      return t('ledger.renewKeys', { count: formatNumber(d.params.count), period: formatPeriod(d.params.period, t) });
    case 'bandwidth':
      return t('ledger.bandwidth', { code: d.params.code, gb: formatNumber(d.params.gb) });
    case 'topup':
    case 'topupBank':
      return withNote(describeTopup(d, t), d.params.note, t);
    case 'promotion': {
      const of = d.params.topup ? describeTopup(d.params.topup, t) : (d.params.text ?? '');
      return t('ledger.promotion', { of });
    }
    case 'adminAdd':
    case 'refund':
      return t(`ledger.${d.key}`);
    case 'orderRefund':
      return t('ledger.orderRefund', { code: d.params.code });
    case 'agencyCommission':
      return t('ledger.agencyCommission', {
        percent: d.params.percent,
        amount: formatNumber(d.params.amount),
        email: d.params.email,
      });
    case 'agencyTransferOut':
      return t('ledger.agencyTransferOut', { email: d.params.email });
    case 'agencyTransferIn':
      return t('ledger.agencyTransferIn', { agency: d.params.agency });
  }
}

function describeTopup(d: TTopupI18n, t: TFunction): string {
  if (d.key === 'topupBank') {
    return t('ledger.topupBank', { amount: formatNumber(d.params.amount), code: d.params.code });
  }
  return t('ledger.topup', {
    method: t(`common.paymentMethod.${d.params.method}`),
    amount: providerAmount(d.params.amount, d.params.currency),
    currency: d.params.currency,
  });
}

function withNote(text: string, note: string | undefined, t: TFunction): string {
  return note ? t('ledger.withNote', { text, note }) : text;
}

/**
 * A row's description in the interface language. Rows without a translatable form (free text
 * such as an admin's note or a bank transfer's content), or with one this build does not know
 * (a newer server), show the server's text as it is.
 */
export function ledgerText(row: DescribedRow, t: TFunction, language: string): string {
  if (!row.contentI18n) {
    return row.content;
  }
  try {
    return describe(row.contentI18n, t, language) || row.content;
  } catch {
    return row.content;
  }
}
