import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { PagedDataGrid } from '@/components/data-grid';
import { SearchField } from '@/components/search-field';
import { useSearchPaging } from '@/hooks/use-paging';
import { notifySuccess } from '@/lib/notify';
import {
  useSupplierPage,
  useSyncingIds,
  useSyncSupplier,
  type AddLinesAnswer,
  type TSupplierRow,
} from '../api/suppliers';
import { AddLinesDialog, LinesResultDialog } from './add-lines-dialog';
import { DeleteSupplierDialog } from './delete-supplier-dialog';
import { useSupplierColumns, type SupplierAction } from './supplier-columns';
import { SupplierDetailsDialog } from './supplier-details-dialog';
import { SupplierFormDialog } from './supplier-form-dialog';

type Open =
  | { action: Exclude<SupplierAction, 'sync'>; supplier: TSupplierRow }
  | { action: 'create' }
  | { action: 'linesResult'; supplier: TSupplierRow; result: AddLinesAnswer };

/**
 * The suppliers grid (paged on the server, newest first, searched by name) with its add, sync,
 * paste, edit and delete actions. Every sync in flight shows, also one an edit or a route save
 * started, and the grid takes the synced figures as soon as it ends.
 */
export function SuppliersPanel() {
  const { t } = useTranslation();
  const { paging, searchText, search, setSearchText } = useSearchPaging();
  const suppliers = useSupplierPage({ page: paging.page, limit: paging.limit, search });
  const sync = useSyncSupplier();
  const syncing = useSyncingIds();
  const [open, setOpen] = useState<Open | null>(null);
  const columns = useSupplierColumns((action, supplier) => {
    if (action === 'sync') {
      sync.mutate(supplier.id, { onSuccess: (s) => notifySuccess(t('suppliers.synced', { name: s.name })) });
      return;
    }
    setOpen({ action, supplier });
  }, syncing);
  const close = () => setOpen(null);
  const rows = suppliers.data?.items ?? [];
  // Read the open supplier from the latest page, so a sync or edit shows in an open details dialog.
  const current = (s: TSupplierRow) => rows.find((r) => r.id === s.id) ?? s;
  const syncingNames = syncing.map((id) => rows.find((r) => r.id === id)?.name).filter((n) => n !== undefined);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('suppliers.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setOpen({ action: 'create' })}
          sx={{ flexShrink: 0 }}
          data-testid="supplier-add"
        >
          {t('suppliers.add')}
        </Button>
      </Stack>
      <SearchField
        size="small"
        placeholder={t('suppliers.search')}
        value={searchText}
        onChange={setSearchText}
        testId="suppliers-search"
        sx={{ maxWidth: { sm: 340 } }}
      />
      {syncing.length > 0 && (
        <Alert severity="info" icon={false} data-testid="suppliers-syncing">
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {syncingNames.length > 0
              ? t('suppliers.syncingNames', { names: syncingNames.join(', ') })
              : t('suppliers.syncingCount', { count: syncing.length })}
          </Typography>
          <LinearProgress />
        </Alert>
      )}
      {suppliers.data && suppliers.data.total === 0 && !search && (
        <Alert severity="info" data-testid="suppliers-empty">
          {t('suppliers.empty')}
        </Alert>
      )}
      <PagedDataGrid testId="suppliers-grid" list={suppliers} paging={paging} columns={columns} />
      {(open?.action === 'create' || open?.action === 'edit') && (
        <SupplierFormDialog
          supplier={open.action === 'edit' ? open.supplier : undefined}
          onClose={close}
          onLinesAdded={(supplier, result) => setOpen({ action: 'linesResult', supplier, result })}
        />
      )}
      {open?.action === 'linesResult' && (
        <LinesResultDialog supplier={open.supplier} result={open.result} onClose={close} />
      )}
      {open?.action === 'addLines' && <AddLinesDialog supplier={open.supplier} onClose={close} />}
      {open?.action === 'delete' && <DeleteSupplierDialog supplier={open.supplier} onClose={close} />}
      {open?.action === 'details' && <SupplierDetailsDialog supplier={current(open.supplier)} onClose={close} />}
    </Stack>
  );
}
