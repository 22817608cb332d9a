import { lazy, Suspense, useState, type ComponentProps } from 'react';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site-info';
import { isApiError } from '@/lib/api-error';
import { handleApiError } from '@/lib/error-handler';
import { googleLogin } from '../api/google-login';
import { AuthHeading } from '../components/auth-heading';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { LoginForm } from '../components/login-form';
import { useCompleteLogin } from '../hooks/use-complete-login';

// The dialogs of the rarer paths (an unverified email, Google with 2FA) load when they open, so the
// login page does not download MUI's Dialog up front.
const GoogleTwoFactorDialog = lazy(() =>
  import('../components/google-two-factor-dialog').then((m) => ({ default: m.GoogleTwoFactorDialog })),
);
// The OTP dialog's calls are TanStack mutations: it brings the query cache with it.
const OtpDialog = lazy(async () => {
  const [{ OtpDialog: Dialog }, { QueryProvider }] = await Promise.all([
    import('../components/otp-dialog'),
    import('@/components/query-provider'),
  ]);
  return {
    default: (props: ComponentProps<typeof Dialog>) => (
      <QueryProvider>
        <Dialog {...props} />
      </QueryProvider>
    ),
  };
});

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { googleClientId } = useSiteInfo();
  const [googlePending, setGooglePending] = useState(false);
  const completeLogin = useCompleteLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // docs/screens.md#sign-in: the 2FA code is a second screen of the form, with its own heading.
  const [twoFactor, setTwoFactor] = useState(false);
  // A Google credential whose account has 2FA on: it waits here for the code.
  const [pendingCredential, setPendingCredential] = useState<string | null>(null);
  const signInWithGoogle = async (credential: string, code?: string) => {
    setGooglePending(true);
    try {
      const answer = await googleLogin({ credential, code });
      setPendingCredential(null);
      completeLogin(answer);
    } catch (error) {
      if (isApiError(error) && error.code === 'MISSING_2FA') {
        setPendingCredential(credential);
      } else {
        handleApiError(error);
      }
    } finally {
      setGooglePending(false);
    }
  };

  return (
    <Stack spacing={3}>
      {twoFactor ? (
        <AuthHeading title={t('auth.login.twoFactorTitle')} subtitle={t('auth.login.twoFactorSubtitle')} />
      ) : (
        <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      )}
      <LoginForm onUnverified={setUnverifiedEmail} onStep={setTwoFactor} />
      {googleClientId && !twoFactor && (
        <>
          <Divider>{t('auth.login.or')}</Divider>
          <GoogleSignInButton
            clientId={googleClientId}
            onCredential={(credential) => void signInWithGoogle(credential)}
          />
        </>
      )}
      {!twoFactor && (
        <Typography variant="body2" align="center">
          {t('auth.login.noAccount')}{' '}
          <Link component={RouterLink} to={paths.auth.register.getHref()}>
            {t('auth.login.register')}
          </Link>
        </Typography>
      )}
      <Suspense fallback={null}>
        {pendingCredential && (
          <GoogleTwoFactorDialog
            loading={googlePending}
            onSubmit={(code) => void signInWithGoogle(pendingCredential, code)}
            onClose={() => setPendingCredential(null)}
          />
        )}
        {unverifiedEmail && (
          <OtpDialog
            email={unverifiedEmail}
            resendAfter={0}
            onClose={() => setUnverifiedEmail(null)}
            onVerified={() => void navigate(paths.auth.registerSuccess.getHref())}
          />
        )}
      </Suspense>
    </Stack>
  );
}
