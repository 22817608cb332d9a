import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';

/**
 * docs/security.md#two-factor: the recovery codes, shown this once (the server keeps only their
 * hashes). Each signs in once in place of the app's code.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open fullWidth maxWidth="xs" data-testid="recovery-codes-dialog" aria-labelledby="recovery-codes-title">
      <DialogTitle id="recovery-codes-title">{t('account.twoFactor.recoveryTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('account.twoFactor.recoveryOnce')}
        </Alert>
        <Box
          component="ol"
          data-testid="recovery-codes"
          sx={{
            m: 0,
            pl: 3,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            columnGap: 3,
            fontFamily: 'monospace',
            fontSize: 16,
            fontWeight: 600,
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <CopyButton text={codes.join('\n')} />
        <Button variant="contained" onClick={onClose} data-testid="recovery-codes-done">
          {t('account.twoFactor.recoverySaved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
