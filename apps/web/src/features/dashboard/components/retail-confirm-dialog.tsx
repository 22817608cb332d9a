import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { countryName, formatMoney, formatPeriod } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useBuyRetail } from '../api/buy-retail';
import { toBuyRetailRequest, type RetailOrderValues } from './retail-order';

interface RetailConfirmDialogProps {
  product: 'v6' | 'v4';
  values: RetailOrderValues;
  total: number;
  countryFallback?: string;
  onClose: () => void;
}

/** The purchase summary; confirming buys once (one Idempotency-Key per dialog) and opens the success page. */
export function RetailConfirmDialog({ product, values, total, countryFallback, onClose }: RetailConfirmDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const buy = useBuyRetail();
  // Kept while the dialog is open: a second click or a retry after a network error is the same purchase.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const confirm = () => {
    if (buy.isPending) {
      return;
    }
    buy.mutate(
      { product, body: toBuyRetailRequest(values), idempotencyKey },
      { onSuccess: ({ order }) => void navigate(paths.app.order.success.getHref(order.id)) },
    );
  };

  const rows: [string, string][] = [
    [t('dashboard.purchase.confirm.product'), t(`common.product.${product}`)],
    [t('common.country'), countryName(values.country, i18n.language, countryFallback)],
    [t('common.period'), formatPeriod({ unit: values.unit, value: values.value }, t)],
    [t('common.quantity'), String(values.quantity)],
    [t('dashboard.purchase.protocol'), t(`common.protocol.${values.protocol}`)],
    [t('dashboard.purchase.autoRenew'), values.autoRenew ? t('common.on') : t('common.off')],
  ];

  return (
    <ConfirmDialog
      open
      title={t('dashboard.purchase.confirm.title')}
      confirmLabel={t('dashboard.purchase.confirm.submit')}
      onConfirm={confirm}
      onClose={onClose}
      loading={buy.isPending}
      testId="buy-confirm"
    >
      <DialogContentText sx={{ mb: 2 }}>{t('dashboard.purchase.confirm.message')}</DialogContentText>
      <Stack spacing={0.75}>
        {rows.map(([label, value]) => (
          <Stack key={label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography color="text.secondary">{label}</Typography>
            <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>{value}</Typography>
          </Stack>
        ))}
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, pt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
          <Typography color="primary" sx={{ fontWeight: 800, textAlign: 'right' }} data-testid="buy-confirm-total">
            {formatMoney(total, t, i18n.language)}
          </Typography>
        </Stack>
      </Stack>
    </ConfirmDialog>
  );
}
