import { useEffect, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { keyframes } from '@mui/material/styles';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from '@/config/constants';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

const advance = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(-5%); }
`;

/**
 * docs/product-rules.md#constants: a thin bar at the top while a route loads. It appears only when loading lasts
 * longer than 200 ms, and fills over 5000 ms at most.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const target = navigation.state === 'idle' ? null : (navigation.location?.key ?? null);
  const [shownFor, setShownFor] = useState<string | null>(null);

  useEffect(() => {
    if (target === null) {
      return;
    }
    const timer = window.setTimeout(() => setShownFor(target), PROGRESS_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [target]);

  if (target === null || shownFor !== target) {
    return null;
  }
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
