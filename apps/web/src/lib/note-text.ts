import { ERROR_CODES, formatDateTime, type ErrorCode, type THeldReasonI18n, type TOrderLogI18n } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { storedPackageName } from './catalog/package-name';
import { countryName, formatNumber, formatPeriod, formatBalance } from './format';

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/** An error code in words, or the code itself when this build does not know it. */
function errorText(code: string, t: TFunction): string {
  return isErrorCode(code) ? t(`errors.${code}`, { remainTime: 0 }) : code;
}

function describeLog(d: TOrderLogI18n, t: TFunction, language: string): string {
  switch (d.key) {
    case 'package':
      return storedPackageName(d.params.name, d.params.nameEng, language);
    case 'renew':
      return t(d.params.auto ? 'notes.orderLog.renewAuto' : 'notes.orderLog.renewManual', {
        period: formatPeriod(d.params.period, t),
      });
    case 'renewProxies':
    case 'renewKeys':
      return t(`notes.orderLog.${d.key}`, {
        count: d.params.count,
        n: formatNumber(d.params.count),
        period: formatPeriod(d.params.period, t),
      });
    case 'bandwidth':
      return t('notes.orderLog.bandwidth', { gb: formatNumber(d.params.gb) });
    case 'increaseAmount':
      return failed(
        t('notes.orderLog.increaseAmount', {
          quantity: formatNumber(d.params.quantity),
          period: formatPeriod({ unit: 'hour', value: d.params.hours }, t),
        }),
        d.params.error,
        t,
      );
    case 'changeCountry':
      return failed(
        t('notes.orderLog.changeCountry', {
          from: countryName(d.params.from, language),
          to: countryName(d.params.to, language),
        }),
        d.params.error,
        t,
      );
    case 'autoRenewFailed':
      return failed(t('notes.orderLog.autoRenewFailed'), d.params.error, t);
    case 'adminExtend':
      return t('notes.orderLog.adminExtend', {
        count: formatNumber(d.params.count),
        period: formatPeriod(d.params.period, t),
      });
    case 'adminCancel':
      return t('notes.orderLog.adminCancel', {
        count: formatNumber(d.params.count),
        refund: formatBalance(d.params.refund, t),
      });
  }
}

function failed(text: string, error: string | undefined, t: TFunction): string {
  return error ? t('notes.orderLog.failed', { text, error: errorText(error, t) }) : text;
}

/**
 * An order-log note in the interface language. Notes without a translatable form (older rows)
 * or with one this build does not know show the server's text as it is.
 */
export function orderLogNote(
  log: { note: string; noteI18n?: TOrderLogI18n | null },
  t: TFunction,
  language: string,
): string {
  if (!log.noteI18n) {
    return log.note;
  }
  try {
    return describeLog(log.noteI18n, t, language) || log.note;
  } catch {
    return log.note;
  }
}

function describeHeld(d: THeldReasonI18n, t: TFunction): string {
  switch (d.key) {
    case 'unmatched':
    case 'ambiguous':
    case 'noProviderTxn':
      return t(`notes.held.${d.key}`);
    case 'amount':
      return t('notes.held.amount', d.params);
    case 'currency':
    case 'payee':
      return t(`notes.held.${d.key}`, d.params);
    case 'belowMinimum':
      return t('notes.held.belowMinimum', { min: formatNumber(d.params.min) });
    case 'paidAfter':
      return t('notes.held.paidAfter', {
        status: t(`common.topupStatus.${d.params.status}`, { defaultValue: d.params.status }),
      });
    case 'transferType':
      return t('notes.held.transferType', d.params);
    case 'markedPaid':
      return t('notes.held.markedPaid', { at: formatDateTime(d.params.at) });
  }
}

/** Why a payment is held, in the interface language; the server's text when there is no key. */
export function heldReasonText(
  row: { heldReason: string | null; heldReasonI18n?: THeldReasonI18n | null },
  t: TFunction,
): string {
  if (!row.heldReasonI18n) {
    return row.heldReason ?? '';
  }
  try {
    return describeHeld(row.heldReasonI18n, t) || (row.heldReason ?? '');
  } catch {
    return row.heldReason ?? '';
  }
}
