import type { i18n as I18n } from 'i18next';
import { ApiError } from './api-error';

/** docs/screens.md#error-messages: a message carrying the Vietnamese word for time is a raw transaction notice. */
const VIETNAMESE_TIME_WORD = 'thời gian';

/** A `data.reason` that names a more precise text than its code's (in the `error` table). */
const REASON_TEXT: Partial<Record<string, 'error.noFreeAddress' | 'error.supplierRefused'>> = {
  noFreeAddress: 'error.noFreeAddress',
  supplierRefused: 'error.supplierRefused',
};

/** The `reason` of the answer's data (docs/wire-contract.md#errors), when its code carries one. */
function reasonOf(error: ApiError | null): string | undefined {
  const data = error?.knownData;
  return data && 'reason' in data ? data.reason : undefined;
}

export type ErrorTranslator = (error: unknown) => string | null;

/**
 * The texts of failed calls (docs/screens.md#error-messages), in the language of `i18n`. It answers null when
 * the failure must stay silent: INVALID_TOKEN is shown only the first time (its counter moves
 * from 1 to 2).
 */
export function createErrorTranslator(i18n: Pick<I18n, 't' | 'language'>): ErrorTranslator {
  let invalidTokenCounter = 1;
  return (error) => {
    const apiError = error instanceof ApiError ? error : null;
    const code = apiError?.code ?? '';

    if (code === 'INVALID_TOKEN') {
      if (invalidTokenCounter !== 1) {
        return null;
      }
      invalidTokenCounter = 2;
      return i18n.t('errors.INVALID_TOKEN');
    }
    if (code.toLowerCase().includes(VIETNAMESE_TIME_WORD)) {
      return i18n.language === 'vi' ? code : i18n.t('error.transactionNotExists');
    }
    const known = apiError?.knownCode;
    const precise = REASON_TEXT[reasonOf(apiError) ?? ''];
    if (known && precise) {
      return i18n.t(precise);
    }
    if (known === 'MAINTENANCE') {
      // The site's own notice, in the reader's language, after the fixed text (docs/screens.md#maintenance).
      const data = apiError?.dataOf('MAINTENANCE');
      const notice = i18n.language === 'en' ? data?.messageEng : data?.message;
      return notice ? `${i18n.t('errors.MAINTENANCE')}. ${notice}` : i18n.t('errors.MAINTENANCE');
    }
    if (known) {
      return i18n.t(`errors.${known}`, { remainTime: apiError?.remainTime ?? 0 });
    }
    return i18n.t('error.contactAdmin');
  };
}
