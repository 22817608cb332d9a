import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface FormDialogProps {
  open?: boolean;
  title: ReactNode;
  /** The title's id, which names the dialog for screen readers. */
  titleId?: string;
  testId?: string;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
  submitLabel: string;
  submitTestId: string;
  /** The closing button's label when "Cancel" would be ambiguous (e.g. next to "Cancel order"). */
  cancelLabel?: string;
  submitColor?: 'primary' | 'success' | 'error';
  loading: boolean;
  /** While there is nothing valid to send (e.g. no price yet), Submit and Enter do nothing. */
  submitDisabled?: boolean;
  /** Enter in a field submits too; the page never reloads. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  onClose: () => void;
}

/** A dialog around a form: its fields, Cancel, and a submit button that shows the call in flight. */
export function FormDialog({
  open = true,
  title,
  titleId,
  testId,
  maxWidth = 'xs',
  children,
  submitLabel,
  submitTestId,
  cancelLabel,
  submitColor,
  loading,
  submitDisabled = false,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} data-testid={testId} aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submitDisabled) {
            void onSubmit(event);
          }
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} data-testid={testId ? `${testId}-close` : undefined}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            loading={loading}
            disabled={submitDisabled}
            data-testid={submitTestId}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
