import { useMe } from '@/lib/auth';
import { AppShell } from './components/app-shell';
import { adminNavItems } from './components/nav-items';

/** The admin layout; AdminGuard in front of it keeps other roles out. */
export function AdminLayout() {
  const { data: me } = useMe();
  return <AppShell navItems={adminNavItems(me?.role)} />;
}
