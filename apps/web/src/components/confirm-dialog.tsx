import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  loading?: boolean;
  danger?: boolean;
  /** The confirm button is off until the dialog holds a complete answer. */
  confirmDisabled?: boolean;
  testId?: string;
}

/** A yes/no question before an action that costs money or cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  children,
  onConfirm,
  onClose,
  confirmLabel,
  loading = false,
  danger = false,
  confirmDisabled = false,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      data-testid={testId}
      aria-labelledby={testId ? `${testId}-title` : undefined}
    >
      <DialogTitle id={testId ? `${testId}-title` : undefined}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          loading={loading}
          disabled={confirmDisabled}
          onClick={onConfirm}
          data-testid={testId ? `${testId}-confirm` : undefined}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
