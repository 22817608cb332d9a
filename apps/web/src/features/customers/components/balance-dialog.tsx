import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZBalanceAdjustRequest, type TAdminUser } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { formatMoney } from '@/lib/format';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAdjustBalance, type BalanceAdjustment } from '../api/adjust-balance';

/** Adding to a customer's balance, or refunding them: an amount in coins and a note. */
export function BalanceDialog({
  kind,
  user,
  onClose,
}: {
  kind: BalanceAdjustment;
  user: TAdminUser;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const adjust = useAdjustBalance();
  const { register, handleSubmit } = useForm({ defaultValues: { amount: Number.NaN, note: '' } });
  const submit = handleSubmit((values) => {
    const body = ZBalanceAdjustRequest.safeParse(values);
    if (!body.success) {
      notifyError(t('admin.customers.amountInvalid'));
      return;
    }
    adjust.mutate(
      { kind, userId: user.id, ...body.data },
      {
        onSuccess: ({ balance }) => {
          notifySuccess(t('admin.customers.balanceChanged', { balance: formatMoney(balance, t, i18n.language) }));
          onClose();
        },
      },
    );
  });
  return (
    <FormDialog
      title={t(kind === 'add' ? 'admin.customers.addTitle' : 'admin.customers.refundTitle')}
      testId="balance-dialog"
      submitLabel={t('common.confirm')}
      submitTestId="balance-submit"
      loading={adjust.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <DialogContentText>
          {t('admin.customers.balanceOf', {
            email: user.email,
            balance: user.balance === null ? '—' : formatMoney(user.balance, t, i18n.language),
          })}
        </DialogContentText>
        <TextField
          {...muiField(register('amount', { valueAsNumber: true }))}
          type="number"
          label={t('admin.customers.amount')}
          autoFocus
          slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'balance-amount' } }}
        />
        <TextField
          {...muiField(register('note'))}
          label={t('common.note')}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'balance-note' } }}
        />
      </Stack>
    </FormDialog>
  );
}
