import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTurnOff2fa } from '../api/turn-off-2fa';

/** Turning 2FA off takes the password and a current code (seed-spec §5: neither blank). */
export function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const turnOff = useTurnOff2fa();
  const { register, handleSubmit } = useForm({ defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(({ password, code }) => {
    if (!password || !code.trim()) {
      notifyError(t('error.fieldIsEmpty'));
      return;
    }
    turnOff.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('account.twoFactor.disabled'));
          onClose();
        },
      },
    );
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="disable-2fa-title">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="disable-2fa-title">{t('account.twoFactor.disableTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('account.twoFactor.disablePrompt')}</DialogContentText>
            <PasswordField
              {...muiField(register('password'))}
              label={t('common.password')}
              autoComplete="current-password"
              autoFocus
            />
            <TextField
              {...muiField(register('code'))}
              label={t('account.twoFactor.code')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'twofa-code' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={turnOff.isPending}
            data-testid="twofa-submit"
          >
            {t('account.twoFactor.disable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
