import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { notifySuccess } from '@/lib/notify';
import { useDeleteSupplier, type TSupplierRow } from '../api/suppliers';

/**
 * Deleting a supplier. One that still serves a customer answers 409 SUPPLIER_IN_USE: the dialog
 * stays open and says so (and what to do instead); any other failure is toasted as usual.
 */
export function DeleteSupplierDialog({ supplier, onClose }: { supplier: TSupplierRow; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteSupplier();
  const inUse = remove.error instanceof ApiError && remove.error.code === 'SUPPLIER_IN_USE';
  return (
    <ConfirmDialog
      open
      danger
      title={t('suppliers.delete.title')}
      confirmLabel={t('suppliers.actions.delete')}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(supplier.id, {
          onSuccess: () => {
            notifySuccess(t('suppliers.deleted'));
            onClose();
          },
          onError: (error) => {
            if (!(error instanceof ApiError && error.code === 'SUPPLIER_IN_USE')) {
              handleApiError(error);
            }
          },
        })
      }
      testId="supplier-delete-dialog"
    >
      <DialogContentText>{t('suppliers.delete.message', { name: supplier.name })}</DialogContentText>
      {inUse && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="supplier-in-use">
          {t('suppliers.delete.inUse')}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
