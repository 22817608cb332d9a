import { useState } from 'react';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OTP_LENGTH } from '@proxy/contract';
import { toDataURL } from 'qrcode';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { PasswordField } from '@/components/password-field';
import { muiField } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTurnOn2fa } from '../api/turn-on-2fa';
import { useVerify2fa } from '../api/verify-2fa';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

interface Setup {
  secret: string;
  qr: string;
}

/** The QR code to scan, and the same secret as text for an app that cannot scan. */
function SetupSecret({ setup }: { setup: Setup }) {
  const { t } = useTranslation();
  return (
    <>
      <Box
        component="img"
        src={setup.qr}
        alt={t('account.twoFactor.qrAlt')}
        sx={{ width: 200, height: 200 }}
        data-testid="twofa-qr"
      />
      <Box sx={{ width: '100%' }}>
        <Typography variant="caption" color="text.secondary">
          {t('account.twoFactor.secret')}
        </Typography>
        <Typography
          data-testid="twofa-secret"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}
        >
          {setup.secret}
        </Typography>
      </Box>
    </>
  );
}

/** docs/product-rules.md#two-factor: the password, then a code after scanning the QR. */
export function EnableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const turnOn = useTurnOn2fa();
  const verify = useVerify2fa();
  const [setup, setSetup] = useState<Setup | null>(null);
  // Shown once, after 2FA is on (docs/security.md#two-factor).
  const [codes, setCodes] = useState<string[] | null>(null);
  const { register, handleSubmit } = useForm({ defaultValues: { password: '', code: '' } });

  const onSubmit = handleSubmit(async ({ password, code }) => {
    if (!password || (setup && !code)) {
      notifyError(t('error.fieldIsEmpty'));
      return;
    }
    try {
      if (!setup) {
        const { secret, otpauthUrl } = await turnOn.mutateAsync({ password });
        setSetup({ secret, qr: await toDataURL(otpauthUrl, { width: 200, margin: 1 }) });
        return;
      }
      const answer = await verify.mutateAsync({ password, code: code.trim() });
      notifySuccess(t('account.twoFactor.enabled'));
      setCodes(answer.recoveryCodes);
    } catch {
      // API errors are toasted by the mutation cache.
    }
  });

  if (codes) {
    return <RecoveryCodesDialog codes={codes} onClose={onClose} />;
  }
  return (
    <FormDialog
      title={t('account.twoFactor.enableTitle')}
      titleId="enable-2fa-title"
      submitLabel={setup ? t('account.twoFactor.enable') : t('common.continue')}
      submitTestId="twofa-submit"
      loading={turnOn.isPending || verify.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {!setup ? (
        <Stack spacing={2}>
          <DialogContentText>{t('account.twoFactor.passwordPrompt')}</DialogContentText>
          <PasswordField
            {...muiField(register('password'))}
            label={t('common.password')}
            autoComplete="current-password"
            autoFocus
          />
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <DialogContentText>{t('account.twoFactor.scan')}</DialogContentText>
          <SetupSecret setup={setup} />
          <TextField
            {...muiField(register('code'))}
            label={t('account.twoFactor.code')}
            autoFocus
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'twofa-code' } }}
          />
        </Stack>
      )}
    </FormDialog>
  );
}
