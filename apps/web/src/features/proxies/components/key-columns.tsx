import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TKey } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { ProxyStatusChip } from '@/components/status-chip';
import { countryName } from '@/lib/format';
import { CopyCell } from './copy-cell';

/** The rotating keys' columns; `onNewIp` asks the key for a new IP. */
export function useKeyColumns(onNewIp: (key: TKey) => void, pendingKey: string | null): GridColDef<TKey>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'key',
      headerName: t('proxies.keys.key'),
      minWidth: 240,
      flex: 1,
      renderCell: ({ row }) => <CopyCell text={row.key} />,
    },
    {
      field: 'current',
      headerName: t('proxies.keys.current'),
      minWidth: 260,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) => (row.current ? <CopyCell text={row.current} /> : t('common.none')),
    },
    {
      field: 'newIp',
      headerName: t('proxies.keys.newIp'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          startIcon={<PublishedWithChangesOutlined />}
          loading={pendingKey === row.key}
          disabled={row.status !== 'using'}
          onClick={() => onNewIp(row)}
          data-testid="key-new-ip"
        >
          {t('proxies.keys.newIpShort')}
        </Button>
      ),
    },
    {
      field: 'country',
      headerName: t('common.country'),
      minWidth: 120,
      valueGetter: (_value, row) => countryName(row.country, i18n.language),
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
    {
      field: 'minIntervalSec',
      headerName: t('proxies.keys.minInterval'),
      minWidth: 120,
      valueGetter: (_value, row) => t('dashboard.purchase.key.seconds', { count: row.minIntervalSec }),
    },
    { field: 'comment', headerName: t('proxies.columns.comment'), minWidth: 140 },
  ];
}
