import { useState } from 'react';
import type { ErrorData, PaymentMethod } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { amountProblemText } from './amount-field';

function aboutAmount(data: ErrorData<'VALIDATION_ERROR'> | undefined): boolean {
  return (data?.issues ?? []).some((issue) => String(issue.path).includes('amount'));
}

/**
 * A create call refused for its amount (BANKING_AMOUNT_NOT_ENOUGH {minAmount}, or a validation
 * error) is shown under the amount field; any other error is toasted as usual (docs/screens.md#error-messages).
 */
export function useServerAmountError(method: PaymentMethod) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | undefined>();
  const handleError = (error: unknown) => {
    if (isApiError(error) && error.code === 'BANKING_AMOUNT_NOT_ENOUGH') {
      const minAmount = error.dataOf('BANKING_AMOUNT_NOT_ENOUGH')?.minAmount;
      setServerError(
        minAmount !== undefined
          ? amountProblemText(t, method, { kind: 'min', minAmount })
          : t('errors.BANKING_AMOUNT_NOT_ENOUGH'),
      );
      return;
    }
    if (isApiError(error) && aboutAmount(error.dataOf('VALIDATION_ERROR'))) {
      setServerError(t('topup.amount.step'));
      return;
    }
    handleApiError(error);
  };
  return { serverError, setServerError, handleError };
}
