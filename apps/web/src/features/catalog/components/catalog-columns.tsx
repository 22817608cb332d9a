import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
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

/** The last column of a catalogue table: a button that asks to remove the row. */
export function removeColumn<R extends GridValidRowModel>({
  title,
  ariaLabel,
  testId,
  onRemove,
}: {
  title: string;
  ariaLabel: (row: R) => string;
  testId: (row: R) => string;
  onRemove: (row: R) => void;
}): GridColDef<R> {
  return {
    field: 'remove',
    headerName: '',
    width: 56,
    sortable: false,
    renderCell: ({ row }) => (
      <Tooltip title={title}>
        <IconButton
          size="small"
          color="error"
          onClick={() => onRemove(row)}
          aria-label={ariaLabel(row)}
          data-testid={testId(row)}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  };
}

/** The "add" action in a catalogue table's header. */
export function CatalogAddButton({
  onClick,
  testId,
  children,
}: {
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ whiteSpace: 'nowrap' }}
      startIcon={<AddOutlined />}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
