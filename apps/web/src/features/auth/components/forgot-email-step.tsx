import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZForgotPasswordRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { useForgotPassword } from '../api/forgot-password';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaStatus } from './captcha-status';
import { toastFirstError } from '../utils/toast-first-error';
import { EmailField } from './email-field';

/** Step 1: the email (and captcha); the server mails a reset code. */
export function ForgotEmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const captcha = useCaptcha('forgot_password');
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof ZForgotPasswordRequest>>({
    resolver: zodResolver(ZForgotPasswordRequest, { error: formErrorMap }),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(
    (values) =>
      captcha.withToken(async (token) => {
        try {
          await forgotPassword.mutateAsync({ email: values.email, captcha: token });
          onSent(values.email);
        } catch {
          // The error toast comes from the mutation cache.
        }
      }),
    (invalid) => toastFirstError(t, invalid, ['email']),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <Typography color="text.secondary">{t('auth.forgot.emailStep')}</Typography>
      <EmailField {...muiField(register('email'))} errorText={fieldErrorText(t, errors.email)} />
      <CaptchaStatus status={captcha.status} onRetry={captcha.renew} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="forgot-submit">
        {t('auth.forgot.sendCode')}
      </Button>
    </Stack>
  );
}
