import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import type { TSupplierRow } from '../api/suppliers';
import { formatSupplierBalance } from '../utils/supplier-format';
import { StockChips } from './stock-chips';
import { SupplierStatusChip } from './supplier-status-chip';
import { formatNumber } from '@/lib/format';

export type SupplierAction = 'details' | 'edit' | 'sync' | 'addLines' | 'delete';

type OnSupplierAction = (action: SupplierAction, supplier: TSupplierRow) => void;

/** Sync now (showing its progress while `busy`), add lines (a list), edit, delete. */
function SupplierActions({
  supplier,
  busy,
  onAction,
}: {
  supplier: TSupplierRow;
  busy: boolean;
  onAction: OnSupplierAction;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<SyncOutlined />}
        loading={busy}
        loadingPosition="start"
        onClick={() => onAction('sync', supplier)}
        data-testid="supplier-sync"
        data-syncing={busy}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {busy ? t('suppliers.actions.syncing') : t('suppliers.actions.sync')}
      </Button>
      {supplier.kind === 'list' && (
        <Tooltip title={t('suppliers.actions.addLines')}>
          <IconButton
            size="small"
            color="primary"
            onClick={() => onAction('addLines', supplier)}
            aria-label={t('suppliers.actions.addLines')}
            data-testid="supplier-add-lines"
          >
            <PlaylistAddOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('suppliers.actions.edit')}>
        <IconButton
          size="small"
          onClick={() => onAction('edit', supplier)}
          aria-label={t('suppliers.actions.edit')}
          data-testid="supplier-edit"
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('suppliers.actions.delete')}>
        <IconButton
          size="small"
          color="error"
          onClick={() => onAction('delete', supplier)}
          aria-label={t('suppliers.actions.delete')}
          data-testid="supplier-delete"
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** What a supplier holds, costs and last said: balance, stock, counts, renew-ahead hours, last sync and error. */
function useSupplierFigureColumns(): GridColDef<TSupplierRow>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'balance',
      headerName: t('suppliers.columns.balance'),
      minWidth: 140,
      valueGetter: (_v, row) => formatSupplierBalance(row.balance, row.currency, i18n.language) ?? t('common.none'),
    },
    {
      field: 'stock',
      headerName: t('suppliers.columns.stock'),
      minWidth: 260,
      sortable: false,
      // Centred in the row like the text cells beside it.
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <StockChips stock={row.stock} max={2} />
        </Box>
      ),
    },
    // Counts follow the interface language (docs/product-rules.md#formats), as coins do.
    {
      field: 'proxies',
      headerName: t('suppliers.columns.proxies'),
      minWidth: 110,
      valueGetter: (_v, row) => formatNumber(row.proxies),
    },
    {
      field: 'unused',
      headerName: t('suppliers.columns.unused'),
      minWidth: 110,
      valueGetter: (_v, row) => formatNumber(row.unused),
    },
    {
      field: 'spend',
      headerName: t('suppliers.columns.spend'),
      minWidth: 130,
      valueGetter: (_v, row) => formatNumber(row.spend),
    },
    {
      field: 'safetyMarginHours',
      headerName: t('suppliers.columns.safetyMargin'),
      minWidth: 150,
      valueGetter: (_v, row) => t('suppliers.hours', { count: row.safetyMarginHours }),
    },
    {
      field: 'lastSyncAt',
      headerName: t('suppliers.columns.lastSync'),
      minWidth: 170,
      valueGetter: (_v, row) => (row.lastSyncAt ? formatDateTime(row.lastSyncAt) : t('suppliers.never')),
    },
    {
      field: 'lastError',
      headerName: t('suppliers.columns.lastError'),
      minWidth: 220,
      flex: 1,
      sortable: false,
      renderCell: ({ row }) =>
        row.lastError ? (
          <Tooltip title={row.lastError}>
            <Typography variant="body2" color="error" noWrap data-testid="supplier-last-error">
              {row.lastError}
            </Typography>
          </Tooltip>
        ) : (
          t('common.none')
        ),
    },
  ];
}

/**
 * The suppliers grid: what each holds and costs, whether it answers, and its actions. `syncing`
 * are the suppliers whose sync is in flight: their buttons show the progress. Each column is wide
 * enough for its header and its longest fixed label in both languages (the Vietnamese ones are
 * the longer), so nothing is cut at any width: a phone scrolls the grid instead.
 */
export function useSupplierColumns(onAction: OnSupplierAction, syncing: readonly string[]): GridColDef<TSupplierRow>[] {
  const { t } = useTranslation();
  const figures = useSupplierFigureColumns();
  return [
    {
      field: 'name',
      headerName: t('suppliers.columns.name'),
      minWidth: 170,
      flex: 1,
      renderCell: ({ row }) => (
        <Link
          component="button"
          type="button"
          onClick={() => onAction('details', row)}
          sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}
          data-testid="supplier-name"
        >
          {row.name}
        </Link>
      ),
    },
    {
      field: 'kind',
      headerName: t('suppliers.columns.kind'),
      minWidth: 160,
      valueGetter: (_v, row) => t(`suppliers.kind.${row.kind}`),
    },
    {
      field: 'status',
      headerName: t('suppliers.columns.status'),
      minWidth: 130,
      renderCell: ({ row }) => <SupplierStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      headerName: t('suppliers.columns.actions'),
      minWidth: 270,
      sortable: false,
      renderCell: ({ row }) => <SupplierActions supplier={row} busy={syncing.includes(row.id)} onAction={onAction} />,
    },
    ...figures,
  ];
}
