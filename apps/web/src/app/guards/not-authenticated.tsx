import { useEffect, useMemo } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { clearPendingBuy, peekPendingBuy } from '@/lib/pending-buy';
import { useAccessToken } from '@/lib/session';

/**
 * docs/screens.md#guards: 'notAuthenticated' and 'authenticated-home': a logged-in user goes to the
 * dashboard, or to the purchase a visitor chose on the home page before signing up (docs/screens.md#home).
 */
export function NotAuthenticatedGuard() {
  const token = useAccessToken();
  const pending = useMemo(() => (token ? peekPendingBuy() : null), [token]);
  useEffect(() => {
    if (token && pending) {
      clearPendingBuy();
    }
  }, [token, pending]);
  if (token) {
    return <Navigate to={pending ?? paths.app.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
