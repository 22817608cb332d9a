import { lazy, Suspense } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { useAccessToken } from '@/lib/session';

const DefaultLayout = lazy(() => import('./default-layout').then((m) => ({ default: m.DefaultLayout })));
const HomeLayout = lazy(() => import('./home-layout').then((m) => ({ default: m.HomeLayout })));

/**
 * Pages open to everyone (tools, tutorials, support): in the signed-in app shell for a user, in
 * the landing layout for a visitor.
 */
export function PublicLayout() {
  const token = useAccessToken();
  return <Suspense fallback={<PageSpinner fullScreen />}>{token ? <DefaultLayout /> : <HomeLayout />}</Suspense>;
}
