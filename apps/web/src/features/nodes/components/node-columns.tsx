import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LanOutlined from '@mui/icons-material/LanOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '@/lib/format';
import type { TNode } from '../api/list-nodes';

export type NodeAction = 'edit' | 'rotate' | 'pools';

/** Edit the node, its egress pools, or rotate its secret. */
function NodeActions({ node, onAction }: { node: TNode; onAction: (action: NodeAction, node: TNode) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      <Tooltip title={t('common.edit')}>
        <IconButton size="small" onClick={() => onAction('edit', node)} data-testid="node-edit">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('admin.nodes.pools')}>
        <IconButton size="small" color="primary" onClick={() => onAction('pools', node)} data-testid="node-pools">
          <LanOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('admin.nodes.rotate')}>
        <IconButton size="small" color="warning" onClick={() => onAction('rotate', node)} data-testid="node-rotate">
          <KeyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The gateway nodes: reachability, capacity, traffic, and the edit, secret and pool actions. */
export function useNodeColumns(onAction: (action: NodeAction, node: TNode) => void): GridColDef<TNode>[] {
  const { t } = useTranslation();
  return [
    { field: 'name', headerName: t('admin.nodes.name'), minWidth: 140, flex: 1 },
    {
      field: 'online',
      headerName: t('admin.nodes.online'),
      minWidth: 190,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Chip
            size="small"
            variant="outlined"
            color={row.online ? 'success' : 'error'}
            label={row.online ? t('admin.nodes.onlineYes') : t('admin.nodes.onlineNo')}
            data-testid="node-online"
          />
          {row.status === 'disabled' && (
            <Chip size="small" variant="outlined" label={t('admin.nodes.status.disabled')} />
          )}
        </Stack>
      ),
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => <NodeActions node={row} onAction={onAction} />,
    },
    { field: 'host', headerName: t('admin.nodes.host'), minWidth: 150 },
    {
      field: 'lastSeenAt',
      headerName: t('admin.nodes.lastSeen'),
      minWidth: 140,
      valueGetter: (_v, row) => (row.lastSeenAt ? formatDateTime(row.lastSeenAt) : t('admin.nodes.never')),
    },
    // Counts group with dots in both languages (docs/product-rules.md#formats), not the browser's locale.
    {
      field: 'proxies',
      headerName: t('admin.nodes.proxies'),
      minWidth: 90,
      valueGetter: (_v, row) => formatNumber(row.proxies),
    },
    {
      field: 'freePorts',
      headerName: t('admin.nodes.freePorts'),
      minWidth: 110,
      valueGetter: (_v, row) => formatNumber(row.freePorts),
    },
    {
      field: 'ports',
      headerName: t('admin.nodes.ports'),
      minWidth: 130,
      valueGetter: (_v, row) => `${row.portFrom}–${row.portTo}`,
    },
    {
      field: 'trafficBytes',
      headerName: t('admin.nodes.traffic'),
      minWidth: 110,
      valueGetter: (_v, row) => formatBytes(row.trafficBytes),
    },
    {
      field: 'ipv6Prefix',
      headerName: t('admin.nodes.ipv6Prefix'),
      minWidth: 180,
      valueGetter: (_v, row) => row.ipv6Prefix ?? t('common.none'),
    },
  ];
}
