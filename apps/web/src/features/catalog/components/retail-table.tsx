import { useState } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { GridColDef } from '@mui/x-data-grid';
import { PERIOD_UNITS, type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDataGrid } from '@/components/data-grid';
import { countryName, formatNumber, formatBalance } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { SectionCard } from '@/components/section-card';
import { useDeleteRetail } from '../api/catalog-admin';
import { useAdminRetail, type TAdminRetail } from '../api/list-admin-retail';
import { useCatalogColumns } from './catalog-columns';
import { RetailCreateDialog } from './retail-create-dialog';
import { RetailEditDialog } from './retail-edit-dialog';

/** The retail prices of a product, one row per country and period unit, each editable or removable. */
export function RetailTable({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const retail = useAdminRetail(product);
  const [editing, setEditing] = useState<TAdminRetail | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TAdminRetail | null>(null);
  const remove = useDeleteRetail(product);
  const rows = [...(retail.data ?? [])].sort(
    (a, b) => a.country.localeCompare(b.country) || PERIOD_UNITS.indexOf(a.unit) - PERIOD_UNITS.indexOf(b.unit),
  );
  const coins = (value: number) => formatBalance(value, t);
  const catalog = useCatalogColumns<TAdminRetail>(setEditing, 'retail-edit');
  const columns: GridColDef<TAdminRetail>[] = [
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
    {
      field: 'remove',
      headerName: '',
      width: 56,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title={t('admin.catalog.removePrice')}>
          <IconButton
            size="small"
            color="error"
            onClick={() => setRemoving(row)}
            aria-label={t('admin.catalog.removePrice')}
            data-testid={`retail-remove-${row.country}-${row.unit}`}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <SectionCard
      title={t('admin.retail.title')}
      testId="admin-retail"
      action={
        <Button
          size="small"
          variant="outlined"
          sx={{ whiteSpace: 'nowrap' }}
          startIcon={<AddOutlined />}
          onClick={() => setAdding(true)}
          data-testid="retail-add"
        >
          {t('admin.catalog.addPrice')}
        </Button>
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
      {removing && (
        <ConfirmDialog
          open
          danger
          title={t('admin.catalog.removePrice')}
          loading={remove.isPending}
          testId="retail-remove-dialog"
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifySuccess(t('admin.catalog.removed'));
                setRemoving(null);
              },
            })
          }
        >
          <DialogContentText>
            {t('admin.catalog.removePriceMessage', {
              country: countryName(removing.country, i18n.language),
              unit: t(`common.periodUnit.${removing.unit}`),
            })}
          </DialogContentText>
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
