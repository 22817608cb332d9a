import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import RemoveModeratorOutlined from '@mui/icons-material/RemoveModeratorOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime, ROLE, type TAdminUser } from '@proxy/contract';
import { useTranslation } from 'react-i18next';

/**
 * The owner's list of the site's admins: who they are and "revoke" on a site admin (owners are
 * never revoked from here, so the owner looking never meets it on their own row).
 */
export function useAdminColumns(onRevoke: (user: TAdminUser) => void) {
  const { t } = useTranslation();
  const columns: GridColDef<TAdminUser>[] = [
    { field: 'email', headerName: t('common.email'), minWidth: 220, flex: 1 },
    {
      field: 'role',
      headerName: t('admin.customers.role'),
      minWidth: 150,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.role === ROLE.OWNER ? 'primary' : 'secondary'}
          label={t(row.role === ROLE.OWNER ? 'admin.customers.roleOwner' : 'admin.customers.roleSiteAdmin')}
        />
      ),
    },
    {
      field: 'createdAt',
      headerName: t('account.createdAt'),
      minWidth: 140,
      valueGetter: (_v, row) => formatDateTime(row.createdAt),
    },
    {
      field: 'actions',
      headerName: t('common.actions'),
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) =>
        row.role === ROLE.SITE_ADMIN && (
          <Tooltip title={t('admin.customers.revoke')}>
            <IconButton
              size="small"
              color="error"
              onClick={() => onRevoke(row)}
              aria-label={t('admin.customers.revoke')}
              data-testid="admin-revoke"
            >
              <RemoveModeratorOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];
  return columns;
}
