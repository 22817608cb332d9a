import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { PasswordField } from '@/components/password-field';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTurnOff2fa } from '../api/turn-off-2fa';

/** Turning 2FA off takes the password and a current code (docs/product-rules.md#two-factor: neither blank). */
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
    <FormDialog
      title={t('account.twoFactor.disableTitle')}
      titleId="disable-2fa-title"
      submitLabel={t('account.twoFactor.disable')}
      submitTestId="twofa-submit"
      submitColor="error"
      loading={turnOff.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
