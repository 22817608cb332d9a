import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { useBandwidthPrice } from '@/lib/catalog/get-bandwidth-price';
import { formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { fieldFromNumber, numberFromField } from '@/lib/form';
import { useIncreaseBandwidth } from '../api/increase-bandwidth';
import { bandwidthProblem } from '../utils/order-renewal';

/** Extra bandwidth for a package order, priced per GB, within the site's maximum. */
export function BandwidthDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const price = useBandwidthPrice();
  const increase = useIncreaseBandwidth();
  const [gb, setGb] = useState(1);
  const current = order.bandwidthGb ?? 0;
  const problem = price.data ? bandwidthProblem(current, gb, price.data.maxGb) : null;
  // docs/product-rules.md#purchases: "Bandwidth has reached its maximum" is the server's BANDWIDTH_MAX text too.
  const problemText =
    problem === 'bandwidthMax' ? t('errors.BANDWIDTH_MAX') : problem ? t('orders.bandwidth.invalid') : undefined;

  const confirm = () => {
    if (problemText) {
      notifyError(problemText);
      return;
    }
    increase.mutate(
      { id: order.id, bandwidth: gb },
      {
        onSuccess: ({ bandwidthGb }) => {
          notifySuccess(t('orders.bandwidth.success', { gb: bandwidthGb }));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={t('orders.bandwidth.title', { code: order.code })}
      onConfirm={confirm}
      onClose={onClose}
      loading={increase.isPending}
      testId="bandwidth-dialog"
    >
      {price.isPending ? (
        <PageSpinner />
      ) : !price.data ? (
        <DialogContentText>{t('orders.bandwidth.notSold')}</DialogContentText>
      ) : (
        <Stack spacing={2}>
          <DialogContentText>
            {t('orders.bandwidth.message', {
              current,
              max: price.data.maxGb,
              price: formatMoney(price.data.pricePerGb, t, i18n.language),
            })}
          </DialogContentText>
          <TextField
            type="number"
            label={t('orders.bandwidth.extra')}
            value={fieldFromNumber(gb)}
            onChange={(event) => setGb(numberFromField(event.target.value))}
            error={Boolean(problemText)}
            helperText={problemText}
            slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'bandwidth-gb' } }}
          />
          {!problem && (
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
              <Typography color="primary" sx={{ fontWeight: 800 }}>
                {formatMoney(price.data.pricePerGb * gb, t, i18n.language)}
              </Typography>
            </Stack>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
