import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OTP_LENGTH, OTP_RESEND_SECONDS, ZCheckCodeForgotRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextInput } from '@/components/text-input';
import { useCountdown } from '@/hooks/use-countdown';
import { isApiError } from '@/lib/api-error';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { notifySuccess } from '@/lib/notify';
import { useCheckCodeForgot } from '../api/check-code-forgot';
import { useForgotPassword } from '../api/forgot-password';
import { useCaptcha } from '../hooks/use-captcha';
import { resendWait } from '../utils/forgot-progress';
import { toastFirstError } from '../utils/toast-first-error';
import { EMAIL_SLOT, TextWithEmail } from '@/components/email-text';

interface ForgotCodeStepProps {
  email: string;
  /** When the code was sent (ms): the resend countdown runs from there, across a reload. */
  sentAt: number;
  onResent: (sentAt: number) => void;
  onVerified: (resetToken: string) => void;
  onChangeEmail: () => void;
}

/** Step 2: the mailed code, traded for a reset token; a new code once the countdown is over. */
export function ForgotCodeStep({ email, sentAt, onResent, onVerified, onChangeEmail }: ForgotCodeStepProps) {
  const { t } = useTranslation();
  const checkCode = useCheckCodeForgot();
  const forgotPassword = useForgotPassword();
  const captcha = useCaptcha('forgot_password');
  const countdown = useCountdown(resendWait(sentAt, OTP_RESEND_SECONDS));

  const resend = () =>
    captcha.withToken(async (token) => {
      try {
        await forgotPassword.mutateAsync({ email, captcha: token });
        onResent(Date.now());
        countdown.restart(OTP_RESEND_SECONDS);
        notifySuccess(t('auth.otp.resent'));
      } catch (error) {
        // Too soon (another tab sent one): the server says how long to wait.
        const wait = isApiError(error) ? error.dataOf('TOO_MANY_REQUEST')?.remainTime : undefined;
        if (wait !== undefined) {
          countdown.restart(wait);
          onResent(Date.now() - (OTP_RESEND_SECONDS - wait) * 1000);
        }
      }
    });
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
      <Typography color="text.secondary">
        <TextWithEmail text={t('auth.forgot.codeStep', { email: EMAIL_SLOT })} email={email} />
      </Typography>
      <TextInput
        {...muiField(register('code'))}
        label={t('auth.otp.code')}
        autoFocus
        autoComplete="one-time-code"
        error={Boolean(errors.code)}
        helperText={fieldErrorText(t, errors.code)}
        htmlInput={{ inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'forgot-code' }}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="forgot-code-submit">
        {t('auth.forgot.verifyCode')}
      </Button>
      <Button
        variant="outlined"
        disabled={countdown.remaining > 0 || captcha.status === 'solving'}
        onClick={() => void resend()}
        data-testid="forgot-resend"
      >
        {countdown.remaining > 0 ? t('auth.otp.resendIn', { seconds: countdown.remaining }) : t('auth.otp.resend')}
      </Button>
      <Button onClick={onChangeEmail}>{t('auth.forgot.changeEmail')}</Button>
    </Stack>
  );
}
