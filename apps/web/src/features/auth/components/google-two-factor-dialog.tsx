import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';

/** Google vouched for the address; an account with 2FA on still gives its authenticator code. */
export function GoogleTwoFactorDialog({
  loading,
  onSubmit,
  onClose,
}: {
  loading: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);
  return (
    <FormDialog
      title={t('auth.login.googleTwoFactorTitle')}
      titleId="google-2fa-title"
      testId="google-2fa-dialog"
      submitLabel={t('auth.login.submit')}
      submitTestId="google-2fa-submit"
      loading={loading}
      submitDisabled={!complete}
      onSubmit={() => onSubmit(code)}
      onClose={onClose}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
        label={t('auth.login.code')}
        autoComplete="one-time-code"
        helperText={t('auth.login.codeHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'google-2fa-code' } }}
      />
    </FormDialog>
  );
}
