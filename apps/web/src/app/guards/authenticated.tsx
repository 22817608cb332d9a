import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAccessToken } from '@/lib/session';

/** docs/screens.md#guards: 'authenticated': a visitor without a stored access token goes to the login page. */
export function AuthenticatedGuard() {
  const token = useAccessToken();
  if (!token) {
    return <Navigate to={paths.auth.login.getHref()} replace />;
  }
  return <Outlet />;
}
