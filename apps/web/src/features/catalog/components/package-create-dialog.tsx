import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZCreatePackageRequest, type Product } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreatePackage } from '../api/catalog-admin';

interface PackageForm {
  name: string;
  /** Empty: English readers see the name. */
  nameEng: string;
  price: string;
  days: string;
  proxies: string;
  /** Empty: unlimited bandwidth. */
  bandwidthGb: string;
  /** Empty: the default interval. Keys only. */
  minIntervalSec: string;
}

const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
const optional = (value: string) => (value.trim() === '' ? null : Number(value));

/** A new package, on sale at once. */
export function PackageCreateDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePackage(product);
  const { register, handleSubmit } = useForm<PackageForm>({
    defaultValues: { name: '', nameEng: '', price: '', days: '30', proxies: '1', bandwidthGb: '', minIntervalSec: '' },
  });
  const submit = handleSubmit((values) => {
    const body = ZCreatePackageRequest.safeParse({
      name: values.name,
      nameEng: values.nameEng.trim() === '' ? null : values.nameEng,
      price: num(values.price),
      days: num(values.days),
      proxies: num(values.proxies),
      bandwidthGb: optional(values.bandwidthGb),
      minIntervalSec: product === 'key' ? optional(values.minIntervalSec) : null,
    });
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
  const field = (name: keyof PackageForm, label: string, extra: { helperText?: string; min?: number } = {}) => (
    <TextField
      {...muiField(register(name))}
      type="number"
      label={label}
      helperText={extra.helperText}
      slotProps={{ htmlInput: { min: extra.min ?? 0, step: 1, 'data-testid': `package-${name}` } }}
    />
  );
  return (
    <FormDialog
      title={t('admin.catalog.addPackageTitle', { product: t(`common.product.${product}`) })}
      testId="package-create-dialog"
      submitLabel={t('common.save')}
      submitTestId="package-create-save"
      loading={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...muiField(register('name'))}
          label={t('admin.packages.name')}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'package-name' } }}
        />
        <TextField
          {...muiField(register('nameEng'))}
          label={t('admin.packages.nameEng')}
          helperText={t('admin.packages.nameEngHelp')}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'package-name-eng' } }}
        />
        {field('price', t('admin.retail.price'))}
        {field('days', t('admin.packages.days'), { min: 1 })}
        {field('proxies', t('admin.packages.proxies'), { min: 1 })}
        {field('bandwidthGb', t('admin.packages.bandwidthGb'), {
          helperText: t('admin.packages.bandwidthHelp'),
          min: 1,
        })}
        {product === 'key' && field('minIntervalSec', t('admin.packages.minIntervalSec'))}
      </Stack>
    </FormDialog>
  );
}
