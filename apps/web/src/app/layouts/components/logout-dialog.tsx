import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useLogout } from '@/features/auth/api/logout';

/** docs/screens.md#layouts: confirm, then end the session and go to the login page. */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="logout-dialog-title">{t('topBar.logoutDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('topBar.logoutDialog.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          data-testid="logout-confirm"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {t('topBar.logoutDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
