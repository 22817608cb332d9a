import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TOrder } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { OrderStatusChip } from '@/components/status-chip';
import { orderPackageName } from '@/lib/catalog/package-name';
import { countryName, formatMoney, formatNumber, formatPeriod } from '@/lib/format';

/** Proxies renewed one by one make an order's expiry a range: its earliest and latest. */
function OrderExpiry({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const first = order.earliestExpiresAt;
  const last = order.latestExpiresAt;
  if (!first || !last || first === last) {
    const at = first ?? order.expiresAt;
    return at ? formatDateTime(at) : t('common.none');
  }
  return (
    <Box
      data-testid="order-expiry-range"
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3 }}
    >
      <span>{t('orders.expiry.earliest', { date: formatDateTime(first) })}</span>
      <span>{t('orders.expiry.latest', { date: formatDateTime(last) })}</span>
    </Box>
  );
}

/** The columns every order table shows (the customer's and the admin's). */
export function useOrderBaseColumns<T extends TOrder = TOrder>(): GridColDef<T>[] {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => (value ? formatDateTime(value) : t('common.none'));
  const columns: GridColDef<T>[] = [
    {
      field: 'code',
      headerName: t('orders.columns.code'),
      minWidth: 150,
      flex: 1,
      renderCell: ({ row }) => <span style={{ fontFamily: 'monospace' }}>{row.code}</span>,
    },
    {
      field: 'type',
      headerName: t('common.type'),
      minWidth: 140,
      valueGetter: (_value, row) =>
        [t(`common.product.${row.type === 'package' ? row.product : row.type}`), orderPackageName(row, i18n.language)]
          .filter(Boolean)
          .join(' · '),
    },
    {
      field: 'country',
      headerName: t('common.country'),
      minWidth: 120,
      valueGetter: (_value, row) => countryName(row.country, i18n.language),
    },
    {
      field: 'quantity',
      headerName: t('common.quantity'),
      type: 'number',
      minWidth: 90,
      valueFormatter: (value: number) => formatNumber(value),
    },
    {
      field: 'period',
      headerName: t('common.period'),
      minWidth: 100,
      valueGetter: (_value, row) => formatPeriod(row.period, t),
    },
    {
      // docs/wire-contract.md#orders: an order's bandwidth, or unlimited.
      field: 'bandwidthGb',
      headerName: t('orders.columns.bandwidth'),
      minWidth: 110,
      valueGetter: (_value, row) =>
        row.bandwidthGb === null ? t('orders.bandwidthUnlimited') : t('orders.bandwidthValue', { gb: row.bandwidthGb }),
    },
    {
      field: 'status',
      headerName: t('common.status'),
      minWidth: 170,
      renderCell: ({ row }) => <OrderStatusChip status={row.status} />,
    },
    {
      field: 'totalPrice',
      headerName: t('common.total'),
      minWidth: 150,
      valueGetter: (_value, row) => formatMoney(row.totalPrice, t, i18n.language),
    },
    {
      field: 'paidAt',
      headerName: t('orders.columns.paidAt'),
      minWidth: 140,
      valueGetter: (_value, row) => date(row.paidAt),
    },
    {
      field: 'expiresAt',
      headerName: t('orders.columns.expiresAt'),
      minWidth: 150,
      valueGetter: (_value, row) => date(row.expiresAt),
      renderCell: ({ row }) => <OrderExpiry order={row} />,
    },
  ];
  return columns;
}
