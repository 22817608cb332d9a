import { useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { formatCoins, type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { useAdminPackages, type TAdminPackage } from '../api/list-admin-packages';
import { useCatalogColumns } from './catalog-columns';
import { PackageEditDialog } from './package-edit-dialog';
import { SectionCard } from './section-card';

/** A product's packages (the trial included), each editable. */
export function PackagesTable({ product, title }: { product: Product; title: string }) {
  const { t } = useTranslation();
  const packages = useAdminPackages(product);
  const [editing, setEditing] = useState<TAdminPackage | null>(null);
  const catalog = useCatalogColumns<TAdminPackage>(setEditing, 'package-edit');
  const columns: GridColDef<TAdminPackage>[] = [
    catalog.edit,
    { field: 'name', headerName: t('admin.packages.name'), minWidth: 150, flex: 1 },
    {
      field: 'price',
      headerName: t('admin.retail.price'),
      minWidth: 130,
      valueGetter: (_v, row) => `${formatCoins(row.price)} ${t('common.coin')}`,
    },
    { field: 'days', headerName: t('admin.packages.days'), type: 'number', minWidth: 90 },
    { field: 'proxies', headerName: t('admin.packages.proxies'), type: 'number', minWidth: 100 },
    {
      field: 'bandwidthGb',
      headerName: t('admin.packages.bandwidthGb'),
      minWidth: 130,
      valueGetter: (_v, row) =>
        row.bandwidthGb === null ? t('dashboard.purchase.packages.unlimited') : `${row.bandwidthGb} GB`,
    },
    ...(product === 'key'
      ? [
          {
            field: 'minIntervalSec',
            headerName: t('admin.packages.minIntervalSec'),
            minWidth: 130,
            valueGetter: (_v: unknown, row: TAdminPackage) => row.minIntervalSec ?? t('common.none'),
          } satisfies GridColDef<TAdminPackage>,
        ]
      : []),
    {
      field: 'isTrial',
      headerName: t('dashboard.purchase.packages.trial'),
      minWidth: 90,
      valueGetter: (_v, row) => (row.isTrial ? t('common.yes') : t('common.no')),
    },
    catalog.active,
  ];
  return (
    <SectionCard title={title} testId={`admin-packages-${product}`}>
      <AppDataGrid
        rows={packages.data ?? []}
        columns={columns}
        loading={packages.isFetching}
        hideFooter={(packages.data?.length ?? 0) <= 25}
      />
      {editing && <PackageEditDialog product={product} pkg={editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}
