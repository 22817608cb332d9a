import DialogContentText from '@mui/material/DialogContentText';
import type { TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useRenewOrders } from '../api/renew-orders';

/** Renewing the chosen expired orders, each by its own period: all of them or none. */
export function RenewSelectedDialog({ orders, onDone }: { orders: TOrder[]; onDone: (renewed: boolean) => void }) {
  const { t } = useTranslation();
  const renew = useRenewOrders();
  const confirm = () =>
    renew.mutate(
      { listOrderId: orders.map((o) => o.id) },
      {
        onSuccess: () => {
          notifySuccess(t('orders.renewSelected.success', { count: orders.length }));
          onDone(true);
        },
      },
    );
  return (
    <ConfirmDialog
      open
      title={t('orders.renewSelected.title')}
      confirmLabel={t('orders.renew.submit')}
      onConfirm={confirm}
      onClose={() => onDone(false)}
      loading={renew.isPending}
      testId="renew-selected-dialog"
    >
      <DialogContentText>
        {t('orders.renewSelected.message', { count: orders.length, codes: orders.map((o) => o.code).join(', ') })}
      </DialogContentText>
    </ConfirmDialog>
  );
}
