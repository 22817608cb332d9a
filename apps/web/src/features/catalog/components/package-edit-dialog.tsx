import TextField from '@mui/material/TextField';
import { ZUpdatePackageRequest, type Product } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { TAdminPackage } from '../api/list-admin-packages';
import { useUpdatePackage } from '../api/update-package';
import { CatalogEditDialog } from './catalog-edit-dialog';

interface PackageForm {
  name: string;
  /** Empty: English readers see the name. */
  nameEng: string;
  price: number;
  days: number;
  proxies: number;
  /** Empty: unlimited bandwidth (null). */
  bandwidthGb: string;
  /** Empty: the default interval (null). Keys only. */
  minIntervalSec: string;
  active: boolean;
}

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

/** The form of a package: the optional numbers as text, empty for none. */
function formOf(pkg: TAdminPackage): PackageForm {
  return {
    name: pkg.name,
    nameEng: pkg.nameEng ?? '',
    price: pkg.price,
    days: pkg.days,
    proxies: pkg.proxies,
    bandwidthGb: pkg.bandwidthGb === null ? '' : String(pkg.bandwidthGb),
    minIntervalSec: pkg.minIntervalSec === null ? '' : String(pkg.minIntervalSec),
    active: pkg.active,
  };
}

/** Editing one package: name (and its English name), price, days, proxies, bandwidth, key interval and whether it is on sale. */
export function PackageEditDialog({
  product,
  pkg,
  onClose,
}: {
  product: Product;
  pkg: TAdminPackage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdatePackage();
  const { register, control, handleSubmit } = useForm<PackageForm>({ defaultValues: formOf(pkg) });
  const submit = handleSubmit((values) => {
    const body = ZUpdatePackageRequest.safeParse({
      ...values,
      nameEng: values.nameEng.trim() === '' ? null : values.nameEng,
      bandwidthGb: optionalNumber(values.bandwidthGb),
      minIntervalSec: product === 'key' ? optionalNumber(values.minIntervalSec) : undefined,
    });
    if (!body.success) {
      notifyError(t('admin.errors.invalidNumbers'));
      return;
    }
    update.mutate(
      { product, id: pkg.id, body: body.data },
      {
        onSuccess: () => {
          notifySuccess(t('common.updated'));
          onClose();
        },
      },
    );
  });
  const number = (name: 'price' | 'days' | 'proxies', label: string) => (
    <TextField
      {...muiField(register(name, { valueAsNumber: true }))}
      type="number"
      label={label}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
    />
  );
  return (
    <CatalogEditDialog
      title={t('admin.packages.editTitle', { name: pkg.name })}
      testId="package-edit-dialog"
      saveTestId="package-save"
      control={control}
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField {...muiField(register('name'))} label={t('admin.packages.name')} />
      <TextField
        {...muiField(register('nameEng'))}
        label={t('admin.packages.nameEng')}
        helperText={t('admin.packages.nameEngHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'package-name-eng' } }}
      />
      {number('price', t('admin.retail.price'))}
      {number('days', t('admin.packages.days'))}
      {number('proxies', t('admin.packages.proxies'))}
      <TextField
        {...muiField(register('bandwidthGb'))}
        type="number"
        label={t('admin.packages.bandwidthGb')}
        helperText={t('admin.packages.bandwidthHelp')}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      {product === 'key' && (
        <TextField
          {...muiField(register('minIntervalSec'))}
          type="number"
          label={t('admin.packages.minIntervalSec')}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      )}
    </CatalogEditDialog>
  );
}
