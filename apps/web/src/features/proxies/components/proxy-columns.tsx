import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TProxy } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { countryName } from '@/lib/format';
import { proxyLine } from '@/lib/proxy-lines';
import { CopyCell, SecretCell } from './copy-cell';

/** seed-spec §2 "Proxy management" columns. */
export function useProxyColumns(): GridColDef<TProxy>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'host',
      headerName: t('proxies.columns.address'),
      minWidth: 190,
      flex: 1,
      renderCell: ({ row }) => (
        <CopyCell text={`${row.host}:${row.port}`} copy={proxyLine(row)} label={t('proxies.copyLine')} />
      ),
    },
    { field: 'username', headerName: t('proxies.columns.username'), minWidth: 130 },
    {
      field: 'password',
      headerName: t('proxies.columns.password'),
      minWidth: 150,
      sortable: false,
      renderCell: ({ row }) => <SecretCell secret={row.password} />,
    },
    {
      field: 'protocol',
      headerName: t('dashboard.purchase.protocol'),
      minWidth: 90,
      valueGetter: (_value, row) => t(`common.protocol.${row.protocol}`),
    },
    {
      field: 'country',
      headerName: t('common.country'),
      minWidth: 120,
      valueGetter: (_value, row) => countryName(row.country, i18n.language),
    },
    { field: 'egressIp', headerName: t('proxies.columns.egressIp'), minWidth: 140 },
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
      valueGetter: (_value, row) => formatDateTime(row.expiresAt),
    },
    {
      field: 'autoRenew',
      headerName: t('orders.columns.autoRenew'),
      minWidth: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.autoRenew ? 'success' : 'default'}
          label={row.autoRenew ? t('common.on') : t('common.off')}
        />
      ),
    },
    { field: 'comment', headerName: t('proxies.columns.comment'), minWidth: 140 },
    {
      field: 'authIps',
      headerName: t('proxies.columns.authIps'),
      minWidth: 150,
      sortable: false,
      valueGetter: (_value, row) => (row.authIps.length ? row.authIps.join(', ') : t('common.none')),
    },
    {
      field: 'ipChangeMode',
      headerName: t('proxies.columns.ipChangeMode'),
      minWidth: 170,
      valueGetter: (_value, row) =>
        row.ipChangeMode === 'auto'
          ? t('proxies.ipMode.autoEvery', { count: row.changeIntervalMin ?? 0 })
          : t('proxies.ipMode.manualShort'),
    },
  ];
}
