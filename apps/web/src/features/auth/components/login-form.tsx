import { useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_LENGTH } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { TextInput } from '@/components/text-input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { notifyError } from '@/lib/notify';
import { login } from '../api/login';
import { useCaptcha, type CaptchaStatus as CaptchaStatusValue } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { CaptchaStatus } from './captcha-status';
import { checkLoginForm, type LoginField, type LoginFormInput } from '../utils/lite-schemas';
import { EmailField } from './email-field';

const FIELDS: readonly LoginField[] = ['email', 'password', 'code'];
/** A recovery code, "k3m7q-x2p4a", is the longest second factor (docs/security.md#two-factor). */

/** The captcha the server asked for after failed sign-ins, shown as a step of its own. */
function CaptchaStep({ status, onRetry }: { status: CaptchaStatusValue; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="login-captcha-step"
      role="status"
      sx={{ border: 1, borderColor: 'info.main', borderRadius: 1, px: 1.5, py: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="body2">{t('auth.login.captchaStep')}</Typography>
      <CaptchaStatus status={status} onRetry={onRetry} />
    </Box>
  );
}

/** The password, and the way to reset it. */
function PasswordStep({
  fieldProps,
  inputRef,
  errorText,
}: {
  fieldProps: { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  inputRef: RefObject<HTMLInputElement | null>;
  errorText: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5}>
      <PasswordField
        {...fieldProps}
        inputRef={inputRef}
        label={t('common.password')}
        autoComplete="current-password"
        error={Boolean(errorText)}
        helperText={errorText}
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
  );
}

/**
 * Email and password; when the server answers MISSING_2FA the form becomes a second step with only
 * the code field (docs/screens.md#sign-in), and "Back" returns to the first.
 * An unverified account (NOT_VERIFY_MAIL) is handed to `onUnverified` to enter its email OTP.
 *
 * Plain controlled inputs, not react-hook-form, so the login page does not download a form
 * library; it behaves as the other auth forms do: checked on submit (the first error toasted and
 * its field focused), then each field again as it changes.
 */
// eslint-disable-next-line max-lines-per-function -- one sign-in flow: both steps, the captcha step and the error handling share its state and refs
export function LoginForm({
  onUnverified,
  onStep,
}: {
  onUnverified: (email: string) => void;
  /** Whether the form is at its 2FA step, for the page around it. */
  onStep?: (twoFactor: boolean) => void;
}) {
  const { t } = useTranslation();
  const [needsCode, setNeedsCodeState] = useState(false);
  // A wrong code is said under the field, where the next one is typed.
  const [codeRefused, setCodeRefused] = useState(false);
  const setNeedsCode = (next: boolean) => {
    setNeedsCodeState(next);
    onStep?.(next);
  };
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
      if (name === 'code') {
        setCodeRefused(false);
      }
      if (submitted) {
        // Re-checked as it changes once the form was submitted; the other fields keep their state.
        const error = checkLoginForm(formInput(next)).errors?.[name];
        setErrors((current) => ({ ...current, [name]: error }));
      }
    },
  });

  const errorText = (name: LoginField) => {
    if (name === 'code' && codeRefused) {
      return t('errors.INVALID_2FA');
    }
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
          // docs/screens.md#sign-in: the 2FA code is a step, not a failure; a wrong code is said
          // under its field. Every other failure is toasted.
          if (isApiError(error) && error.code === 'MISSING_2FA') {
            setNeedsCode(true);
            window.setTimeout(() => codeRef.current?.focus(), 0);
            return;
          }
          if (isApiError(error) && error.code === 'INVALID_2FA' && needsCode) {
            setCodeRefused(true);
            codeRef.current?.focus();
            return;
          }
          handleApiError(error);
          if (isApiError(error) && error.code === 'NOT_VERIFY_MAIL') {
            onUnverified(form.email);
          }
        }
      });
    } finally {
      setSubmitting(false);
    }
  };

  const back = () => {
    setNeedsCode(false);
    setCodeRefused(false);
    setValues((v) => ({ ...v, code: '' }));
    setErrors((e) => ({ ...e, code: undefined }));
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      {needsCode ? (
        <Stack spacing={2} data-testid="login-2fa-step">
          <Typography variant="body2" color="text.secondary">
            {t('auth.login.twoFactorIntro', { email: values.email.trim() })}
          </Typography>
          <TextInput
            {...field('code')}
            inputRef={codeRef}
            label={t('auth.login.code')}
            autoComplete="one-time-code"
            error={Boolean(errors?.code) || codeRefused}
            helperText={errorText('code') ?? t('auth.login.codeHelp')}
            htmlInput={{ maxLength: RECOVERY_CODE_LENGTH, spellCheck: false, 'data-testid': 'login-code' }}
          />
        </Stack>
      ) : (
        <>
          <EmailField {...field('email')} inputRef={emailRef} errorText={errorText('email')} />
          <PasswordStep fieldProps={field('password')} inputRef={passwordRef} errorText={errorText('password')} />
        </>
      )}
      {captchaNeeded && <CaptchaStep status={captcha.status} onRetry={captcha.renew} />}
      <Button type="submit" variant="contained" size="large" loading={submitting} data-testid="login-submit">
        {needsCode ? t('auth.login.verify') : t('auth.login.submit')}
      </Button>
      {needsCode && (
        <Button onClick={back} disabled={submitting} data-testid="login-2fa-back">
          {t('common.back')}
        </Button>
      )}
    </Stack>
  );
}
