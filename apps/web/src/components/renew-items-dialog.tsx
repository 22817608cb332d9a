import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZPeriod, type Period, type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PeriodFields } from '@/components/period-fields';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { renewCost, unitsFor } from '@/lib/catalog/renewal';
import { formatMoney } from '@/lib/format';
import { notifyError } from '@/lib/notify';

interface RenewItemsDialogProps {
  product: Product;
  items: { country: string }[];
  pending: boolean;
  /** The dialog's own words when it renews something other than a picked selection (an order's proxies). */
  title?: string;
  message?: string;
  defaultPeriod?: Period;
  onConfirm: (period: Period) => void;
  onClose: () => void;
}

/** Renewing the chosen proxies or keys for a period, with its price (docs/money.md#renewals). */
export function RenewItemsDialog({
  product,
  items,
  pending,
  title,
  message,
  defaultPeriod,
  onConfirm,
  onClose,
}: RenewItemsDialogProps) {
  const { t, i18n } = useTranslation();
  const prices = useRetailPrices(product);
  const [period, setPeriod] = useState<Period>(defaultPeriod ?? { unit: 'day', value: 1 });
  const rows = prices.data ?? [];
  const sold = unitsFor(rows, items);
  const valid = ZPeriod.safeParse(period).success;
  const cost = renewCost(items, period, rows);

  const confirm = () => {
    if (!valid) {
      notifyError(t('dashboard.purchase.errors.periodInvalid'));
      return;
    }
    if (cost === null) {
      notifyError(t('proxies.renew.unitNotSold'));
      return;
    }
    onConfirm(period);
  };

  return (
    <ConfirmDialog
      open
      title={title ?? t('proxies.renew.title', { count: items.length })}
      confirmLabel={t('orders.renew.submit')}
      onConfirm={confirm}
      onClose={onClose}
      loading={pending}
      // The total and whether the items are still sold come with the prices: a click before them
      // would only be told the items are not sold.
      confirmDisabled={prices.isPending || items.length === 0}
      testId="proxy-renew-dialog"
    >
      <Stack spacing={2}>
        <DialogContentText>{message ?? t('proxies.renew.message', { count: items.length })}</DialogContentText>
        <PeriodFields
          units={sold.length ? sold : [period.unit]}
          value={period}
          onChange={setPeriod}
          error={valid ? undefined : t('dashboard.purchase.errors.periodInvalid')}
          testIdPrefix="proxy-renew-period"
        />
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
          <Typography color="primary" sx={{ fontWeight: 800 }} data-testid="proxy-renew-cost">
            {cost === null ? t('proxies.renew.unitNotSold') : formatMoney(cost, t, i18n.language)}
          </Typography>
        </Stack>
      </Stack>
    </ConfirmDialog>
  );
}
