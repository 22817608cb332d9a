import { Navigate, Outlet } from 'react-router';
import { isAdminRole } from '@proxy/contract';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';

/** docs/screens.md#guards: the admin layout sends roles other than 0 and 2 to the dashboard. */
export function AdminGuard() {
  const { data: me, isError } = useMe();
  if (!me) {
    return isError ? <Navigate to={paths.app.dashboard.getHref()} replace /> : <PageSpinner />;
  }
  if (!isAdminRole(me.role)) {
    return <Navigate to={paths.app.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
