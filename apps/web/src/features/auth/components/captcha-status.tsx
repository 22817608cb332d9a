import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import type { CaptchaStatus as Status } from '../hooks/use-captcha';

/** The small "verifying you are human…" line under a protected form. */
export function CaptchaStatus({ status, onRetry }: { status: Status; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === 'off') {
    return null;
  }
  return (
    <Box
      data-testid="captcha-status"
      data-state={status}
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', minHeight: 24 }}
    >
      {status === 'solving' && <CircularProgress size={14} />}
      {status === 'ready' && <CheckCircleOutline fontSize="small" color="success" />}
      {status === 'error' && <ErrorOutline fontSize="small" color="error" />}
      <Typography variant="caption">
        {status === 'solving' && t('auth.captcha.verifying')}
        {status === 'ready' && t('auth.captcha.verified')}
        {status === 'error' && (
          <Link component="button" type="button" variant="caption" onClick={onRetry}>
            {t('auth.captcha.failed')}
          </Link>
        )}
      </Typography>
    </Box>
  );
}
