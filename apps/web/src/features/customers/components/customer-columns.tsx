import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, type TAdminUser } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatBalance } from '@/lib/format';

export type CustomerAction = 'add' | 'refund' | 'ban' | 'unban' | 'promote';

type OnCustomerAction = (action: CustomerAction, user: TAdminUser) => void;

/** Add to or refund the balance, ban or unban, and (the owner only) make a site admin. */
function CustomerActions({
  user,
  onAction,
  canPromote,
}: {
  user: TAdminUser;
  onAction: OnCustomerAction;
  canPromote: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row">
      <Tooltip title={t('admin.customers.addTitle')}>
        <IconButton size="small" color="primary" onClick={() => onAction('add', user)} data-testid="customer-add">
          <AddCardOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('admin.customers.refundTitle')}>
        <IconButton size="small" onClick={() => onAction('refund', user)} data-testid="customer-refund">
          <CurrencyExchangeOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {user.active ? (
        <Tooltip title={t('admin.customers.ban')}>
          <IconButton size="small" color="error" onClick={() => onAction('ban', user)} data-testid="customer-ban">
            <BlockOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('admin.customers.unban')}>
          <IconButton size="small" color="success" onClick={() => onAction('unban', user)} data-testid="customer-unban">
            <CheckCircleOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canPromote && (
        <Tooltip title={t('admin.customers.promote')}>
          <IconButton
            size="small"
            color="secondary"
            onClick={() => onAction('promote', user)}
            aria-label={t('admin.customers.promote')}
            data-testid="customer-promote"
          >
            <AdminPanelSettingsOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * The customers table: account facts and the balance and ban actions; `canPromote` (the owner)
 * adds "make site admin" (the server refuses it to anyone else).
 */
export function useCustomerColumns(onAction: OnCustomerAction, canPromote = false) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const columns: GridColDef<TAdminUser>[] = [
    {
      field: 'email',
      headerName: t('common.email'),
      minWidth: 220,
      flex: 1,
      // The customer's page: orders, proxies, keys, top-ups and ledger.
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={paths.admin.customer.getHref(row.id)} data-testid="customer-link">
          {row.email}
        </Link>
      ),
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: canPromote ? 190 : 150,
      sortable: false,
      renderCell: ({ row }) => <CustomerActions user={row} onAction={onAction} canPromote={canPromote} />,
    },
    {
      field: 'balance',
      headerName: t('account.balance'),
      minWidth: 140,
      // null: a balance this admin may not see (never a customer's).
      valueGetter: (_v, row) => (row.balance === null ? '—' : formatBalance(row.balance, t)),
    },
    {
      field: 'active',
      headerName: t('common.status'),
      minWidth: 120,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.active ? 'success' : 'error'}
          label={row.active ? t('admin.customers.active') : t('admin.customers.banned')}
        />
      ),
    },
    {
      field: 'emailVerified',
      headerName: t('admin.customers.verified'),
      minWidth: 110,
      valueGetter: (_v, row) => yesNo(row.emailVerified),
    },
    {
      field: 'twoFactorEnabled',
      headerName: '2FA',
      minWidth: 80,
      valueGetter: (_v, row) => yesNo(row.twoFactorEnabled),
    },
    {
      field: 'createdAt',
      headerName: t('account.createdAt'),
      minWidth: 140,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
  ];
  return columns;
}
