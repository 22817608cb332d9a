import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TBill, type TPaymentMethodInfo } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { notifySuccess } from '@/lib/notify';
import { useBill } from '@/lib/payments/get-bill';
import { useCreateTopup } from '../api/create-topup';
import { amountInputText, checkAmount, parseAmountInput } from '../utils/amount';
import { suggestedAmount } from '../utils/suggested-amount';
import { AmountField, amountProblemText } from './amount-field';
import { InfoRow } from './info-row';
import { QrImage } from './qr-image';
import { useServerAmountError } from './use-server-amount-error';
import { formatNumber } from '@/lib/format';

interface BankTransferPanelProps {
  bill: TBill;
  info?: TPaymentMethodInfo;
  /** Coins to pre-fill (rounded up to what the method accepts): what a refused charge lacked. */
  wantedCoins?: number | null;
}

type Bill = BankTransferPanelProps['bill'];

/** The account to pay into and the transfer code, with the VietQR (carrying the amount once one is typed). */
function TransferDetails({
  current,
  bank,
  qrAmount,
}: {
  current: Bill;
  bank: NonNullable<Bill['bank']>;
  qrAmount: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          {current.qrPayload ? (
            <QrImage
              payload={current.qrPayload}
              alt={t('topup.bank.qrAlt', { code: current.codeBill })}
              testId="topup-qr"
            />
          ) : (
            <Alert severity="warning">{t('topup.bank.noQr')}</Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {qrAmount ? t('topup.bank.qrWithAmount') : t('topup.bank.qrHint')}
          </Typography>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Box>
          <InfoRow label={t('topup.bank.bankName')} value={bank.bankName} testId="topup-bank-name" />
          <InfoRow
            label={t('topup.bank.accountNumber')}
            value={bank.accountNumber}
            copy={bank.accountNumber}
            testId="topup-account-number"
          />
          <InfoRow
            label={t('topup.bank.accountName')}
            value={bank.accountName}
            copy={bank.accountName}
            testId="topup-account-name"
          />
          <InfoRow
            label={t('topup.bank.content')}
            value={current.codeBill}
            copy={current.codeBill}
            testId="topup-code-bill"
            strong
          />
          {qrAmount !== undefined && (
            <InfoRow
              label={t('topup.bank.amount')}
              value={`${formatNumber(qrAmount)} VND`}
              copy={String(qrAmount)}
              testId="topup-bank-amount"
            />
          )}
        </Box>
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('topup.bank.contentWarning', { code: current.codeBill })}
        </Alert>
      </Grid>
    </Grid>
  );
}

/**
 * Bank transfer (docs/money.md#payment-methods): the site's account and the user's fixed transfer code,
 * with a VietQR that carries the code, and the amount too once one is typed.
 */
export function BankTransferPanel({ bill, info, wantedCoins }: BankTransferPanelProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() =>
    wantedCoins ? amountInputText('bank', suggestedAmount('bank', wantedCoins, info)) : '',
  );
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateTopup();
  const { serverError, setServerError, handleError } = useServerAmountError('bank');
  const coins = parseAmountInput('bank', text);
  const problem = checkAmount('bank', coins, info);
  const qrAmount = useDebouncedValue(problem === null && coins !== null ? coins : undefined, 300);
  const withAmount = useBill(qrAmount);
  const current = withAmount.data ?? bill;
  const bank = current.bank;
  const showError = submitted && problem ? amountProblemText(t, 'bank', problem) : serverError;

  const submit = () => {
    setSubmitted(true);
    setServerError(undefined);
    if (problem || coins === null) {
      return;
    }
    create.mutate(
      { method: 'bank', amount: coins },
      { onSuccess: () => notifySuccess(t('topup.bank.orderCreated')), onError: handleError },
    );
  };

  if (!bank) {
    return <Alert severity="info">{t('topup.bank.unavailable')}</Alert>;
  }

  return (
    <Stack spacing={2} data-testid="topup-bank">
      {bill.simulator && (
        <Alert severity="info" data-testid="topup-simulator">
          {t('topup.bank.simulator')}
        </Alert>
      )}
      <TransferDetails current={current} bank={bank} qrAmount={qrAmount} />
      <Stack spacing={1.5} sx={{ maxWidth: 560 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          {t('topup.bank.amountTitle')}
        </Typography>
        <AmountField
          method="bank"
          info={info}
          text={text}
          onTextChange={(value) => {
            setText(value);
            setServerError(undefined);
          }}
          error={showError}
        />
        <Typography variant="body2" color="text.secondary">
          {t('topup.bank.orderHint')}
        </Typography>
        <Box>
          <Button variant="contained" onClick={submit} loading={create.isPending} data-testid="topup-bank-create">
            {t('topup.bank.createOrder')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
