import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZBalanceAdjustRequest, type TAdminUser } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="balance-dialog">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle>{t(kind === 'add' ? 'admin.customers.addTitle' : 'admin.customers.refundTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {t('admin.customers.balanceOf', {
                email: user.email,
                balance: formatMoney(user.balance, t, i18n.language),
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={adjust.isPending} data-testid="balance-submit">
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
