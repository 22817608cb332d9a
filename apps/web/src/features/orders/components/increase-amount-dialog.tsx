import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { useDiscountTiers } from '@/lib/catalog/get-discount-tiers';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { countryName, formatMoney, formatPeriod } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { fieldFromNumber, numberFromField } from '@/lib/form';
import { useIncreaseAmount } from '../api/increase-amount';
import { increaseAmountQuote } from '../utils/order-amend';

/** The amount typed (one step until then) and its price for the hours the order has left, or why it cannot be. */
function useIncreaseQuote(order: TOrder) {
  const { t } = useTranslation();
  const prices = useRetailPrices(order.product);
  const tiers = useDiscountTiers(order.product);
  // The price is for whole hours, so the moment the dialog opened is precise enough.
  const [now] = useState(() => Date.now());
  const [typed, setTyped] = useState<number | null>(null);
  const loading = prices.isPending || tiers.isPending;
  // A failed load is not "not sold": without the catalogue there is no price to agree to.
  const failed = prices.isError || tiers.isError;
  const step = prices.data?.find((r) => r.country === order.country && r.unit === order.period.unit)?.quantityStep;
  // One step until the customer types: the smallest amount the order can take.
  const amount = typed ?? step ?? 1;
  const quote = increaseAmountQuote(order, amount, prices.data ?? [], tiers.data ?? [], now);
  const problemText = quote.problem
    ? t(`orders.increaseAmount.${quote.problem}`, {
        step: quote.row?.quantityStep ?? 1,
        max: quote.row?.maxQuantity ?? 0,
      })
    : undefined;
  return { loading, failed, amount, setTyped, quote, problemText };
}

/** "Add proxies": more proxies on a using retail order, priced for the hours it has left. */
export function IncreaseAmountDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { loading, failed, amount, setTyped, quote, problemText } = useIncreaseQuote(order);
  const increase = useIncreaseAmount();

  const submit = () => {
    if (problemText) {
      notifyError(problemText);
      return;
    }
    increase.mutate(
      { id: order.id, amount },
      {
        onSuccess: (done) => {
          notifySuccess(t('orders.increaseAmount.success', { code: order.code, quantity: done.order.quantity }));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('orders.increaseAmount.title', { code: order.code })}
      testId="increase-amount-dialog"
      submitLabel={t('orders.increaseAmount.submit')}
      submitTestId="increase-amount-submit"
      loading={increase.isPending}
      submitDisabled={loading || failed || !quote.row}
      onSubmit={submit}
      onClose={onClose}
    >
      {loading ? (
        <PageSpinner />
      ) : failed ? (
        <Alert severity="error" data-testid="increase-amount-load-error">
          {t('orders.errors.catalogueFailed')}
        </Alert>
      ) : !quote.row ? (
        <DialogContentText>{t('orders.increaseAmount.notSold')}</DialogContentText>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {t('orders.increaseAmount.message', {
              quantity: order.quantity,
              country: countryName(order.country, i18n.language),
              step: quote.row.quantityStep,
              max: quote.row.maxQuantity,
              remaining: formatPeriod({ unit: 'hour', value: quote.hours }, t),
            })}
          </DialogContentText>
          <TextField
            type="number"
            label={t('orders.increaseAmount.amount')}
            value={fieldFromNumber(amount)}
            onChange={(event) => setTyped(numberFromField(event.target.value))}
            error={Boolean(problemText)}
            helperText={problemText}
            slotProps={{
              htmlInput: {
                min: quote.row.quantityStep,
                step: quote.row.quantityStep,
                'data-testid': 'increase-amount-amount',
              },
            }}
          />
          {!quote.problem && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
              <Typography color="primary" sx={{ fontWeight: 800 }} data-testid="increase-amount-total">
                {formatMoney(quote.total, t, i18n.language)}
              </Typography>
            </Stack>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
