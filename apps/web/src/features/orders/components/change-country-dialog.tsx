import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { remainingHours, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { useCountries } from '@/lib/catalog/get-countries';
import { useRetailPrices } from '@/lib/catalog/get-retail-prices';
import { countryName, formatMoney, formatPeriod } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangeCountry } from '../api/change-country';
import { useOrderUsingExpiries } from '../api/get-order-using-proxies';
import { changeCountryQuote } from '../utils/order-amend';

type CatalogCountry = NonNullable<ReturnType<typeof useCountries>['data']>[number];

/** The other countries of the product; one out of stock is shown but cannot be chosen. */
function CountryChoice({
  others,
  value,
  onChange,
}: {
  others: CatalogCountry[];
  value: string;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = (code: string, fallback?: string) => countryName(code, i18n.language, fallback);
  return (
    <TextField
      select
      label={t('common.country')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid="change-country-country"
    >
      {others.map((c) => (
        <MenuItem key={c.code} value={c.code} disabled={!c.available} data-testid={`change-country-option-${c.code}`}>
          <ListItemText
            primary={name(c.code, c.name)}
            secondary={c.available ? undefined : t('orders.changeCountry.outOfStock')}
            sx={{ my: 0 }}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** "Change country": the order's proxies keep port and credentials and exit from another country. */
export function ChangeCountryDialog({ order, onClose }: { order: TOrder; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const countries = useCountries(order.product);
  const prices = useRetailPrices(order.product);
  const expiries = useOrderUsingExpiries(order);
  const change = useChangeCountry();
  const [now] = useState(() => Date.now());
  const [chosen, setChosen] = useState('');
  const others = (countries.data ?? []).filter((c) => c.code !== order.country);
  const country = chosen || (others.find((c) => c.available) ?? others[0])?.code || '';
  const cost =
    country && expiries.data ? changeCountryQuote(order, country, prices.data ?? [], expiries.data, now) : null;
  // The countries, their prices and the proxies to move are all needed to quote a move.
  const loading = countries.isPending || prices.isPending || expiries.isPending;
  const failed = countries.isError || prices.isError || expiries.isError;
  const name = (code: string, fallback?: string) => countryName(code, i18n.language, fallback);

  const submit = () => {
    if (!country) {
      notifyError(t('orders.changeCountry.needCountry'));
      return;
    }
    change.mutate(
      { id: order.id, country },
      {
        onSuccess: () => {
          notifySuccess(t('orders.changeCountry.success', { code: order.code, country: name(country) }));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('orders.changeCountry.title', { code: order.code })}
      testId="change-country-dialog"
      submitLabel={t('orders.changeCountry.submit')}
      submitTestId="change-country-submit"
      loading={change.isPending}
      submitDisabled={failed || cost === null || expiries.data?.length === 0}
      onSubmit={submit}
      onClose={onClose}
    >
      {loading ? (
        <PageSpinner />
      ) : failed ? (
        <Alert severity="error" data-testid="change-country-load-error">
          {t('orders.errors.catalogueFailed')}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {t('orders.changeCountry.message', {
              quantity: expiries.data?.length ?? order.quantity,
              country: name(order.country),
              remaining: formatPeriod(
                { unit: 'hour', value: order.expiresAt ? remainingHours(order.expiresAt, now) : 0 },
                t,
              ),
            })}
          </DialogContentText>
          <CountryChoice others={others} value={country} onChange={setChosen} />
          {cost !== null && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 700 }}>{t('common.total')}</Typography>
              <Typography color="primary" sx={{ fontWeight: 800 }} data-testid="change-country-total">
                {cost === 0 ? t('orders.changeCountry.free') : formatMoney(cost, t, i18n.language)}
              </Typography>
            </Stack>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
