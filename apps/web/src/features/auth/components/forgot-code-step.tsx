import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OTP_LENGTH, ZCheckCodeForgotRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { useCheckCodeForgot } from '../api/check-code-forgot';
import { toastFirstError } from '../utils/toast-first-error';

interface ForgotCodeStepProps {
  email: string;
  onVerified: (resetToken: string) => void;
  onChangeEmail: () => void;
}

/** Step 2: the mailed code, traded for a reset token. */
export function ForgotCodeStep({ email, onVerified, onChangeEmail }: ForgotCodeStepProps) {
  const { t } = useTranslation();
  const checkCode = useCheckCodeForgot();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof ZCheckCodeForgotRequest>>({
    resolver: zodResolver(ZCheckCodeForgotRequest, { error: formErrorMap }),
    defaultValues: { email, code: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { resetToken } = await checkCode.mutateAsync(values);
        onVerified(resetToken);
      } catch {
        // The error toast comes from the mutation cache.
      }
    },
    (invalid) => toastFirstError(t, invalid, ['code']),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <Typography color="text.secondary">{t('auth.forgot.codeStep', { email })}</Typography>
      <TextField
        {...muiField(register('code'))}
        label={t('auth.otp.code')}
        autoFocus
        autoComplete="one-time-code"
        error={Boolean(errors.code)}
        helperText={fieldErrorText(t, errors.code)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'forgot-code' } }}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="forgot-code-submit">
        {t('auth.forgot.verifyCode')}
      </Button>
      <Button onClick={onChangeEmail}>{t('auth.forgot.changeEmail')}</Button>
    </Stack>
  );
}
