import { useState } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { AuthHeading } from '../components/auth-heading';
import { ForgotCodeStep } from '../components/forgot-code-step';
import { ForgotEmailStep } from '../components/forgot-email-step';
import { ForgotPasswordStep } from '../components/forgot-password-step';

type Step =
  { name: 'email'; email: string } | { name: 'code'; email: string } | { name: 'password'; resetToken: string };

/** docs/wire-contract.md#auth: forgot password — email, then the mailed OTP, then a new password. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'email', email: '' });

  const done = () => {
    notifySuccess(t('auth.forgot.success'));
    void navigate(paths.auth.login.getHref(), { replace: true });
  };

  return (
    <Stack spacing={3}>
      <AuthHeading title={t('auth.forgot.title')} />
      {step.name === 'email' && (
        <ForgotEmailStep defaultEmail={step.email} onSent={(email) => setStep({ name: 'code', email })} />
      )}
      {step.name === 'code' && (
        <ForgotCodeStep
          email={step.email}
          onVerified={(resetToken) => setStep({ name: 'password', resetToken })}
          onChangeEmail={() => setStep({ name: 'email', email: step.email })}
        />
      )}
      {step.name === 'password' && <ForgotPasswordStep resetToken={step.resetToken} onDone={done} />}
      <Link component={RouterLink} to={paths.auth.login.getHref()} variant="body2" align="center">
        {t('auth.forgot.backToLogin')}
      </Link>
    </Stack>
  );
}
