import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import PriceCheckOutlined from '@mui/icons-material/PriceCheckOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TAdminTopup } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { TopupStatusChip } from '@/components/status-chip';
import { formatBalance, formatNumber } from '@/lib/format';
import { ledgerText } from '@/lib/ledger-text';
import { heldReasonText } from '@/lib/note-text';

export type TopupAction = 'pay' | 'reject';

/**
 * The amount in the provider's currency (docs/product-rules.md#formats): VND grouped with dots like
 * coins ("2.000.000"), other currencies as the decimal string the server sends ("10.00").
 */
export function providerAmountText(row: Pick<TAdminTopup, 'providerAmount' | 'currency'>): string {
  const n = Number(row.providerAmount);
  return row.currency === 'VND' && Number.isSafeInteger(n) ? formatNumber(n) : row.providerAmount;
}

/**
 * Mark paid (as the server allows): anything not credited yet, except a top-up that failed at the
 * provider or was rejected; a held payment or an unmatched transfer included.
 */
export function canMarkPaid(t: Pick<TAdminTopup, 'status' | 'held'>): boolean {
  return t.status !== 'success' && !(t.status === 'failed' && !t.held);
}

/** Reject: a pending top-up, or a held payment, will never be credited. */
export function canReject(t: Pick<TAdminTopup, 'status' | 'held'>): boolean {
  return t.status === 'pending' || (t.held && t.status !== 'success');
}

type OnTopupAction = (action: TopupAction, topup: TAdminTopup) => void;

function TopupActions({ topup, onAction }: { topup: TAdminTopup; onAction: OnTopupAction }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      {canMarkPaid(topup) && (
        <Tooltip title={topup.userId ? t('admin.topups.markPaid') : t('admin.topups.assign')}>
          <IconButton size="small" color="success" onClick={() => onAction('pay', topup)} data-testid="topup-pay">
            <PriceCheckOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canReject(topup) && (
        <Tooltip title={t('admin.topups.reject')}>
          <IconButton size="small" color="error" onClick={() => onAction('reject', topup)} data-testid="topup-reject">
            <BlockOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

/** The admin's top-up list: whose, how much, how, its state, and the mark-paid and reject actions. */
export function useAdminTopupColumns(onAction: OnTopupAction) {
  const { t, i18n } = useTranslation();
  const columns: GridColDef<TAdminTopup>[] = [
    {
      field: 'createdAt',
      headerName: t('common.date'),
      minWidth: 155,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
    {
      field: 'email',
      headerName: t('common.email'),
      minWidth: 200,
      renderCell: ({ row }) =>
        row.email ?? <Chip size="small" color="warning" variant="outlined" label={t('admin.topups.unmatched')} />,
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => <TopupActions topup={row} onAction={onAction} />,
    },
    {
      field: 'method',
      headerName: t('topup.history.method'),
      minWidth: 150,
      valueGetter: (_v, row) => t(`common.paymentMethod.${row.method}`),
    },
    {
      field: 'amount',
      headerName: t('common.amount'),
      minWidth: 170,
      renderCell: ({ row }) => (
        <Stack sx={{ justifyContent: 'center', height: '100%', lineHeight: 1.3 }}>
          <span>{formatBalance(row.amount, t)}</span>
          <Typography variant="caption" color="text.secondary">
            {providerAmountText(row)} {row.currency}
            {row.bonus > 0 && ` · +${formatBalance(row.bonus, t)}`}
          </Typography>
        </Stack>
      ),
    },
    {
      field: 'status',
      headerName: t('common.status'),
      minWidth: 150,
      renderCell: ({ row }) => (
        <Tooltip title={heldReasonText(row, t)}>
          <span>
            <TopupStatusChip status={row.status} held={row.held} />
          </span>
        </Tooltip>
      ),
    },
    {
      field: 'content',
      headerName: t('topup.history.content'),
      minWidth: 260,
      flex: 1,
      valueGetter: (_v, row) => ledgerText(row, t, i18n.language),
    },
    {
      field: 'heldReason',
      headerName: t('admin.topups.heldReason'),
      minWidth: 180,
      valueGetter: (_v, row) => heldReasonText(row, t),
    },
  ];
  return columns;
}
