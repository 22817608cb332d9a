import { useMemo } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { peekPendingBuy } from '@/lib/pending-buy';
import { useAccessToken } from '@/lib/session';

/**
 * docs/screens.md#guards: 'notAuthenticated' and 'authenticated-home': a logged-in user goes to the
 * dashboard, or to the purchase a visitor chose on the home page before signing in
 * (docs/screens.md#home; the dashboard clears it once opened).
 */
export function NotAuthenticatedGuard() {
  const token = useAccessToken();
  const pending = useMemo(() => (token ? peekPendingBuy() : null), [token]);
  if (token) {
    return <Navigate to={pending ?? paths.app.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
