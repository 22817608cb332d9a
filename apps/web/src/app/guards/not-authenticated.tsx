import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAccessToken } from '@/lib/session';

/** docs/screens.md#guards: 'notAuthenticated' and 'authenticated-home': a logged-in user goes to the dashboard. */
export function NotAuthenticatedGuard() {
  const token = useAccessToken();
  if (token) {
    return <Navigate to={paths.app.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
