import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_MIN_COINS, promotionBonus, type PaymentMethod, type TPaymentMethodInfo } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatInCurrency } from '@/lib/format';
import { useSiteInfo } from '@/lib/site-info';
import {
  amountInputText,
  checkAmount,
  currencyOf,
  parseAmountInput,
  presetAmounts,
  type AmountProblem,
} from '../utils/amount';

/** The translated text of an amount problem, in the method's currency. */
export function amountProblemText(t: TFunction, method: PaymentMethod, problem: AmountProblem): string {
  switch (problem.kind) {
    case 'required':
      return t('topup.amount.required');
    case 'invalid':
      return t('topup.amount.invalid');
    case 'min':
      return t('topup.amount.min', { min: formatInCurrency(method, problem.minAmount) });
    case 'step':
      return t('topup.amount.step');
    case 'max':
      return t('topup.amount.max', { max: formatInCurrency(method, problem.maxAmount) });
  }
}

interface AmountFieldProps {
  method: PaymentMethod;
  info?: TPaymentMethodInfo;
  text: string;
  onTextChange: (text: string) => void;
  /** Shown under the field (after a submit, or from the server). */
  error?: string;
  label?: string;
}

/**
 * The amount in the method's currency, quick choices, and what it credits: coins, and the
 * promotion bonus the site's tiers add (docs/money.md#promotions).
 */
export function AmountField({ method, info, text, onTextChange, error, label }: AmountFieldProps) {
  const { t } = useTranslation();
  const { promotion } = useSiteInfo();
  const currency = currencyOf(method);
  const coins = parseAmountInput(method, text);
  const valid = checkAmount(method, coins, info) === null && coins !== null;
  const bonus = valid ? promotionBonus(coins, promotion) : 0;
  const hint = t('topup.amount.minHint', {
    min: formatInCurrency(method, info?.minAmount ?? PAYMENT_MIN_COINS[method]),
  });

  return (
    <Stack spacing={1}>
      <TextField
        label={label ?? t('topup.amount.label', { currency })}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? hint}
        slotProps={{
          input: {
            startAdornment: currency === 'USD' ? <InputAdornment position="start">$</InputAdornment> : undefined,
            endAdornment: currency === 'VND' ? <InputAdornment position="end">VND</InputAdornment> : undefined,
          },
          htmlInput: { inputMode: currency === 'USD' ? 'decimal' : 'numeric', 'data-testid': 'topup-amount' },
        }}
        fullWidth
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {presetAmounts(method).map((preset) => (
          <Chip
            key={preset}
            label={formatInCurrency(method, preset)}
            variant={coins === preset ? 'filled' : 'outlined'}
            color={coins === preset ? 'primary' : 'default'}
            onClick={() => onTextChange(amountInputText(method, preset))}
            data-testid="topup-amount-preset"
          />
        ))}
      </Stack>
      {valid && (
        <Typography variant="body2" color="text.secondary" data-testid="topup-amount-credit">
          {t('topup.amount.credit', { coins: formatBalance(coins, t) })}
          {bonus > 0 && (
            <Typography component="span" variant="body2" color="success.main" sx={{ fontWeight: 600 }}>
              {' '}
              {t('topup.amount.bonus', { bonus: formatBalance(bonus, t) })}
            </Typography>
          )}
        </Typography>
      )}
    </Stack>
  );
}
