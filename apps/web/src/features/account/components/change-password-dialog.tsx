import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { TChangePasswordRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { changePasswordError } from './change-password-validation';

const EMPTY: TChangePasswordRequest = { password: '', newPassword: '', passwordConfirm: '' };

/** seed-spec §4 "Change password": validate, update, then close with the fields cleared. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { register, handleSubmit, reset } = useForm<TChangePasswordRequest>({ defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    const problem = changePasswordError(values);
    if (problem) {
      notifyError(t(`error.${problem}`));
      return;
    }
    changePassword.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('account.changePasswordDialog.success'));
        close();
      },
    });
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="change-password-title">{t('account.changePasswordDialog.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <PasswordField
              {...muiField(register('password'))}
              label={t('account.changePasswordDialog.oldPassword')}
              autoComplete="current-password"
              autoFocus
            />
            <PasswordField
              {...muiField(register('newPassword'))}
              label={t('account.changePasswordDialog.newPassword')}
              autoComplete="new-password"
            />
            <PasswordField
              {...muiField(register('passwordConfirm'))}
              label={t('account.changePasswordDialog.passwordConfirm')}
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={changePassword.isPending}
            data-testid="change-password-submit"
          >
            {t('account.changePasswordDialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
