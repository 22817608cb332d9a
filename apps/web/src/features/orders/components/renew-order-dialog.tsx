import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZPeriod, type Period, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PeriodFields } from '@/components/period-fields';
import { usePackages } from '@/lib/catalog/get-packages';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { orderPackageName } from '@/lib/catalog/package-name';
import { formatMoney, formatPeriod } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRenewOrder } from '../api/renew-order';
import { isRetailOrder, renewalEstimate } from '../utils/order-renewal';

/**
 * Renewing one expired order. A retail order chooses its period (its own by default) and shows
 * the price; a package or key order renews by its package.
 */
export function RenewOrderDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const retail = isRetailOrder(order);
  const prices = useRetailPrices(order.product, retail);
  const packages = usePackages(order.product, !retail);
  const renew = useRenewOrder();
  const [period, setPeriod] = useState<Period>(order.period);
  const units = (prices.data ?? []).filter((r) => r.country === order.country).map((r) => r.unit);
  const periodValid = ZPeriod.safeParse(period).success;
  const estimate = renewalEstimate(order, retail ? period : undefined, prices.data ?? [], packages.data ?? []);

  const confirm = () => {
    if (retail && !periodValid) {
      notifyError(t('dashboard.purchase.errors.periodInvalid'));
      return;
    }
    renew.mutate(
      { id: order.id, period: retail ? period : undefined },
      {
        onSuccess: () => {
          notifySuccess(t('orders.renew.success', { code: order.code }));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={t('orders.renew.title', { code: order.code })}
      confirmLabel={t('orders.renew.submit')}
      onConfirm={confirm}
      onClose={onClose}
      loading={renew.isPending}
      testId="renew-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>
          {retail
            ? t('orders.renew.retailMessage', { quantity: order.quantity })
            : t('orders.renew.packageMessage', {
                name: orderPackageName(order, i18n.language),
                period: formatPeriod(order.period, t),
              })}
        </DialogContentText>
        {retail && (
          <PeriodFields
            units={units.length ? units : [order.period.unit]}
            value={period}
            onChange={setPeriod}
            error={periodValid ? undefined : t('dashboard.purchase.errors.periodInvalid')}
            testIdPrefix="renew-period"
          />
        )}
        {estimate !== null && (
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('orders.renew.estimate')}</Typography>
            <Typography color="primary" sx={{ fontWeight: 800 }} data-testid="renew-estimate">
              {formatMoney(estimate, t, i18n.language)}
            </Typography>
          </Stack>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
