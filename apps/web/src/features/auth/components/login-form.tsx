import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OTP_LENGTH } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { TextInput } from '@/components/text-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { notifyError } from '@/lib/notify';
import { login } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CaptchaStatus } from './captcha-status';
import { checkLoginForm, type LoginField, type LoginFormInput } from '../utils/lite-schemas';
import { EmailField } from './email-field';

const FIELDS: readonly LoginField[] = ['email', 'password', 'code'];

/**
 * Email and password; the 2FA code field appears when the server answers MISSING_2FA.
 * An unverified account (NOT_VERIFY_MAIL) is handed to `onUnverified` to enter its email OTP.
 *
 * Plain controlled inputs, not react-hook-form, so the login page does not download a form
 * library; it behaves as the other auth forms do: checked on submit (the first error toasted and
 * its field focused), then each field again as it changes.
 */
export function LoginForm({ onUnverified }: { onUnverified: (email: string) => void }) {
  const { t } = useTranslation();
  const [needsCode, setNeedsCode] = useState(false);
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [errors, setErrors] = useState<ReturnType<typeof checkLoginForm>['errors']>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The server asks for a captcha only after a few failed sign-ins on the address or from this
  // network (docs/security.md#sign-in); the form then shows it as a step before the next try.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const captcha = useCaptcha('login', captchaNeeded);
  const completeLogin = useCompleteLogin();

  // The code field counts only while it is shown; an empty one is no code.
  const formInput = (next: typeof values): LoginFormInput => ({
    email: next.email,
    password: next.password,
    code: needsCode && next.code !== '' ? next.code : undefined,
  });

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) {
        // Re-checked as it changes once the form was submitted; the other fields keep their state.
        const error = checkLoginForm(formInput(next)).errors?.[name];
        setErrors((current) => ({ ...current, [name]: error }));
      }
    },
  });

  const errorText = (name: LoginField) => {
    const key = errors?.[name];
    return key ? t(`error.${key}`) : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkLoginForm(formInput(values));
    setErrors(checked.errors ?? {});
    if (!checked.data) {
      const first = FIELDS.find((name) => checked.errors[name]);
      if (first) {
        notifyError(t(`error.${checked.errors[first]!}`));
        ({ email: emailRef, password: passwordRef, code: codeRef })[first].current?.focus();
      }
      return;
    }
    const form = checked.data;
    setSubmitting(true);
    try {
      await captcha.withToken(async (token) => {
        try {
          completeLogin(await login({ ...form, captcha: token }));
        } catch (error) {
          if (isApiError(error) && error.code === 'INVALID_CAPTCHA' && !captchaNeeded) {
            // Not a mistake of the user's: the captcha step appears and says why.
            setCaptchaNeeded(true);
            return;
          }
          // docs/screens.md#error-messages: every failure is toasted, these two also change the form.
          handleApiError(error);
          if (isApiError(error) && error.code === 'MISSING_2FA') {
            setNeedsCode(true);
            window.setTimeout(() => codeRef.current?.focus(), 0);
          }
          if (isApiError(error) && error.code === 'NOT_VERIFY_MAIL') {
            onUnverified(form.email);
          }
        }
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <EmailField {...field('email')} inputRef={emailRef} errorText={errorText('email')} />
      <Stack spacing={0.5}>
        <PasswordField
          {...field('password')}
          inputRef={passwordRef}
          label={t('common.password')}
          autoComplete="current-password"
          error={Boolean(errors?.password)}
          helperText={errorText('password')}
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
          {...field('code')}
          inputRef={codeRef}
          label={t('auth.login.code')}
          autoComplete="one-time-code"
          error={Boolean(errors?.code)}
          helperText={errorText('code') ?? t('auth.login.codeHelp')}
          htmlInput={{ inputMode: 'numeric', maxLength: OTP_LENGTH, 'data-testid': 'login-code' }}
        />
      </Collapse>
      {captchaNeeded && (
        <Box
          data-testid="login-captcha-step"
          role="status"
          sx={{ border: 1, borderColor: 'info.main', borderRadius: 1, px: 1.5, py: 1, bgcolor: 'action.hover' }}
        >
          <Typography variant="body2">{t('auth.login.captchaStep')}</Typography>
          <CaptchaStatus status={captcha.status} onRetry={captcha.renew} />
        </Box>
      )}
      <Button type="submit" variant="contained" size="large" loading={submitting} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Stack>
  );
}
