import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { DiscountTier, TCountry, TRetailPrice } from '@proxy/contract';
import { Controller, useForm, useWatch, type Control, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBringIntoView } from '@/hooks/use-bring-into-view';
import { useSearchParams } from 'react-router';
import { PeriodFields } from '@/components/period-fields';
import { formatMoney, formatBalance } from '@/lib/format';
import { muiField } from '@/lib/form';
import { notifyError } from '@/lib/notify';
import { CountrySelect, firstAvailableCountry } from './country-select';
import { PriceSummary } from './price-summary';
import { ProtocolSelect } from './protocol-select';
import { RetailConfirmDialog } from './retail-confirm-dialog';
import {
  preferredUnit,
  retailOrderProblem,
  retailOrderSchema,
  retailQuote,
  retailRowFor,
  unitsFor,
  type RetailOrderProblem,
  type RetailOrderValues,
} from './retail-order';

interface RetailOrderFormProps {
  product: 'v6' | 'v4';
  countries: TCountry[];
  rows: TRetailPrice[];
  tiers: DiscountTier[];
}

/**
 * The form's first values: a choice made on the home page arrives as ?country=&unit=&value=&quantity=
 * (docs/screens.md#home), else the first country on sale, a day, one step.
 */
function useHomeChoice(countries: TCountry[], rows: TRetailPrice[]): RetailOrderValues {
  const [params] = useSearchParams();
  const defaults = useMemo((): RetailOrderValues => {
    const wanted = params.get('country');
    const country = countries.some((c) => c.code === wanted) && wanted ? wanted : firstAvailableCountry(countries);
    const unit = preferredUnit(unitsFor(rows, country), params.get('unit') as RetailOrderValues['unit']) ?? 'day';
    const row = retailRowFor(rows, country, unit);
    const value = Number(params.get('value')) || 1;
    const quantity = Number(params.get('quantity')) || (row?.quantityStep ?? 1);
    return { country, unit, value, quantity, protocol: 'http', autoRenew: false };
  }, [countries, rows, params]);
  // The form that choice filled in is what the customer came for: it is brought into view, below
  // the welcome and summary cards a phone would otherwise show first.
  useBringIntoView('purchase', params.has('country'));
  return defaults;
}

/** The price's lines under the total: the unit price, the subtotal and the discount. */
function usePriceLines(price: ReturnType<typeof retailQuote>, unit: RetailOrderValues['unit']) {
  const { t, i18n } = useTranslation();
  const money = (coins: number) => formatMoney(coins, t, i18n.language);
  const lines = price
    ? [
        {
          label: t('dashboard.purchase.price.unitPrice'),
          value: t('dashboard.purchase.price.unitPriceValue', {
            price: formatBalance(price.unitPrice, t),
            unit: t(`common.periodUnit.${unit}`).toLowerCase(),
          }),
        },
        { label: t('dashboard.purchase.price.subtotal'), value: money(price.gross) },
        {
          label: t('dashboard.purchase.price.discount', { percent: price.discountPercent }),
          value: price.discount > 0 ? `-${money(price.discount)}` : money(0),
        },
      ]
    : [];
  return lines;
}

function QuantityField({
  register,
  row,
  error,
}: {
  register: UseFormRegister<RetailOrderValues>;
  row: TRetailPrice | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      {...muiField(register('quantity', { valueAsNumber: true }))}
      type="number"
      label={t('common.quantity')}
      error={Boolean(error)}
      helperText={
        error ??
        (row ? t('dashboard.purchase.quantityHelp', { step: row.quantityStep, max: row.maxQuantity }) : undefined)
      }
      slotProps={{
        htmlInput: { min: row?.quantityStep ?? 1, step: row?.quantityStep ?? 1, 'data-testid': 'buy-quantity' },
      }}
    />
  );
}

function ProtocolAndRenew({ control }: { control: Control<RetailOrderValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <ProtocolSelect control={control} testId="buy-protocol" />
      <Controller
        control={control}
        name="autoRenew"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(_, checked) => field.onChange(checked)}
                data-testid="buy-auto-renew"
              />
            }
            label={t('dashboard.purchase.autoRenew')}
          />
        )}
      />
    </>
  );
}

/** The form and what it implies: the units the country sells, the chosen row, and the problems in words. */
function useRetailForm(countries: TCountry[], rows: TRetailPrice[]) {
  const { t } = useTranslation();
  const defaults = useHomeChoice(countries, rows);

  // The rules depend on the row of the chosen country and unit (its step and maximum).
  const resolver: Resolver<RetailOrderValues> = (values, context, options) =>
    zodResolver(retailOrderSchema(retailRowFor(rows, values.country, values.unit)))(values, context, options);

  const { control, register, handleSubmit, setValue, formState } = useForm<RetailOrderValues>({
    resolver,
    defaultValues: defaults,
    mode: 'onChange',
  });
  const values = useWatch({ control }) as RetailOrderValues;
  const units = unitsFor(rows, values.country);
  const row = retailRowFor(rows, values.country, values.unit);

  const problemText = (problem: string | undefined) =>
    problem
      ? t(`dashboard.purchase.errors.${problem as RetailOrderProblem}`, {
          step: row?.quantityStep ?? 1,
          max: row?.maxQuantity ?? 0,
        })
      : undefined;

  const chooseCountry = (code: string) => {
    setValue('country', code, { shouldValidate: true });
    const unit = preferredUnit(unitsFor(rows, code), values.unit);
    if (unit) {
      setValue('unit', unit, { shouldValidate: true });
    }
  };

  return { control, register, handleSubmit, setValue, formState, values, units, row, problemText, chooseCountry };
}

/** Country, period, quantity, protocol and auto-renew, with the live price; buying asks for confirmation. */
export function RetailOrderForm({ product, countries, rows, tiers }: RetailOrderFormProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<RetailOrderValues | null>(null);

  const { control, register, handleSubmit, setValue, formState, values, units, row, problemText, chooseCountry } =
    useRetailForm(countries, rows);
  const price = retailQuote(row, values, tiers);

  const onSubmit = handleSubmit(
    (valid) => setConfirming(valid),
    () => {
      const problem = retailOrderProblem(values, row);
      if (problem) {
        notifyError(problemText(problem) ?? '');
      }
    },
  );

  const lines = usePriceLines(price, values.unit);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} data-testid={`buy-form-${product}`}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <CountrySelect
              product={product}
              countries={countries}
              value={values.country}
              onChange={chooseCountry}
              error={problemText(formState.errors.country?.message)}
              testId="buy-country"
            />
            <PeriodFields
              units={units}
              value={{ unit: values.unit, value: values.value }}
              onChange={(period) => {
                setValue('unit', period.unit, { shouldValidate: true });
                setValue('value', period.value, { shouldValidate: true });
              }}
              error={problemText(formState.errors.value?.message ?? formState.errors.unit?.message)}
              testIdPrefix="buy-period"
            />
            <QuantityField register={register} row={row} error={problemText(formState.errors.quantity?.message)} />
            <ProtocolAndRenew control={control} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
            <PriceSummary lines={lines} total={price?.total ?? null} testId="buy-price" />
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<ShoppingCartOutlined />}
              data-testid="buy-submit"
            >
              {t('dashboard.purchase.buy')}
            </Button>
          </Stack>
        </Grid>
      </Grid>
      {confirming && price && (
        <RetailConfirmDialog
          product={product}
          values={confirming}
          total={price.total}
          countryFallback={countries.find((c) => c.code === confirming.country)?.name}
          onClose={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
