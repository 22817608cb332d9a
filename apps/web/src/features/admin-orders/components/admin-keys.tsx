import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { SearchField } from '@/components/search-field';
import { ProxyStatusChip } from '@/components/status-chip';
import { useSearchPaging } from '@/hooks/use-paging';
import { countryName } from '@/lib/format';
import { useAdminKeys, type TAdminKey } from '../api/list-admin-keys';

/** The site's rotating keys (admin/list-key-all), searched by key, e-mail or country, server-paged. */
export function AdminKeys() {
  const { t, i18n } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const keys = useAdminKeys({ page: paging.page, limit: paging.limit, search });
  const columns: GridColDef<TAdminKey>[] = [
    {
      field: 'key',
      headerName: t('proxies.keys.key'),
      minWidth: 240,
      flex: 1,
      renderCell: ({ row }) => <span style={{ fontFamily: 'monospace' }}>{row.key}</span>,
    },
    {
      field: 'email',
      headerName: t('orders.columns.user'),
      minWidth: 200,
      renderCell: ({ row }) => <span title={row.userId}>{row.email}</span>,
    },
    {
      field: 'country',
      headerName: t('common.country'),
      minWidth: 120,
      valueGetter: (_v, row) => countryName(row.country, i18n.language),
    },
    {
      field: 'status',
      headerName: t('common.status'),
      minWidth: 130,
      renderCell: ({ row }) => <ProxyStatusChip status={row.status} />,
    },
    {
      field: 'expiresAt',
      headerName: t('orders.columns.expiresAt'),
      minWidth: 140,
      valueGetter: (_v, row) => formatDateTime(row.expiresAt),
    },
    {
      field: 'autoRenew',
      headerName: t('orders.columns.autoRenew'),
      minWidth: 110,
      valueGetter: (_v, row) => (row.autoRenew ? t('common.on') : t('common.off')),
    },
  ];
  return (
    <>
      <SearchField
        placeholder={t('admin.keys.searchPlaceholder')}
        value={searchText}
        onChange={setSearchText}
        testId="admin-keys-search"
        sx={{ mb: 2, maxWidth: { sm: 420 } }}
      />
      <PagedDataGrid testId="admin-keys-grid" list={keys} paging={paging} columns={columns} />
    </>
  );
}
