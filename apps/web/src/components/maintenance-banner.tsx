import { lazy, Suspense, useEffect } from 'react';
import { refreshSiteInfo, useSiteInfo } from '@/lib/site-info';

const REFRESH_MS = 60_000;

const MaintenanceNotice = lazy(() => import('./maintenance-notice').then((m) => ({ default: m.MaintenanceNotice })));

/**
 * docs/screens.md#maintenance: the site's maintenance notice, for everyone, above every layout.
 * The site info is read again every minute so a notice turned on or off shows without a reload.
 */
export function MaintenanceBanner() {
  const notice = useSiteInfo().maintenance;
  useEffect(() => {
    // Like a query's refetchInterval: not while the tab is in the background.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') {
        void refreshSiteInfo();
      }
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!notice) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <MaintenanceNotice notice={notice} />
    </Suspense>
  );
}
