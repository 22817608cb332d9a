import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PERIOD_UNITS, ZCreateCountryRequest, type PeriodUnit, type Product } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCountry } from '../api/catalog-admin';

type PriceFields = Record<`${PeriodUnit}Price` | `${PeriodUnit}Renew`, string>;
type CountryForm = { code: string; name: string } & PriceFields;

const blankPrices = Object.fromEntries(
  PERIOD_UNITS.flatMap((u) => [
    [`${u}Price`, ''],
    [`${u}Renew`, ''],
  ]),
) as PriceFields;

/** A new country for a product: its code, its name, and a price (and renewal price) per period it sells. */
export function CountryCreateDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCountry(product);
  const { register, handleSubmit } = useForm<CountryForm>({ defaultValues: { code: '', name: '', ...blankPrices } });
  const submit = handleSubmit((values) => {
    const prices = PERIOD_UNITS.filter((u) => values[`${u}Price`].trim() !== '').map((unit) => {
      const price = Number(values[`${unit}Price`]);
      const renew = values[`${unit}Renew`].trim();
      return { unit, price, renewPrice: renew === '' ? price : Number(renew) };
    });
    const body = ZCreateCountryRequest.safeParse({ code: values.code, name: values.name, prices });
    if (!body.success) {
      notifyError(t('admin.errors.invalidNumbers'));
      return;
    }
    create.mutate(body.data, {
      onSuccess: () => {
        notifySuccess(t('admin.catalog.added'));
        onClose();
      },
    });
  });
  const priceField = (name: keyof PriceFields, label: string) => (
    <TextField
      {...muiField(register(name))}
      type="number"
      size="small"
      label={label}
      slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': `country-${name}` } }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
  return (
    <FormDialog
      title={t('admin.catalog.addCountryTitle', { product: t(`common.product.${product}`) })}
      testId="country-create-dialog"
      submitLabel={t('common.save')}
      submitTestId="country-create-save"
      maxWidth="sm"
      loading={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...muiField(register('code'))}
            label={t('admin.catalog.countryCode')}
            slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'country-code' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            {...muiField(register('name'))}
            label={t('admin.catalog.countryName')}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'country-name' } }}
            sx={{ flex: 2 }}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('admin.catalog.pricesHelp')}
        </Typography>
        {PERIOD_UNITS.map((unit) => (
          <Stack key={unit} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ width: 72, flexShrink: 0 }}>
              {t(`common.periodUnit.${unit}`)}
            </Typography>
            {priceField(`${unit}Price`, t('admin.retail.price'))}
            {priceField(`${unit}Renew`, t('admin.catalog.renewShort'))}
          </Stack>
        ))}
      </Stack>
    </FormDialog>
  );
}
