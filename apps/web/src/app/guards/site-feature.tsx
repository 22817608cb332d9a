import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteInfo } from '@/lib/site-info';

/** docs/screens.md#guards: Agency and API exist only on the proxy-owner site. */
export function AgencyApiGuard() {
  const { showAgencyApi } = useSiteInfo();
  if (!showAgencyApi) {
    return <Navigate to={paths.app.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
