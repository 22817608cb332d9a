import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { OTP_LENGTH, type TLoginRequest } from '@proxy/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { TextInput } from '@/components/text-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { fieldErrorText, formErrorMap } from '@/lib/form-errors';
import { muiField } from '@/lib/form';
import { useLogin } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CaptchaStatus } from './captcha-status';
import { ZLoginForm } from '../utils/lite-schemas';
import { toastFirstError } from '../utils/toast-first-error';
import { EmailField } from './email-field';

const emptyToUndefined = (value: string) => (value === '' ? undefined : value);

/**
 * Email and password; the 2FA code field appears when the server answers MISSING_2FA.
 * An unverified account (NOT_VERIFY_MAIL) is handed to `onUnverified` to enter its email OTP.
 */
export function LoginForm({ onUnverified }: { onUnverified: (email: string) => void }) {
  const { t } = useTranslation();
  const [needsCode, setNeedsCode] = useState(false);
  const captcha = useCaptcha('login');
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TLoginRequest>({
    resolver: zodResolver(ZLoginForm, { error: formErrorMap }),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(
    (values) =>
      captcha.withToken(async (token) => {
        try {
          completeLogin(await login.mutateAsync({ ...values, captcha: token }));
        } catch (error) {
          if (isApiError(error) && error.code === 'MISSING_2FA') {
            setNeedsCode(true);
            window.setTimeout(() => setFocus('code'), 0);
          }
          if (isApiError(error) && error.code === 'NOT_VERIFY_MAIL') {
            onUnverified(values.email);
          }
        }
      }),
    (invalid) => toastFirstError(t, invalid, ['email', 'password', 'code']),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <EmailField registration={register('email')} error={errors.email} />
      <Stack spacing={0.5}>
        <PasswordField
          {...muiField(register('password'))}
          label={t('common.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={fieldErrorText(t, errors.password)}
        />
        <Link
          component={RouterLink}
          to={paths.auth.forgotPassword.getHref()}
          variant="body2"
          sx={{ alignSelf: 'flex-end' }}
        >
          {t('auth.login.forgot')}
        </Link>
      </Stack>
      <Collapse in={needsCode} unmountOnExit>
        <TextInput
          {...muiField(register('code', { setValueAs: emptyToUndefined }))}
          label={t('auth.login.code')}
          autoComplete="one-time-code"
          error={Boolean(errors.code)}
          helperText={fieldErrorText(t, errors.code) ?? t('auth.login.codeHelp')}
          htmlInput={{ inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'login-code' }}
        />
      </Collapse>
      <CaptchaStatus status={captcha.status} onRetry={captcha.renew} />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Stack>
  );
}
