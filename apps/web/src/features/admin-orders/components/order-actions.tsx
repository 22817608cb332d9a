import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PERIOD_UNITS, ZPeriod, type PeriodUnit } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { formatBalance, formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCancelOrder, useExtendOrder } from '../api/order-admin';
import type { TAdminOrder } from '../api/list-admin-orders';

/** Extending an order for free by a period. */
export function ExtendOrderDialog({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const extend = useExtendOrder(order.id);
  const [unit, setUnit] = useState<PeriodUnit>('day');
  const [value, setValue] = useState('1');
  return (
    <FormDialog
      title={t('admin.orderDetail.extendTitle', { code: order.code })}
      testId="order-extend-dialog"
      submitLabel={t('admin.orderDetail.extend')}
      submitTestId="order-extend-save"
      loading={extend.isPending}
      onClose={onClose}
      onSubmit={() => {
        const period = ZPeriod.safeParse({ unit, value: value.trim() === '' ? Number.NaN : Number(value) });
        if (!period.success) {
          notifyError(t('admin.errors.invalidNumbers'));
          return;
        }
        extend.mutate(period.data, {
          onSuccess: () => {
            notifySuccess(t('admin.orderDetail.extended'));
            onClose();
          },
        });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('admin.orderDetail.extendHelp')}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <TextField
            type="number"
            label={t('common.period')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, 'data-testid': 'order-extend-value' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label={t('common.periodUnitLabel')}
            value={unit}
            onChange={(e) => setUnit(e.target.value as PeriodUnit)}
            sx={{ flex: 1 }}
          >
            {PERIOD_UNITS.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`common.periodUnit.${u}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
    </FormDialog>
  );
}

/** Cancelling an order with a refund, proposed as the order's total. */
export function CancelOrderDialog({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelOrder(order.id);
  const [amount, setAmount] = useState(String(order.totalPrice));
  const max = formatBalance(order.totalPrice, t);
  return (
    <FormDialog
      title={t('admin.orderDetail.cancelTitle', { code: order.code })}
      testId="order-cancel-dialog"
      submitLabel={t('admin.orderDetail.cancel')}
      submitTestId="order-cancel-save"
      cancelLabel={t('admin.orderDetail.keep')}
      submitColor="error"
      loading={cancel.isPending}
      onClose={onClose}
      onSubmit={() => {
        const n = amount.trim() === '' ? Number.NaN : Number(amount);
        if (!Number.isInteger(n) || n < 0 || n > order.totalPrice) {
          notifyError(t('admin.orderDetail.refundInvalid', { max: formatNumber(order.totalPrice) }));
          return;
        }
        cancel.mutate(n, {
          onSuccess: (r) => {
            notifySuccess(
              r.refunded > 0 || n === 0
                ? t('admin.orderDetail.cancelled', { amount: formatBalance(r.refunded, t) })
                : t('admin.orderDetail.alreadyCancelled'),
            );
            onClose();
          },
        });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('admin.orderDetail.cancelHelp', { max })}
        </Typography>
        <TextField
          type="number"
          label={t('admin.orderDetail.refundAmount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          helperText={formatBalance(Number(amount) || 0, t)}
          slotProps={{ htmlInput: { min: 0, max: order.totalPrice, step: 1, 'data-testid': 'order-refund-amount' } }}
        />
      </Stack>
    </FormDialog>
  );
}
