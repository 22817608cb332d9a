import Button from '@mui/material/Button';
import PublishedWithChangesOutlined from '@mui/icons-material/PublishedWithChangesOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TKey } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { CopyCell } from './copy-cell';
import { useUnitColumns } from './unit-columns';

/** The rotating keys' columns; `onNewIp` asks the key for a new IP. */
export function useKeyColumns(onNewIp: (key: TKey) => void, pendingKey: string | null): GridColDef<TKey>[] {
  const { t } = useTranslation();
  const shared = useUnitColumns<TKey>();
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
    shared.country,
    shared.status,
    shared.expiresAt,
    shared.autoRenew,
    {
      field: 'minIntervalSec',
      headerName: t('proxies.keys.minInterval'),
      minWidth: 120,
      valueGetter: (_value, row) => t('dashboard.purchase.key.seconds', { count: row.minIntervalSec }),
    },
    shared.comment,
  ];
}
