import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { GridColDef } from '@mui/x-data-grid';
import { type Product } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AppDataGrid } from '@/components/data-grid';
import { countryName, formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { SectionCard } from '@/components/section-card';
import { useDeleteCountry, useSetCountryEnabled } from '../api/catalog-admin';
import { useAdminCountries, type TAdminCountry } from '../api/list-admin-countries';
import { CountryCreateDialog } from './country-create-dialog';

/**
 * A product's countries: on sale or not (switch), the stock the supply can serve now, and
 * removal; "Add country" opens the new-country form with its period prices.
 */
export function CountryAvailability({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const countries = useAdminCountries(product);
  const setEnabled = useSetCountryEnabled(product);
  const remove = useDeleteCountry(product);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TAdminCountry | null>(null);
  const name = (c: TAdminCountry) => countryName(c.code, i18n.language, c.name);
  const columns: GridColDef<TAdminCountry>[] = [
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
      renderCell: ({ row }) => (
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
      ),
    },
    {
      field: 'remove',
      headerName: '',
      width: 56,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title={t('admin.catalog.removeCountry')}>
          <IconButton
            size="small"
            color="error"
            onClick={() => setRemoving(row)}
            aria-label={`${t('admin.catalog.removeCountry')}: ${name(row)}`}
            data-testid={`admin-country-remove-${row.code}`}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <SectionCard
      title={t('admin.countries.title')}
      testId="admin-countries"
      action={
        <Button
          size="small"
          variant="outlined"
          sx={{ whiteSpace: 'nowrap' }}
          startIcon={<AddOutlined />}
          onClick={() => setAdding(true)}
          data-testid="admin-country-add"
        >
          {t('admin.catalog.addCountry')}
        </Button>
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
      {removing && (
        <ConfirmDialog
          open
          danger
          title={t('admin.catalog.removeCountry')}
          loading={remove.isPending}
          testId="country-remove-dialog"
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.code, {
              onSuccess: () => {
                notifySuccess(t('admin.catalog.removed'));
                setRemoving(null);
              },
            })
          }
        >
          <DialogContentText>{t('admin.catalog.removeCountryMessage', { country: name(removing) })}</DialogContentText>
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}
