import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '@/components/query-provider';
import { useAccessToken } from '@/lib/session';
import { Shortfalls } from '../shortfalls';

// Only a signed-in user has a realtime stream: visitors do not download it.
const RealtimeEvents = lazy(() => import('../realtime-events').then((m) => ({ default: m.RealtimeEvents })));

/**
 * Every route but the login page: TanStack Query's cache (and, signed in, the realtime stream
 * that updates it). A lazy route, so the login page's first download holds neither
 * (docs/development.md#the-web-bundle).
 */
export function QueryLayout() {
  const signedIn = useAccessToken() !== null;
  return (
    <QueryProvider>
      <Outlet />
      {signedIn && (
        <Suspense fallback={null}>
          <RealtimeEvents />
        </Suspense>
      )}
      {signedIn && <Shortfalls />}
    </QueryProvider>
  );
}
