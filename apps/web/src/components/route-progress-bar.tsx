import LinearProgress from '@mui/material/LinearProgress';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { PROGRESS_DURATION_MS } from '@/config/constants';

const advance = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(-5%); }
`;

/**
 * The bar of components/route-progress.tsx: a chunk of its own, fetched when a navigation starts
 * (it shows 200 ms later), so the login page's first download does not hold MUI's LinearProgress.
 */
export function RouteProgressBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      variant="determinate"
      value={0}
      aria-label={t('common.loading')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'transparent',
        '& .MuiLinearProgress-bar': {
          transition: 'none',
          animation: `${advance} ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards`,
        },
      }}
    />
  );
}
