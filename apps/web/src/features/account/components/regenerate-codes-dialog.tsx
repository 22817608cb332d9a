import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OTP_LENGTH, TOTP_CODE_PATTERN } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { notifyError } from '@/lib/notify';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

/** A new set of recovery codes against a current code from the app; the old set stops working. */
export function RegenerateCodesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  if (codes) {
    return <RecoveryCodesDialog codes={codes} onClose={onClose} />;
  }
  return (
    <FormDialog
      title={t('account.twoFactor.regenerateTitle')}
      titleId="regenerate-codes-title"
      testId="regenerate-codes-dialog"
      submitLabel={t('account.twoFactor.regenerate')}
      submitTestId="regenerate-codes-submit"
      loading={regenerate.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!TOTP_CODE_PATTERN.test(code.trim())) {
          notifyError(t('error.fieldIsEmpty'));
          return;
        }
        regenerate.mutate({ code: code.trim() }, { onSuccess: (answer) => setCodes(answer.recoveryCodes) });
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('account.twoFactor.regeneratePrompt')}</DialogContentText>
        <TextField
          label={t('account.twoFactor.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'regenerate-code' } }}
        />
      </Stack>
    </FormDialog>
  );
}
