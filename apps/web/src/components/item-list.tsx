import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import type { GridColDef, GridRowId, GridRowParams } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ListPagination, PagedDataGrid } from '@/components/data-grid';
import type { Paging } from '@/hooks/use-paging';
import type { RowSelection } from '@/hooks/use-row-selection';
import { selectedRowIds } from '@/lib/grid-selection';

/** One line of a row's details: a label and what to show. */
export interface DetailField {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The button that opens a row's details (the grid's last column, a card's corner). */
function DetailsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('proxies.details.open')}>
      <IconButton size="small" onClick={onClick} aria-label={t('proxies.details.open')} data-testid="item-details-open">
        <InfoOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A drawer from the right (the bottom on a phone) with every field of one proxy or key. */
function DetailsDrawer({
  title,
  fields,
  onClose,
  children,
}: {
  title: string;
  fields: DetailField[];
  onClose: () => void;
  /** Sections under the fields (a proxy's traffic). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Drawer
      open
      anchor={phone ? 'bottom' : 'right'}
      onClose={onClose}
      // Above the app bar, which sits over the navigation drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: phone ? '100%' : 420, maxHeight: phone ? '85vh' : undefined } } }}
    >
      <Box data-testid="item-details" sx={{ p: 2.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <CloseOutlined />
          </IconButton>
        </Stack>
        <Divider />
        <Box component="dl" sx={{ m: 0 }}>
          {fields.map((f) => (
            <Box key={f.label} sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {f.label}
              </Typography>
              <Box
                component="dd"
                sx={{
                  m: 0,
                  typography: 'body2',
                  overflowWrap: 'anywhere',
                  minHeight: 24,
                  display: 'flex',
                  alignItems: 'center',
                }}
                data-testid={f.testId}
              >
                {f.value}
              </Box>
            </Box>
          ))}
        </Box>
        {children}
      </Box>
    </Drawer>
  );
}

interface ItemListProps<R extends { id: string }> {
  testId: string;
  list: { data?: { items: R[]; total: number }; isFetching: boolean };
  paging: Paging;
  selection: RowSelection;
  /** The columns a 1,366 px screen shows; the details button is added after them. */
  columns: GridColDef<R>[];
  /** A phone's card: its title line and the few facts under it. */
  card: (row: R) => { title: ReactNode; lines: ReactNode[] };
  detailsTitle: string;
  details: (row: R) => DetailField[];
  /** What the details drawer shows under the fields. */
  detailsExtra?: (row: R) => ReactNode;
  /** Taller rows for cells of two lines. */
  rowHeight?: number;
}

/** A phone's list: one card per row, with its checkbox and details button, and the pager. */
function ItemCards<R extends { id: string }>({
  testId,
  list,
  paging,
  selection,
  card,
  onDetails,
}: Omit<ItemListProps<R>, 'columns' | 'details' | 'detailsTitle' | 'detailsExtra' | 'rowHeight'> & {
  onDetails: (row: R) => void;
}) {
  const { t } = useTranslation();
  const rows = list.data?.items ?? [];
  const chosen = new Set(
    selectedRowIds(
      selection.model,
      rows.map((r) => r.id),
    ),
  );
  const toggle = (id: string) => {
    const ids = new Set<GridRowId>(chosen);
    if (ids.has(id)) {
      ids.delete(id);
    } else {
      ids.add(id);
    }
    selection.setModel({ type: 'include', ids });
  };
  return (
    <Box data-testid={testId} data-view="cards">
      {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {rows.length === 0 && !list.isFetching && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('common.noRows')}
        </Typography>
      )}
      <Stack spacing={1}>
        {rows.map((row) => {
          const c = card(row);
          return (
            <Card key={row.id} variant="outlined" data-testid="item-card" sx={{ p: 1, display: 'flex', gap: 0.5 }}>
              <Checkbox
                size="small"
                checked={chosen.has(row.id)}
                onChange={() => toggle(row.id)}
                slotProps={{ input: { 'aria-label': t('proxies.details.open') } }}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="item-card-check"
              />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Box sx={{ minWidth: 0, fontWeight: 600 }}>{c.title}</Box>
                {c.lines.map((line, i) => (
                  <Box
                    key={i}
                    sx={{
                      typography: 'body2',
                      color: 'text.secondary',
                      mt: 0.5,
                      display: 'flex',
                      flexWrap: 'wrap',
                      gap: 1,
                      alignItems: 'center',
                    }}
                  >
                    {line}
                  </Box>
                ))}
              </Box>
              <Box sx={{ alignSelf: 'flex-start' }}>
                <DetailsButton onClick={() => onDetails(row)} />
              </Box>
            </Card>
          );
        })}
      </Stack>
      <ListPagination total={list.data?.total ?? 0} paging={paging} onChange={() => selection.clear()} />
    </Box>
  );
}

/**
 * A proxy or key list: on a screen the grid with the columns that fit and a details drawer (the
 * info button or a click on the row), on a phone cards instead of a grid that scrolls sideways.
 */
export function ItemList<R extends { id: string }>(props: ItemListProps<R>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState<R | null>(null);
  const { testId, list, paging, selection, columns, details, detailsTitle, detailsExtra, rowHeight } = props;
  // The drawer follows the list: a refetch (e.g. after a rename) shows the row's new values.
  const shown = open ? (list.data?.items.find((r) => r.id === open.id) ?? open) : null;
  const withDetails: GridColDef<R>[] = [
    ...columns,
    {
      field: '__details',
      headerName: '',
      width: 56,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => <DetailsButton onClick={() => setOpen(row)} />,
    },
  ];
  return (
    <>
      {phone ? (
        <ItemCards {...props} onDetails={setOpen} />
      ) : (
        <PagedDataGrid
          testId={testId}
          list={list}
          paging={paging}
          selection={selection}
          columns={withDetails}
          rowHeight={rowHeight}
          onRowClick={({ row }: GridRowParams<R>, event) => {
            // A click on a cell's own control (copy, get new IP, the checkbox) is not a click on the row.
            if (!(event.target as HTMLElement).closest('button, a, input, [role="checkbox"]')) {
              setOpen(row);
            }
          }}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      )}
      {shown && (
        <DetailsDrawer title={detailsTitle} fields={details(shown)} onClose={() => setOpen(null)}>
          {detailsExtra?.(shown)}
        </DetailsDrawer>
      )}
    </>
  );
}
