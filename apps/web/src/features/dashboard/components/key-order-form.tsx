import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Grid from '@mui/material/Grid';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { TCountry, TPackage } from '@proxy/contract';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { paths } from '@/config/paths';
import { countryName, formatMoney, formatPeriod } from '@/lib/format';
import { muiField } from '@/lib/form';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError } from '@/lib/notify';
import { useBuyKeyPackage } from '../api/buy-key-package';
import { CountrySelect, firstAvailableCountry } from './country-select';
import { keyOrderProblem, keyOrderSchema, keyOrderTotal, type KeyOrderProblem, type KeyOrderValues } from './key-order';
import { PriceSummary } from './price-summary';
import { ProtocolSelect } from './protocol-select';
import { packageName } from '@/lib/catalog/package-name';

interface KeyOrderFormProps {
  countries: TCountry[];
  packages: TPackage[];
}

/** The key package, each with its price and period. */
function PackageField({
  control,
  packages,
  error,
}: {
  control: Control<KeyOrderValues>;
  packages: TPackage[];
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const money = (coins: number) => formatMoney(coins, t, i18n.language);
  const packageText = (p: TPackage) =>
    t('dashboard.purchase.key.packageLine', {
      price: money(p.price),
      period: formatPeriod({ unit: 'day', value: p.days }, t),
    });
  return (
    <Controller
      control={control}
      name="packageId"
      render={({ field }) => (
        <TextField
          select
          label={t('dashboard.purchase.key.package')}
          {...field}
          error={Boolean(error)}
          helperText={error}
          data-testid="buy-key-package"
        >
          {packages.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              <ListItemText primary={packageName(p, i18n.language)} secondary={packageText(p)} sx={{ my: 0 }} />
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The price's lines: the package, the price per key, the period, the protocol and the key's interval. */
function useKeyPriceLines(pkg: TPackage | undefined, protocol: KeyOrderValues['protocol']) {
  const { t, i18n } = useTranslation();
  const money = (coins: number) => formatMoney(coins, t, i18n.language);
  return pkg
    ? [
        { label: t('dashboard.purchase.key.package'), value: packageName(pkg, i18n.language) },
        { label: t('dashboard.purchase.key.pricePerKey'), value: money(pkg.price) },
        { label: t('common.period'), value: formatPeriod({ unit: 'day', value: pkg.days }, t) },
        { label: t('dashboard.purchase.protocol'), value: t(`common.protocol.${protocol}`) },
        ...(pkg.minIntervalSec
          ? [
              {
                label: t('dashboard.purchase.key.minInterval'),
                value: t('dashboard.purchase.key.seconds', { count: pkg.minIntervalSec }),
              },
            ]
          : []),
      ]
    : [];
}

/** The purchase, once confirmed: bought with the key made when the form was sent, so a retry is the same purchase. */
function KeyConfirmDialog({
  confirming,
  pkg,
  packages,
  countries,
  onClose,
}: {
  confirming: { values: KeyOrderValues; key: string };
  pkg: TPackage | undefined;
  packages: TPackage[];
  countries: TCountry[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const buy = useBuyKeyPackage();
  const { values, key } = confirming;
  const money = (coins: number) => formatMoney(coins, t, i18n.language);
  const nameOf = (id: string) => {
    const found = packages.find((p) => p.id === id);
    return found ? packageName(found, i18n.language) : '';
  };
  const confirm = () => {
    if (buy.isPending) {
      return;
    }
    buy.mutate(
      {
        packageId: values.packageId,
        body: { country: values.country, quantity: values.quantity, protocol: values.protocol },
        idempotencyKey: key,
      },
      { onSuccess: ({ order }) => void navigate(paths.app.order.success.getHref(order.id)) },
    );
  };
  return (
    <ConfirmDialog
      open
      title={t('dashboard.purchase.key.confirmTitle')}
      confirmLabel={t('dashboard.purchase.confirm.submit')}
      onConfirm={confirm}
      onClose={onClose}
      loading={buy.isPending}
      testId="buy-key-confirm"
    >
      <DialogContentText>
        {t('dashboard.purchase.key.confirmMessage', {
          quantity: values.quantity,
          name: nameOf(values.packageId),
          country: countryName(values.country, i18n.language, countries.find((c) => c.code === values.country)?.name),
          total: money(keyOrderTotal(pkg, values.quantity) ?? 0),
        })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

/** The first package, the first country on sale, one key, HTTP. */
function useKeyForm(countries: TCountry[], packages: TPackage[]) {
  const { control, register, handleSubmit, setValue, formState } = useForm<KeyOrderValues>({
    resolver: zodResolver(keyOrderSchema),
    defaultValues: {
      packageId: packages[0]?.id ?? '',
      country: firstAvailableCountry(countries),
      quantity: 1,
      protocol: 'http',
    },
    mode: 'onChange',
  });
  const values = useWatch({ control }) as KeyOrderValues;
  return { control, register, handleSubmit, setValue, formState, values };
}

/** Rotating keys: a key package, a country and how many keys; buying asks for confirmation. */
export function KeyOrderForm({ countries, packages }: KeyOrderFormProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<{ values: KeyOrderValues; key: string } | null>(null);
  const { control, register, handleSubmit, setValue, formState, values } = useKeyForm(countries, packages);
  const pkg = packages.find((p) => p.id === values.packageId);
  const total = keyOrderTotal(pkg, values.quantity);
  const priceLines = useKeyPriceLines(pkg, values.protocol);
  const problemText = (problem: string | undefined) =>
    problem ? t(`dashboard.purchase.errors.${problem as KeyOrderProblem}`) : undefined;

  const onSubmit = handleSubmit(
    (valid) => setConfirming({ values: valid, key: newIdempotencyKey() }),
    () => notifyError(problemText(keyOrderProblem(values) ?? 'quantityMin') ?? ''),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid="buy-form-key">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <PackageField
              control={control}
              packages={packages}
              error={problemText(formState.errors.packageId?.message)}
            />
            <CountrySelect
              product="key"
              countries={countries}
              value={values.country}
              onChange={(code) => setValue('country', code, { shouldValidate: true })}
              error={problemText(formState.errors.country?.message)}
              testId="buy-key-country"
            />
            <TextField
              {...muiField(register('quantity', { valueAsNumber: true }))}
              type="number"
              label={t('dashboard.purchase.key.quantity')}
              error={Boolean(formState.errors.quantity)}
              helperText={problemText(formState.errors.quantity?.message)}
              slotProps={{ htmlInput: { min: 1, step: 1, 'data-testid': 'buy-key-quantity' } }}
            />
            <ProtocolSelect control={control} testId="buy-key-protocol" />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <PriceSummary testId="buy-key-price" total={total} lines={priceLines} />
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<ShoppingCartOutlined />}
              data-testid="buy-key-submit"
            >
              {t('dashboard.purchase.buy')}
            </Button>
          </Stack>
        </Grid>
      </Grid>
      {confirming && (
        <KeyConfirmDialog
          confirming={confirming}
          pkg={pkg}
          packages={packages}
          countries={countries}
          onClose={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
