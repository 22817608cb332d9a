import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { EMAIL_RE, ZEmail, ZRegisterRequest, type TRegisterRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { TextInput } from '@/components/text-input';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { useRegister } from '../api/register';
import { useCaptcha } from '../hooks/use-captcha';
import { CaptchaStatus } from './captcha-status';
import { toastFirstError } from '../utils/toast-first-error';
import { EmailField } from './email-field';

/** docs/product-rules.md#registration: the server checks the email format too; the form checks it first. */
const registerFormSchema = ZRegisterRequest.safeExtend({ email: ZEmail.regex(EMAIL_RE) });

const emptyToUndefined = (value: string) => (value === '' ? undefined : value);

/** Email, password twice and an optional agency coupon; `onRegistered` opens the OTP step. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const captcha = useCaptcha('register');
  const registerUser = useRegister();
  // An agency's referral link (/auth/register?ref=<code>) fills in its coupon.
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref')?.trim().slice(0, 64) ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TRegisterRequest>({
    resolver: zodResolver(registerFormSchema, { error: formErrorMap }),
    defaultValues: { email: '', password: '', passwordConfirm: '', ...(ref ? { agencyCode: ref } : {}) },
  });

  const onSubmit = handleSubmit(
    (values) =>
      captcha.withToken(async (token) => {
        try {
          // The page's language becomes the account's for its mails and alerts.
          const lang = i18n.language === 'en' ? 'en' : 'vi';
          await registerUser.mutateAsync({ ...values, captcha: token, lang });
          onRegistered(values.email);
        } catch {
          // The error toast comes from the mutation cache.
        }
      }),
    (invalid) => toastFirstError(t, invalid, ['email', 'password', 'passwordConfirm', 'agencyCode']),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <EmailField {...muiField(register('email'))} errorText={fieldErrorText(t, errors.email)} />
      <PasswordField
        {...muiField(register('password'))}
        label={t('common.password')}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={fieldErrorText(t, errors.password)}
      />
      <PasswordField
        {...muiField(register('passwordConfirm'))}
        label={t('auth.register.passwordConfirm')}
        autoComplete="new-password"
        error={Boolean(errors.passwordConfirm)}
        helperText={fieldErrorText(t, errors.passwordConfirm)}
      />
      <TextInput
        {...muiField(register('agencyCode', { setValueAs: emptyToUndefined }))}
        label={t('auth.register.agencyCode')}
        autoComplete="off"
        error={Boolean(errors.agencyCode)}
        helperText={fieldErrorText(t, errors.agencyCode)}
        htmlInput={{ 'data-testid': 'register-agency-code' }}
      />
      <CaptchaStatus status={captcha.status} onRetry={captcha.renew} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="register-submit">
        {t('auth.register.submit')}
      </Button>
    </Stack>
  );
}
