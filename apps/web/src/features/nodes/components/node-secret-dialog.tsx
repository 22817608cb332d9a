import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { gatewayRunLine } from '../utils/node-form';

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      multiline
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: 'monospace', fontSize: 13 },
          endAdornment: <CopyButton text={value} testId={`${testId}-copy`} />,
        },
        htmlInput: { 'data-testid': testId, spellCheck: false },
      }}
    />
  );
}

/** A node's id and secret, shown once (after creating it or rotating its secret), with its run line. */
export function NodeSecretDialog({ id, secret, onClose }: { id: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      // Shown once: a stray click beside the dialog must not lose the secret.
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="md"
      data-testid="node-secret-dialog"
    >
      <DialogTitle>{t('admin.nodes.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('admin.nodes.secretOnce')}</Alert>
          <Secret label={t('admin.nodes.nodeId')} value={id} testId="node-id" />
          <Secret label={t('admin.nodes.secret')} value={secret} testId="node-secret" />
          <Secret
            label={t('admin.nodes.runLine')}
            value={gatewayRunLine(id, secret, window.location.origin)}
            testId="node-run-line"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="node-secret-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
