import { useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { useOrderBaseColumns } from '@/components/order-columns';
import { OrderFiltersBar, type OrderFilters, type OrderType } from '@/components/order-filters';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
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
  const columns: GridColDef<TAdminOrder>[] = [
    ...useOrderBaseColumns<TAdminOrder>(),
    {
      field: 'userId',
      headerName: t('orders.columns.user'),
      minWidth: 120,
      renderCell: ({ row }) => (
        <span title={row.userId} style={{ fontFamily: 'monospace' }}>
          {row.userId.slice(0, 8)}
        </span>
      ),
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
      <OrderFiltersBar
        value={filters}
        types={types}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
        }}
      />
      <PagedDataGrid testId="admin-orders-grid" list={orders} paging={paging} columns={columns} />
    </>
  );
}
