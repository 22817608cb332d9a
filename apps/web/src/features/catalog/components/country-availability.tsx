import { useState } from 'react';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDataGrid } from '@/components/data-grid';
import { SectionCard } from '@/components/section-card';
import { countryName, formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDeleteCountry, useSetCountryEnabled } from '../api/catalog-admin';
import { useAdminCountries, type TAdminCountry } from '../api/list-admin-countries';
import { CatalogAddButton, removeColumn } from './catalog-columns';
import { CountryCreateDialog } from './country-create-dialog';

function useCountryName() {
  const { i18n } = useTranslation();
  return (c: TAdminCountry) => countryName(c.code, i18n.language, c.name);
}

/** On sale or not: a switch that starts or stops selling the country at once. */
function CountryEnabledSwitch({ product, row }: { product: Product; row: TAdminCountry }) {
  const { t } = useTranslation();
  const setEnabled = useSetCountryEnabled(product);
  const name = useCountryName();
  return (
    <Tooltip title={row.enabled ? t('admin.catalog.stopSelling') : t('admin.catalog.startSelling')}>
      <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
        <Switch
          size="small"
          checked={row.enabled}
          disabled={setEnabled.isPending}
          onChange={(e) => setEnabled.mutate({ code: row.code, enabled: e.target.checked })}
          slotProps={{ input: { 'aria-label': `${name(row)}: ${t('admin.onSale')}` } }}
          data-testid={`admin-country-enabled-${row.code}`}
        />
        <span>{row.enabled ? t('admin.onSale') : t('admin.offSale')}</span>
      </Stack>
    </Tooltip>
  );
}

function useCountryColumns(product: Product, onRemove: (row: TAdminCountry) => void): GridColDef<TAdminCountry>[] {
  const { t } = useTranslation();
  const name = useCountryName();
  const removeLabel = t('admin.catalog.removeCountry');
  return [
    { field: 'code', headerName: t('common.country'), minWidth: 160, flex: 1, valueGetter: (_v, row) => name(row) },
    {
      field: 'stock',
      headerName: t('admin.catalog.stock'),
      minWidth: 120,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.stock > 0 ? 'success' : 'warning'}
          label={row.stock > 0 ? formatNumber(row.stock) : t('dashboard.purchase.outOfStockShort')}
          data-testid={`admin-country-stock-${row.code}`}
        />
      ),
    },
    {
      field: 'enabled',
      headerName: t('admin.catalog.state'),
      minWidth: 150,
      renderCell: ({ row }) => <CountryEnabledSwitch product={product} row={row} />,
    },
    removeColumn<TAdminCountry>({
      title: removeLabel,
      ariaLabel: (row) => `${removeLabel}: ${name(row)}`,
      testId: (row) => `admin-country-remove-${row.code}`,
      onRemove,
    }),
  ];
}

function RemoveCountryDialog({ product, row, onClose }: { product: Product; row: TAdminCountry; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteCountry(product);
  const name = useCountryName();
  return (
    <ConfirmDialog
      open
      danger
      title={t('admin.catalog.removeCountry')}
      loading={remove.isPending}
      testId="country-remove-dialog"
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(row.code, {
          onSuccess: () => {
            notifySuccess(t('admin.catalog.removed'));
            onClose();
          },
        })
      }
    >
      <DialogContentText>{t('admin.catalog.removeCountryMessage', { country: name(row) })}</DialogContentText>
    </ConfirmDialog>
  );
}

/**
 * A product's countries: on sale or not (switch), the stock the supply can serve now, and
 * removal; "Add country" opens the new-country form with its period prices.
 */
export function CountryAvailability({ product }: { product: Product }) {
  const { t } = useTranslation();
  const countries = useAdminCountries(product);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TAdminCountry | null>(null);
  const columns = useCountryColumns(product, setRemoving);
  return (
    <SectionCard
      title={t('admin.countries.title')}
      testId="admin-countries"
      action={
        <CatalogAddButton onClick={() => setAdding(true)} testId="admin-country-add">
          {t('admin.catalog.addCountry')}
        </CatalogAddButton>
      }
    >
      <AppDataGrid
        rows={countries.data ?? []}
        getRowId={(row) => row.code}
        columns={columns}
        loading={countries.isFetching}
        hideFooter={(countries.data?.length ?? 0) <= 25}
        density="compact"
      />
      {adding && <CountryCreateDialog product={product} onClose={() => setAdding(false)} />}
      {removing && <RemoveCountryDialog product={product} row={removing} onClose={() => setRemoving(null)} />}
    </SectionCard>
  );
}
