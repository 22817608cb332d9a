import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { isSecondFactorCode, RECOVERY_CODE_LENGTH } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';

/** Google vouched for the address; an account with 2FA on still gives its app's code or a recovery code. */
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
  const complete = isSecondFactorCode(code.trim().toLowerCase());
  return (
    <FormDialog
      title={t('auth.login.googleTwoFactorTitle')}
      titleId="google-2fa-title"
      testId="google-2fa-dialog"
      submitLabel={t('auth.login.submit')}
      submitTestId="google-2fa-submit"
      loading={loading}
      submitDisabled={!complete}
      onSubmit={() => onSubmit(code.trim().toLowerCase())}
      onClose={onClose}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        value={code}
        onChange={(event) => setCode(event.target.value.slice(0, RECOVERY_CODE_LENGTH))}
        label={t('auth.login.code')}
        autoComplete="one-time-code"
        helperText={t('auth.login.codeHelp')}
        slotProps={{
          htmlInput: { maxLength: RECOVERY_CODE_LENGTH, spellCheck: false, 'data-testid': 'google-2fa-code' },
        }}
      />
    </FormDialog>
  );
}
