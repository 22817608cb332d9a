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
import { loadForgotProgress, saveForgotProgress } from '../utils/forgot-progress';

type Step =
  | { name: 'email'; email: string }
  | { name: 'code'; email: string; sentAt: number }
  | { name: 'password'; resetToken: string };

/** A reload comes back to the code step it left (forgot-progress.ts), else starts with the email. */
function initialStep(): Step {
  const saved = loadForgotProgress();
  return saved ? { name: 'code', ...saved } : { name: 'email', email: '' };
}

/**
 * docs/wire-contract.md#auth: forgot password — email, then the mailed OTP (with a resend
 * countdown; a reload stays on this step), then a new password.
 */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(initialStep);

  const go = (next: Step) => {
    saveForgotProgress(next.name === 'code' ? { email: next.email, sentAt: next.sentAt } : null);
    setStep(next);
  };

  const done = () => {
    notifySuccess(t('auth.forgot.success'));
    void navigate(paths.auth.login.getHref(), { replace: true });
  };

  return (
    <Stack spacing={3}>
      <AuthHeading title={t('auth.forgot.title')} />
      {step.name === 'email' && (
        <ForgotEmailStep
          defaultEmail={step.email}
          onSent={(email) => go({ name: 'code', email, sentAt: Date.now() })}
        />
      )}
      {step.name === 'code' && (
        <ForgotCodeStep
          email={step.email}
          sentAt={step.sentAt}
          onResent={(sentAt) => go({ name: 'code', email: step.email, sentAt })}
          onVerified={(resetToken) => go({ name: 'password', resetToken })}
          onChangeEmail={() => go({ name: 'email', email: step.email })}
        />
      )}
      {step.name === 'password' && <ForgotPasswordStep resetToken={step.resetToken} onDone={done} />}
      <Link component={RouterLink} to={paths.auth.login.getHref()} variant="body2" align="center">
        {t('auth.forgot.backToLogin')}
      </Link>
    </Stack>
  );
}
