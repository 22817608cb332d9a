import { useState } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OTP_RESEND_SECONDS } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthHeading } from '../components/auth-heading';
import { OtpDialog } from '../components/otp-dialog';
import { RegisterForm } from '../components/register-form';

export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  return (
    <Stack spacing={3}>
      <AuthHeading title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} />
      <RegisterForm onRegistered={setPendingEmail} />
      <Typography variant="body2" align="center">
        {t('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.auth.login.getHref()}>
          {t('auth.register.login')}
        </Link>
      </Typography>
      {pendingEmail && (
        <OtpDialog
          email={pendingEmail}
          resendAfter={OTP_RESEND_SECONDS}
          onClose={() => setPendingEmail(null)}
          onVerified={() => void navigate(paths.auth.registerSuccess.getHref(), { replace: true })}
        />
      )}
    </Stack>
  );
}
