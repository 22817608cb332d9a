import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { AppDataGrid } from '@/components/data-grid';
import { notifySuccess } from '@/lib/notify';
import { useSuppliers, useSyncSupplier, type AddLinesAnswer, type TSupplierRow } from '../api/suppliers';
import { AddLinesDialog, LinesResultDialog } from './add-lines-dialog';
import { DeleteSupplierDialog } from './delete-supplier-dialog';
import { useSupplierColumns, type SupplierAction } from './supplier-columns';
import { SupplierDetailsDialog } from './supplier-details-dialog';
import { SupplierFormDialog } from './supplier-form-dialog';

type Open =
  | { action: Exclude<SupplierAction, 'sync'>; supplier: TSupplierRow }
  | { action: 'create' }
  | { action: 'linesResult'; supplier: TSupplierRow; result: AddLinesAnswer };

/** The suppliers grid with its add, sync, paste, edit and delete actions. */
export function SuppliersPanel() {
  const { t } = useTranslation();
  const suppliers = useSuppliers();
  const sync = useSyncSupplier();
  const [open, setOpen] = useState<Open | null>(null);
  const syncingId = sync.isPending ? (sync.variables ?? null) : null;
  const columns = useSupplierColumns((action, supplier) => {
    if (action === 'sync') {
      sync.mutate(supplier.id, { onSuccess: (s) => notifySuccess(t('suppliers.synced', { name: s.name })) });
      return;
    }
    setOpen({ action, supplier });
  }, syncingId);
  const close = () => setOpen(null);
  const rows = suppliers.data ?? [];
  // Read the open supplier from the latest list, so a sync or edit shows in an open details dialog.
  const current = (s: TSupplierRow) => rows.find((r) => r.id === s.id) ?? s;

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
      {suppliers.data && rows.length === 0 && (
        <Alert severity="info" data-testid="suppliers-empty">
          {t('suppliers.empty')}
        </Alert>
      )}
      <AppDataGrid
        testId="suppliers-grid"
        rows={rows}
        columns={columns}
        loading={suppliers.isFetching && !suppliers.data}
        hideFooter={rows.length <= 25}
      />
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
