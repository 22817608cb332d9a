import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import type { GridColDef } from '@mui/x-data-grid';
import { type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDataGrid } from '@/components/data-grid';
import { SectionCard } from '@/components/section-card';
import { formatNumber, formatBalance } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDeletePackage } from '../api/catalog-admin';
import { useAdminPackages, type TAdminPackage } from '../api/list-admin-packages';
import { CatalogAddButton, removeColumn, useCatalogColumns } from './catalog-columns';
import { PackageCreateDialog } from './package-create-dialog';
import { PackageEditDialog } from './package-edit-dialog';

function usePackageColumns(
  product: Product,
  onEdit: (row: TAdminPackage) => void,
  onRemove: (row: TAdminPackage) => void,
): GridColDef<TAdminPackage>[] {
  const { t } = useTranslation();
  const catalog = useCatalogColumns<TAdminPackage>(onEdit, 'package-edit');
  const removeLabel = t('admin.catalog.removePackage');
  return [
    catalog.edit,
    { field: 'name', headerName: t('admin.packages.name'), minWidth: 150, flex: 1 },
    {
      field: 'price',
      headerName: t('admin.retail.price'),
      minWidth: 130,
      valueGetter: (_v, row) => formatBalance(row.price, t),
    },
    {
      field: 'days',
      headerName: t('admin.packages.days'),
      minWidth: 90,
      valueGetter: (_v, row) => formatNumber(row.days),
    },
    {
      field: 'proxies',
      headerName: t('admin.packages.proxies'),
      minWidth: 100,
      valueGetter: (_v, row) => formatNumber(row.proxies),
    },
    {
      field: 'bandwidthGb',
      headerName: t('admin.packages.bandwidthGb'),
      minWidth: 130,
      valueGetter: (_v, row) =>
        row.bandwidthGb === null ? t('dashboard.purchase.packages.unlimited') : `${formatNumber(row.bandwidthGb)} GB`,
    },
    ...(product === 'key'
      ? [
          {
            field: 'minIntervalSec',
            headerName: t('admin.packages.minIntervalSec'),
            minWidth: 130,
            valueGetter: (_v: unknown, row: TAdminPackage) =>
              row.minIntervalSec === null ? t('common.none') : formatNumber(row.minIntervalSec),
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
    removeColumn<TAdminPackage>({
      title: removeLabel,
      ariaLabel: (row) => `${removeLabel}: ${row.name}`,
      testId: () => 'package-remove',
      onRemove,
    }),
  ];
}

function RemovePackageDialog({ product, row, onClose }: { product: Product; row: TAdminPackage; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePackage(product);
  return (
    <ConfirmDialog
      open
      danger
      title={t('admin.catalog.removePackage')}
      loading={remove.isPending}
      testId="package-remove-dialog"
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(row.id, {
          onSuccess: (r) => {
            notifySuccess(t(r.deleted ? 'admin.catalog.packageDeleted' : 'admin.catalog.packageRetired'));
            onClose();
          },
        })
      }
    >
      <DialogContentText>{t('admin.catalog.removePackageMessage', { name: row.name })}</DialogContentText>
    </ConfirmDialog>
  );
}

/** A product's packages (the trial included): each editable and removable (retired once sold), and new ones. */
export function PackagesTable({ product, title }: { product: Product; title: string }) {
  const { t } = useTranslation();
  const packages = useAdminPackages(product);
  const [editing, setEditing] = useState<TAdminPackage | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TAdminPackage | null>(null);
  const columns = usePackageColumns(product, setEditing, setRemoving);
  return (
    <SectionCard
      title={title}
      testId={`admin-packages-${product}`}
      action={
        <CatalogAddButton onClick={() => setAdding(true)} testId="package-add">
          {t('admin.catalog.addPackage')}
        </CatalogAddButton>
      }
    >
      <AppDataGrid
        rows={packages.data ?? []}
        columns={columns}
        loading={packages.isFetching}
        hideFooter={(packages.data?.length ?? 0) <= 25}
      />
      {editing && <PackageEditDialog product={product} pkg={editing} onClose={() => setEditing(null)} />}
      {adding && <PackageCreateDialog product={product} onClose={() => setAdding(false)} />}
      {removing && <RemovePackageDialog product={product} row={removing} onClose={() => setRemoving(null)} />}
    </SectionCard>
  );
}
