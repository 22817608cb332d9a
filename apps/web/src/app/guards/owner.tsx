import { Navigate, Outlet } from 'react-router';
import { ROLE } from '@proxy/contract';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth';

/** Pages of the owner (role 0) only, e.g. the gateway nodes; a site admin goes back to /admin. */
export function OwnerGuard() {
  const { data: me } = useMe();
  if (!me) {
    return <PageSpinner />;
  }
  if (me.role !== ROLE.OWNER) {
    return <Navigate to={paths.admin.root.getHref()} replace />;
  }
  return <Outlet />;
}
