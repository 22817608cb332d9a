import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { useMe } from '@/lib/auth';
import { formatBalance } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifySuccess } from '@/lib/notify';
import { useTransferToMember } from '../api/transfer';

/** An amount typed with or without thousands separators ("10.000", "10,000", "10000"). */
function parseAmount(text: string): number | null {
  const digits = text.replace(/[.,\s]/g, '');
  if (!/^\d{1,10}$/.test(digits)) {
    return null;
  }
  const n = Number(digits);
  return n >= 1 && n <= 1_000_000_000 ? n : null;
}

/** Coins from the owner to one member: the amount, then a confirmation that sends once. */
export function TransferDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const transfer = useTransferToMember();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  // One key per confirmation: a double click or a retry of the same confirmation moves coins once.
  const [confirming, setConfirming] = useState<{ amount: number; key: string } | null>(null);
  const amount = parseAmount(text);

  if (confirming) {
    const shown = formatBalance(confirming.amount, t);
    return (
      <ConfirmDialog
        open
        title={t('agency.transfer.confirmTitle')}
        confirmLabel={t('agency.transfer.submit')}
        loading={transfer.isPending}
        testId="agency-transfer-confirm"
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          transfer.mutate(
            { body: { email, amount: confirming.amount }, idempotencyKey: confirming.key },
            {
              onSuccess: () => {
                notifySuccess(t('agency.transfer.done', { amount: shown, email }));
                onClose();
              },
            },
          )
        }
      >
        <DialogContentText>{t('agency.transfer.confirm', { amount: shown, email })}</DialogContentText>
      </ConfirmDialog>
    );
  }
  return (
    <FormDialog
      title={t('agency.transfer.title')}
      testId="agency-transfer-dialog"
      submitLabel={t('common.continue')}
      submitTestId="agency-transfer-next"
      loading={false}
      onSubmit={() => {
        setTouched(true);
        if (amount !== null) {
          setConfirming({ amount, key: newIdempotencyKey() });
        }
      }}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label={t('agency.transfer.to')} value={email} slotProps={{ input: { readOnly: true } }} />
        <TextField
          label={t('agency.transfer.amount')}
          value={text}
          autoFocus
          inputMode="numeric"
          onChange={(e) => setText(e.target.value)}
          error={touched && amount === null}
          helperText={touched && amount === null ? t('agency.transfer.amountInvalid') : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'agency-transfer-amount' } }}
        />
        {me && (
          <Typography variant="body2" color="text.secondary">
            {t('agency.transfer.balance', { balance: formatBalance(me.balance, t) })}
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
