import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PaymentMethod, TPaymentMethodInfo, TTopupDetail } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { navigateToUrl, safeHttpUrl } from '@/lib/safe-navigate';
import { useCreateTopup } from '../api/create-topup';
import { rememberPerfectMoneyTopup } from '../utils/return-params';
import { amountInputText, checkAmount, parseAmountInput } from '../utils/amount';
import { suggestedAmount } from '../utils/suggested-amount';
import { AmountField, amountProblemText } from './amount-field';
import { PendingPayment } from './pending-payment';
import { PerfectMoneyForm } from './perfect-money-form';
import { useServerAmountError } from './use-server-amount-error';

type ProviderMethod = Exclude<PaymentMethod, 'bank'>;

/** Methods whose page the payer is sent to at once; MoMo and USDT show their QR here instead. */
const REDIRECTS: readonly ProviderMethod[] = ['paypal', 'card', 'bytepay', 'tazapay'];

interface ProviderPanelProps {
  method: ProviderMethod;
  info?: TPaymentMethodInfo;
  /** Coins to pre-fill (rounded up to what the method accepts): what a refused charge lacked. */
  wantedCoins?: number | null;
  onStep: (step: number) => void;
}

/** Tazapay asks for the payer's country (two letters). */
function CountryField({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('topup.provider.country')}
      value={value}
      onChange={(event) => onChange(event.target.value.toUpperCase().slice(0, 2))}
      error={invalid}
      helperText={invalid ? t('topup.provider.countryInvalid') : t('topup.provider.countryHint')}
      slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'topup-country' } }}
      sx={{ maxWidth: 240 }}
    />
  );
}

/** On the way to the provider's checkout, with a link in case the browser does not follow. */
function Redirecting({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="topup-redirecting">
      <Typography color="text.secondary">{t('topup.provider.redirecting')}</Typography>
      <Link href={url}>{t('topup.provider.continue')}</Link>
    </Stack>
  );
}

/** Creates the top-up, then goes on as the method wants: its form, its checkout page, or its instructions. */
function useStartTopup(
  method: ProviderMethod,
  onStep: (step: number) => void,
  setCreated: (topup: TTopupDetail) => void,
  onError: (error: unknown) => void,
) {
  const create = useCreateTopup();
  const start = (coins: number, country: string | undefined) =>
    create.mutate(
      { method, amount: coins, country },
      {
        onSuccess: (topup) => {
          setCreated(topup);
          onStep(2);
          if (topup.instructions.form) {
            rememberPerfectMoneyTopup(topup.id);
          } else if (REDIRECTS.includes(method)) {
            navigateToUrl(topup.instructions.redirectUrl);
          }
        },
        onError,
      },
    );
  return { create, start };
}

/** Any method but the bank: amount → create → the provider's page, form, QR or address. */
export function ProviderPanel({ method, info, onStep, wantedCoins }: ProviderPanelProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() =>
    wantedCoins ? amountInputText(method, suggestedAmount(method, wantedCoins, info)) : '',
  );
  const [country, setCountry] = useState(i18n.language === 'vi' ? 'VN' : 'US');
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<TTopupDetail | null>(null);
  const { serverError, setServerError, handleError } = useServerAmountError(method);
  const { create, start } = useStartTopup(method, onStep, setCreated, handleError);
  const coins = parseAmountInput(method, text);
  const problem = checkAmount(method, coins, info);
  const countryValid = /^[A-Za-z]{2}$/.test(country.trim());
  // Only an http(s) checkout URL is ever opened (lib/safe-navigate).
  const redirectUrl = safeHttpUrl(created?.instructions.redirectUrl);
  const redirecting = created !== null && redirectUrl !== null && REDIRECTS.includes(method);

  const submit = () => {
    setSubmitted(true);
    setServerError(undefined);
    if (problem || coins === null || (method === 'tazapay' && !countryValid)) {
      return;
    }
    start(coins, method === 'tazapay' ? country.trim().toUpperCase() : undefined);
  };

  const reset = () => {
    setCreated(null);
    setSubmitted(false);
    onStep(1);
  };

  if (created?.instructions.form && safeHttpUrl(created.instructions.form.action)) {
    return <PerfectMoneyForm form={created.instructions.form} />;
  }
  if (redirecting) {
    return <Redirecting url={redirectUrl} />;
  }
  if (created) {
    return <PendingPayment topup={created} onReset={reset} />;
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }} data-testid={`topup-panel-${method}`}>
      <Typography color="text.secondary">{t(`topup.provider.intro.${method}`)}</Typography>
      <AmountField
        method={method}
        info={info}
        text={text}
        onTextChange={(value) => {
          setText(value);
          setServerError(undefined);
        }}
        error={submitted && problem ? amountProblemText(t, method, problem) : serverError}
      />
      {method === 'tazapay' && (
        <CountryField value={country} onChange={setCountry} invalid={submitted && !countryValid} />
      )}
      {method === 'usdt' && <Alert severity="info">{t('topup.usdt.note')}</Alert>}
      <Box>
        <Button variant="contained" onClick={submit} loading={create.isPending} data-testid="topup-submit">
          {t('topup.provider.pay', { method: t(`common.paymentMethod.${method}`) })}
        </Button>
      </Box>
    </Stack>
  );
}
