import { useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCoins, PERIOD_UNITS, type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { countryName } from '@/lib/format';
import { useAdminRetail, type TAdminRetail } from '../api/list-admin-retail';
import { useCatalogColumns } from './catalog-columns';
import { RetailEditDialog } from './retail-edit-dialog';
import { SectionCard } from './section-card';

/** The retail prices of a product, one row per country and period unit, each editable. */
export function RetailTable({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const retail = useAdminRetail(product);
  const [editing, setEditing] = useState<TAdminRetail | null>(null);
  const rows = [...(retail.data ?? [])].sort(
    (a, b) => a.country.localeCompare(b.country) || PERIOD_UNITS.indexOf(a.unit) - PERIOD_UNITS.indexOf(b.unit),
  );
  const coins = (value: number) => `${formatCoins(value)} ${t('common.coin')}`;
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
    { field: 'quantityStep', headerName: t('admin.retail.quantityStep'), type: 'number', minWidth: 130 },
    { field: 'maxQuantity', headerName: t('admin.retail.maxQuantity'), type: 'number', minWidth: 140 },
    catalog.active,
  ];
  return (
    <SectionCard title={t('admin.retail.title')} testId="admin-retail">
      <AppDataGrid
        rows={rows}
        columns={columns}
        loading={retail.isFetching}
        initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
        density="compact"
      />
      {editing && <RetailEditDialog product={product} row={editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}
