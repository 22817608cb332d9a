import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, viVN } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import type { Paging } from '@/hooks/use-paging';
import type { RowSelection } from '@/hooks/use-row-selection';
import { formatNumber } from '@/lib/format';

/** The MIT DataGrid pages at most 100 rows. */
export const PAGE_SIZE_OPTIONS = [25, 50, 100];

/**
 * The app's DataGrid: the grid's own texts in the interface language, and a flex parent so it is
 * as tall as its rows (a phone scrolls it sideways rather than squeezing the columns).
 */
export function AppDataGrid<R extends GridValidRowModel>({
  sx,
  testId,
  ...props
}: DataGridProps<R> & { testId?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'vi' ? viVN : enUS;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%', minWidth: 0 }} data-testid={testId}>
      <DataGrid
        disableColumnMenu
        disableRowSelectionOnClick
        // Our tables have a dozen columns at most: render them all, so row actions exist off screen too.
        columnBufferPx={4000}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        localeText={{
          ...locale.components.MuiDataGrid.defaultProps.localeText,
          noRowsLabel: t('common.noRows'),
          // One pager label in every list, the grids' and the phone cards' (ListPagination).
          paginationRowsPerPage: t('common.rowsPerPage'),
          // The Vietnamese grid texts leave this one in English.
          paginationDisplayedRows: ({ from, to, count }) =>
            t('common.gridRows', { from: formatNumber(from), to: formatNumber(to), count: formatNumber(count) }),
        }}
        sx={{ bgcolor: 'background.paper', minHeight: 220, ...sx }}
        {...props}
      />
    </Box>
  );
}

type PagedProps =
  | 'rows'
  | 'rowCount'
  | 'loading'
  | 'paginationMode'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'checkboxSelection'
  | 'rowSelectionModel'
  | 'onRowSelectionModelChange';

interface PagedDataGridProps<R extends GridValidRowModel> extends Omit<DataGridProps<R>, PagedProps> {
  testId?: string;
  paging: Paging;
  /** The list query: one page of rows and the total. */
  list: { data?: { items: R[]; total: number }; isFetching: boolean; isPlaceholderData?: boolean };
  /** Checkbox selection; it is cleared on another page, whose rows it does not cover. */
  selection?: RowSelection;
}

/** An AppDataGrid over one page of a server-paged list (GET …?page&limit answering items and total). */
export function PagedDataGrid<R extends GridValidRowModel>({
  paging,
  list,
  selection,
  ...props
}: PagedDataGridProps<R>) {
  return (
    <AppDataGrid
      rows={list.data?.items ?? []}
      rowCount={list.data?.total ?? 0}
      // The overlay only while the rows shown are not this page's yet: a background refresh of the
      // same page (after a mutation elsewhere) must not cover the rows a user is clicking.
      loading={list.isFetching && (list.data === undefined || list.isPlaceholderData === true)}
      paginationMode="server"
      paginationModel={paging.model}
      onPaginationModelChange={(model) => {
        paging.setModel(model);
        selection?.clear();
      }}
      {...(selection && {
        checkboxSelection: true,
        rowSelectionModel: selection.model,
        onRowSelectionModelChange: selection.setModel,
      })}
      {...props}
    />
  );
}

/**
 * The pager of a server-paged list shown as cards (phones), with the grid's page sizes and texts;
 * `onChange` runs after a page or size change (e.g. to clear a selection).
 */
export function ListPagination({ total, paging, onChange }: { total: number; paging: Paging; onChange?: () => void }) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={paging.model.page}
      rowsPerPage={paging.model.pageSize}
      rowsPerPageOptions={PAGE_SIZE_OPTIONS}
      onPageChange={(_, page) => {
        paging.setModel({ ...paging.model, page });
        onChange?.();
      }}
      onRowsPerPageChange={(event) => {
        paging.setModel({ page: 0, pageSize: Number(event.target.value) });
        onChange?.();
      }}
      labelRowsPerPage={t('common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('common.gridRows', { from: formatNumber(from), to: formatNumber(to), count: formatNumber(count) })
      }
      // On a phone the row count and the page arrows go to a second line instead of being cut off
      // at the right edge (the Vietnamese labels do not fit 390 px on one).
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 0 },
        '& .MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
}
