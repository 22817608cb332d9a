import { useState } from 'react';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { useOrderBaseColumns } from '@/components/order-columns';
import { OrderFiltersBar, type OrderFilters, type OrderType } from '@/components/order-filters';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { paths } from '@/config/paths';
import { usePaging } from '@/hooks/use-paging';
import { useAdminOrders, type TAdminOrder } from '../api/list-admin-orders';

/** The site's orders (admin/list-order), filtered by type, status and search, server-paged. */
export function AdminOrders({ defaultType, types }: { defaultType: OrderType; types: readonly OrderType[] }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const [filters, setFilters] = useState<OrderFilters>({ search: '', status: '', type: defaultType });
  const search = useDebouncedValue(filters.search.trim());
  const orders = useAdminOrders({
    page: paging.page,
    limit: paging.limit,
    search,
    status: filters.status || undefined,
    type: filters.type || undefined,
  });
  const [code, ...rest] = useOrderBaseColumns<TAdminOrder>();
  const columns: GridColDef<TAdminOrder>[] = [
    ...(code
      ? [
          {
            ...code,
            // The order's page: its proxies, history, extend and cancel.
            renderCell: ({ row }: { row: TAdminOrder }) => (
              <Link
                component={RouterLink}
                to={paths.admin.order.getHref(row.id)}
                sx={{ fontFamily: 'monospace' }}
                data-testid="admin-order-link"
              >
                {row.code}
              </Link>
            ),
          },
        ]
      : []),
    // Whose order it is, early enough to be seen without scrolling sideways.
    {
      field: 'email',
      headerName: t('orders.columns.user'),
      minWidth: 200,
      renderCell: ({ row }) => <span title={row.userId}>{row.email}</span>,
    },
    ...rest,
    {
      field: 'autoRenew',
      headerName: t('orders.columns.autoRenew'),
      minWidth: 110,
      valueGetter: (_v, row) => (row.autoRenew ? t('common.on') : t('common.off')),
    },
  ];
  return (
    <>
      <OrderFiltersBar
        value={filters}
        types={types}
        searchPlaceholder={t('admin.orders.searchPlaceholder')}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
        }}
      />
      <PagedDataGrid testId="admin-orders-grid" list={orders} paging={paging} columns={columns} />
    </>
  );
}
