import TextField from '@mui/material/TextField';
import { ZUpdateRetailRequest, type Product } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryName } from '@/lib/format';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { TAdminRetail } from '../api/list-admin-retail';
import { useUpdateRetail } from '../api/update-retail';
import { CatalogEditDialog } from './catalog-edit-dialog';

type RetailForm = Pick<TAdminRetail, 'price' | 'renewPrice' | 'quantityStep' | 'maxQuantity' | 'active'>;

/** Editing one retail row: prices, quantity step and maximum, and whether it is on sale. */
export function RetailEditDialog({
  product,
  row,
  onClose,
}: {
  product: Product;
  row: TAdminRetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateRetail();
  const { register, control, handleSubmit } = useForm<RetailForm>({
    defaultValues: {
      price: row.price,
      renewPrice: row.renewPrice,
      quantityStep: row.quantityStep,
      maxQuantity: row.maxQuantity,
      active: row.active,
    },
  });
  const submit = handleSubmit((values) => {
    const body = ZUpdateRetailRequest.safeParse(values);
    if (!body.success) {
      notifyError(t('admin.errors.invalidNumbers'));
      return;
    }
    update.mutate(
      { product, id: row.id, body: body.data },
      {
        onSuccess: () => {
          notifySuccess(t('common.updated'));
          onClose();
        },
      },
    );
  });
  const number = (name: Exclude<keyof RetailForm, 'active'>, label: string) => (
    <TextField
      {...muiField(register(name, { valueAsNumber: true }))}
      type="number"
      label={label}
      slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': `retail-${name}` } }}
    />
  );
  return (
    <CatalogEditDialog
      title={t('admin.retail.editTitle', {
        country: countryName(row.country, i18n.language),
        unit: t(`common.periodUnit.${row.unit}`),
      })}
      testId="retail-edit-dialog"
      saveTestId="retail-save"
      control={control}
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {number('price', t('admin.retail.price'))}
      {number('renewPrice', t('admin.retail.renewPrice'))}
      {number('quantityStep', t('admin.retail.quantityStep'))}
      {number('maxQuantity', t('admin.retail.maxQuantity'))}
    </CatalogEditDialog>
  );
}
