import { AppShell } from './components/app-shell';
import { adminNavItems } from './components/nav-items';

/** The admin layout; AdminGuard in front of it keeps other roles out. */
export function AdminLayout() {
  return <AppShell navItems={adminNavItems} />;
}
