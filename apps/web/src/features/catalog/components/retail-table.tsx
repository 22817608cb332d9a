import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import type { GridColDef } from '@mui/x-data-grid';
import { PERIOD_UNITS, type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDataGrid } from '@/components/data-grid';
import { SectionCard } from '@/components/section-card';
import { countryName, formatNumber, formatBalance } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDeleteRetail } from '../api/catalog-admin';
import { useAdminRetail, type TAdminRetail } from '../api/list-admin-retail';
import { CatalogAddButton, removeColumn, useCatalogColumns } from './catalog-columns';
import { RetailCreateDialog } from './retail-create-dialog';
import { RetailEditDialog } from './retail-edit-dialog';

function useRetailColumns(
  onEdit: (row: TAdminRetail) => void,
  onRemove: (row: TAdminRetail) => void,
): GridColDef<TAdminRetail>[] {
  const { t, i18n } = useTranslation();
  const coins = (value: number) => formatBalance(value, t);
  const catalog = useCatalogColumns<TAdminRetail>(onEdit, 'retail-edit');
  const removeLabel = t('admin.catalog.removePrice');
  return [
    catalog.edit,
    {
      field: 'country',
      headerName: t('common.country'),
      minWidth: 130,
      flex: 1,
      valueGetter: (_v, row) => countryName(row.country, i18n.language),
    },
    {
      field: 'unit',
      headerName: t('common.periodUnitLabel'),
      minWidth: 130,
      valueGetter: (_v, row) => t(`common.periodUnit.${row.unit}`),
    },
    {
      field: 'price',
      headerName: t('admin.retail.price'),
      minWidth: 120,
      valueGetter: (_v, row) => coins(row.price),
    },
    {
      field: 'renewPrice',
      headerName: t('admin.retail.renewPrice'),
      minWidth: 120,
      valueGetter: (_v, row) => coins(row.renewPrice),
    },
    {
      field: 'quantityStep',
      headerName: t('admin.retail.quantityStep'),
      minWidth: 130,
      valueGetter: (_v, row) => formatNumber(row.quantityStep),
    },
    {
      field: 'maxQuantity',
      headerName: t('admin.retail.maxQuantity'),
      minWidth: 140,
      valueGetter: (_v, row) => formatNumber(row.maxQuantity),
    },
    catalog.active,
    removeColumn<TAdminRetail>({
      title: removeLabel,
      ariaLabel: () => removeLabel,
      testId: (row) => `retail-remove-${row.country}-${row.unit}`,
      onRemove,
    }),
  ];
}

function RemoveRetailDialog({ product, row, onClose }: { product: Product; row: TAdminRetail; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteRetail(product);
  return (
    <ConfirmDialog
      open
      danger
      title={t('admin.catalog.removePrice')}
      loading={remove.isPending}
      testId="retail-remove-dialog"
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(row.id, {
          onSuccess: () => {
            notifySuccess(t('admin.catalog.removed'));
            onClose();
          },
        })
      }
    >
      <DialogContentText>
        {t('admin.catalog.removePriceMessage', {
          country: countryName(row.country, i18n.language),
          unit: t(`common.periodUnit.${row.unit}`),
        })}
      </DialogContentText>
    </ConfirmDialog>
  );
}

/** The retail prices of a product, one row per country and period unit, each editable or removable. */
export function RetailTable({ product }: { product: Product }) {
  const { t } = useTranslation();
  const retail = useAdminRetail(product);
  const [editing, setEditing] = useState<TAdminRetail | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TAdminRetail | null>(null);
  const rows = [...(retail.data ?? [])].sort(
    (a, b) => a.country.localeCompare(b.country) || PERIOD_UNITS.indexOf(a.unit) - PERIOD_UNITS.indexOf(b.unit),
  );
  const columns = useRetailColumns(setEditing, setRemoving);
  return (
    <SectionCard
      title={t('admin.retail.title')}
      testId="admin-retail"
      action={
        <CatalogAddButton onClick={() => setAdding(true)} testId="retail-add">
          {t('admin.catalog.addPrice')}
        </CatalogAddButton>
      }
    >
      <AppDataGrid
        rows={rows}
        columns={columns}
        loading={retail.isFetching}
        initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
        density="compact"
      />
      {editing && <RetailEditDialog product={product} row={editing} onClose={() => setEditing(null)} />}
      {adding && <RetailCreateDialog product={product} onClose={() => setAdding(false)} />}
      {removing && <RemoveRetailDialog product={product} row={removing} onClose={() => setRemoving(null)} />}
    </SectionCard>
  );
}
