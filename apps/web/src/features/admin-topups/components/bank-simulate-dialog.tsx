import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZBankSimulateRequest } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBankSimulate } from '../api/bank-simulate';

const OUTCOMES = ['credited', 'held', 'unmatched', 'already', 'duplicate', 'ignored'] as const;
type Outcome = (typeof OUTCOMES)[number];

function isOutcome(value: string): value is Outcome {
  return (OUTCOMES as readonly string[]).includes(value);
}

/**
 * The bank simulator (docs/money.md#payment-methods): a transfer into the demo account, as the bank webhook
 * would post it; a content with a customer's transfer code credits that customer.
 */
export function BankSimulateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const simulate = useBankSimulate();
  const [content, setContent] = useState('');
  const [amountText, setAmountText] = useState('100000');

  const submit = () => {
    const body = ZBankSimulateRequest.safeParse({ content, amount: Number(amountText.replace(/[.,\s]/g, '')) });
    if (!body.success) {
      notifyError(t('admin.topups.simulateInvalid'));
      return;
    }
    simulate.mutate(body.data, {
      onSuccess: ({ outcome }) => {
        notifySuccess(t(`admin.topups.outcome.${isOutcome(outcome) ? outcome : 'credited'}`));
        onClose();
      },
    });
  };

  return (
    <FormDialog
      title={t('admin.topups.simulate')}
      testId="bank-simulate-dialog"
      submitLabel={t('admin.topups.simulateSend')}
      submitTestId="simulate-submit"
      loading={simulate.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('admin.topups.simulateHelp')}</DialogContentText>
        <TextField
          label={t('topup.bank.content')}
          placeholder="NAPXXXXXX"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'simulate-content' } }}
        />
        <TextField
          label={t('admin.topups.simulateAmount')}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'simulate-amount' } }}
        />
      </Stack>
    </FormDialog>
  );
}
