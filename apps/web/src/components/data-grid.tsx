import Box from '@mui/material/Box';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, viVN } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

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
          // The Vietnamese grid texts leave this one in English.
          paginationDisplayedRows: ({ from, to, count }) => t('common.gridRows', { from, to, count }),
        }}
        sx={{ bgcolor: 'background.paper', minHeight: 220, ...sx }}
        {...props}
      />
    </Box>
  );
}
