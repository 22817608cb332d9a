import type { GridColDef } from '@mui/x-data-grid';
import type { TProxy } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { proxyLine } from '@/lib/proxy-lines';
import { CopyCell, SecretCell } from './copy-cell';
import { useUnitColumns } from './unit-columns';

/** docs/screens.md#proxy-management columns. */
export function useProxyColumns(): GridColDef<TProxy>[] {
  const { t } = useTranslation();
  const shared = useUnitColumns<TProxy>();
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
    shared.country,
    { field: 'egressIp', headerName: t('proxies.columns.egressIp'), minWidth: 140 },
    shared.status,
    shared.expiresAt,
    shared.autoRenew,
    shared.comment,
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
