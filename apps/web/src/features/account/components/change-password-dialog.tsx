import Stack from '@mui/material/Stack';
import type { TChangePasswordRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { PasswordField } from '@/components/password-field';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { changePasswordError } from './change-password-validation';

const EMPTY: TChangePasswordRequest = { password: '', newPassword: '', passwordConfirm: '' };

/** docs/screens.md#account, change password: validate, update, then close with the fields cleared. */
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
    <FormDialog
      open={open}
      title={t('account.changePasswordDialog.title')}
      titleId="change-password-title"
      submitLabel={t('account.changePasswordDialog.submit')}
      submitTestId="change-password-submit"
      loading={changePassword.isPending}
      onSubmit={onSubmit}
      onClose={close}
    >
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
    </FormDialog>
  );
}
