import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';

/** The first and last columns of a catalogue table: the row's edit button, and whether it is on sale. */
export function useCatalogColumns<R extends { active: boolean }>(onEdit: (row: R) => void, editTestId: string) {
  const { t } = useTranslation();
  return {
    edit: {
      field: 'edit',
      headerName: '',
      width: 56,
      sortable: false,
      renderCell: ({ row }) => (
        <Tooltip title={t('common.edit')}>
          <IconButton size="small" onClick={() => onEdit(row)} data-testid={editTestId} aria-label={t('common.edit')}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    active: {
      field: 'active',
      headerName: t('admin.active'),
      minWidth: 110,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.active ? 'success' : 'default'}
          label={row.active ? t('admin.onSale') : t('admin.offSale')}
        />
      ),
    },
  } satisfies Record<string, GridColDef<R>>;
}
