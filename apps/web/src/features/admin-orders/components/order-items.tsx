import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TKey, type TProxy } from '@proxy/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { ProxyStatusChip } from '@/components/status-chip';
import { usePaging } from '@/hooks/use-paging';
import { countryName } from '@/lib/format';
import { proxyAddress } from '@/lib/proxy-lines';
import { useAdminOrderItems } from '../api/order-admin';

const mono = { fontFamily: 'monospace' } as const;

/** Where a proxy or key is, what state it is in and until when: the last columns of both grids. */
function stateColumns<R extends TProxy | TKey>(t: TFunction, language: string): GridColDef<R>[] {
  return [
    {
      field: 'country',
      headerName: t('common.country'),
      width: 120,
      valueGetter: (_v, row) => countryName(row.country, language),
    },
    {
      field: 'status',
      headerName: t('common.status'),
      width: 160,
      renderCell: ({ row }) => <ProxyStatusChip status={row.status} />,
    },
    {
      field: 'expiresAt',
      headerName: t('orders.columns.expiresAt'),
      width: 160,
      valueGetter: (_v, row) => formatDateTime(row.expiresAt),
    },
  ];
}

/** The proxy columns of the admin's order and customer pages. */
export function useAdminProxyColumns(): GridColDef<TProxy>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'address',
      headerName: t('admin.orderDetail.address'),
      minWidth: 160,
      flex: 1,
      renderCell: ({ row }) => <span style={mono}>{proxyAddress(row)}</span>,
    },
    {
      field: 'credentials',
      headerName: t('admin.orderDetail.credentials'),
      minWidth: 220,
      flex: 1.5,
      renderCell: ({ row }) => <span style={mono}>{`${row.username}:${row.password}`}</span>,
    },
    {
      field: 'egressIp',
      headerName: t('admin.orderDetail.egressIp'),
      minWidth: 130,
      flex: 1,
      renderCell: ({ row }) => <span style={mono}>{row.egressIp}</span>,
    },
    ...stateColumns<TProxy>(t, i18n.language),
  ];
}

/** The key columns of the admin's order and customer pages. */
export function useAdminKeyColumns(): GridColDef<TKey>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'key',
      headerName: t('admin.orderDetail.key'),
      minWidth: 240,
      flex: 1,
      renderCell: ({ row }) => <span style={mono}>{row.key}</span>,
    },
    {
      field: 'current',
      headerName: t('admin.orderDetail.current'),
      minWidth: 200,
      flex: 1,
      renderCell: ({ row }) => <span style={mono}>{row.current ?? t('common.none')}</span>,
    },
    ...stateColumns<TKey>(t, i18n.language),
  ];
}

/** An order's proxies, or its keys, one server page at a time. */
export function OrderItems({ orderId, isKey }: { orderId: string; isKey: boolean }) {
  const paging = usePaging();
  const list = useAdminOrderItems(orderId, paging.page, paging.limit);
  const proxyColumns = useAdminProxyColumns();
  const keyColumns = useAdminKeyColumns();
  const data = list.data;
  return isKey ? (
    <PagedDataGrid
      testId="order-items-grid"
      paging={paging}
      columns={keyColumns}
      list={{ data: data && { items: data.keys, total: data.total }, isFetching: list.isFetching }}
    />
  ) : (
    <PagedDataGrid
      testId="order-items-grid"
      paging={paging}
      columns={proxyColumns}
      list={{ data: data && { items: data.proxies, total: data.total }, isFetching: list.isFetching }}
    />
  );
}
