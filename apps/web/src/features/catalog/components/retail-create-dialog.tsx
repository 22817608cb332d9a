import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PERIOD_UNITS, ZCreateRetailRequest, type PeriodUnit, type Product } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { countryName } from '@/lib/format';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateRetail } from '../api/catalog-admin';
import { useAdminCountries } from '../api/list-admin-countries';

interface RetailForm {
  price: string;
  renewPrice: string;
}

/** One more period price for a country already in the catalogue. */
export function RetailCreateDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const countries = useAdminCountries(product);
  const create = useCreateRetail(product);
  const [country, setCountry] = useState('');
  const [unit, setUnit] = useState<PeriodUnit>('day');
  const { register, handleSubmit } = useForm<RetailForm>({ defaultValues: { price: '', renewPrice: '' } });
  const submit = handleSubmit((values) => {
    const price = Number(values.price === '' ? Number.NaN : values.price);
    const renew = values.renewPrice.trim() === '' ? price : Number(values.renewPrice);
    const body = ZCreateRetailRequest.safeParse({ country, unit, price, renewPrice: renew });
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
  return (
    <FormDialog
      title={t('admin.catalog.addPriceTitle')}
      testId="retail-create-dialog"
      submitLabel={t('common.save')}
      submitTestId="retail-create-save"
      loading={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          select
          label={t('common.country')}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'retail-country' } as object } }}
        >
          {(countries.data ?? []).map((c) => (
            <MenuItem key={c.code} value={c.code}>
              {countryName(c.code, i18n.language, c.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('common.periodUnitLabel')}
          value={unit}
          onChange={(e) => setUnit(e.target.value as PeriodUnit)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'retail-unit' } as object } }}
        >
          {PERIOD_UNITS.map((u) => (
            <MenuItem key={u} value={u}>
              {t(`common.periodUnit.${u}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...muiField(register('price'))}
          type="number"
          label={t('admin.retail.price')}
          slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'retail-price' } }}
        />
        <TextField
          {...muiField(register('renewPrice'))}
          type="number"
          label={t('admin.retail.renewPrice')}
          slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'retail-renew' } }}
        />
      </Stack>
    </FormDialog>
  );
}
