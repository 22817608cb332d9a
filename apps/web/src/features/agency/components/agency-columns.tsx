import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type AgencyStatus, type TAgency } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance, formatNumber } from '@/lib/format';

export type AgencyAction = 'approve' | 'disable' | 'edit' | 'delete';

const COLORS: Record<AgencyStatus, ChipProps['color']> = { pending: 'warning', active: 'success', disabled: 'default' };

/** The admin's agencies table: owner, code, status, figures, and the actions. */
export function useAgencyColumns(onAction: (action: AgencyAction, agency: TAgency) => void) {
  const { t } = useTranslation();
  const action = (
    kind: AgencyAction,
    row: TAgency,
    title: string,
    icon: React.ReactNode,
    color?: 'primary' | 'error' | 'success',
  ) => (
    <Tooltip title={title}>
      <IconButton size="small" color={color} onClick={() => onAction(kind, row)} data-testid={`agency-${kind}`}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  const columns: GridColDef<TAgency>[] = [
    { field: 'code', headerName: t('agency.info.code'), minWidth: 120 },
    { field: 'name', headerName: t('agency.admin.name'), minWidth: 140, flex: 1 },
    { field: 'ownerEmail', headerName: t('agency.admin.owner'), minWidth: 170, flex: 1 },
    {
      field: 'status',
      headerName: t('common.status'),
      minWidth: 150,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={COLORS[row.status]}
          label={t(`agency.status.${row.status}`)}
          data-testid="agency-row-status"
        />
      ),
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          {row.status === 'active'
            ? action('disable', row, t('agency.admin.disable'), <BlockOutlined fontSize="small" />, 'error')
            : action(
                'approve',
                row,
                t(row.status === 'pending' ? 'agency.admin.approve' : 'agency.admin.enable'),
                <CheckCircleOutline fontSize="small" />,
                'success',
              )}
          {action('edit', row, t('agency.admin.edit'), <EditOutlined fontSize="small" />, 'primary')}
          {action('delete', row, t('agency.admin.delete'), <DeleteOutline fontSize="small" />, 'error')}
        </Stack>
      ),
    },
    {
      field: 'commissionPercent',
      headerName: t('agency.admin.commissionColumn'),
      minWidth: 110,
      valueGetter: (_v, row) => `${row.commissionPercent}%`,
    },
    {
      field: 'members',
      headerName: t('agency.admin.members'),
      minWidth: 100,
      valueGetter: (_v, row) => formatNumber(row.members),
    },
    {
      field: 'totalDeposit',
      headerName: t('agency.admin.totalDeposit'),
      minWidth: 140,
      valueGetter: (_v, row) => formatBalance(row.totalDeposit, t),
    },
    {
      field: 'createdAt',
      headerName: t('agency.info.createdAt'),
      minWidth: 160,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
  ];
  return columns;
}
