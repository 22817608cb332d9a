import { useMe } from '@/lib/auth';
import { useSiteInfo } from '@/lib/site-info';
import { AppShell } from './components/app-shell';
import { userNavItems } from './components/nav-items';

/** The signed-in user's layout. */
export function DefaultLayout() {
  const site = useSiteInfo();
  const { data: me } = useMe();
  return <AppShell navItems={userNavItems(site, me?.role)} support />;
}
