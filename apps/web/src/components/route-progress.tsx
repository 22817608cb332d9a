import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { PROGRESS_THROTTLE_MS } from '@/config/constants';

const loadBar = () => import('./route-progress-bar');
const RouteProgressBar = lazy(() => loadBar().then((m) => ({ default: m.RouteProgressBar })));

/**
 * docs/product-rules.md#constants: a thin bar at the top while a route loads. It appears only when loading lasts
 * longer than 200 ms, and fills over 5000 ms at most.
 */
export function RouteProgress() {
  const navigation = useNavigation();
  const target = navigation.state === 'idle' ? null : (navigation.location?.key ?? null);
  const [shownFor, setShownFor] = useState<string | null>(null);

  useEffect(() => {
    if (target === null) {
      return;
    }
    // Fetched now, so it is there when the bar is due (a failure shows when it renders).
    loadBar().catch(() => undefined);
    const timer = window.setTimeout(() => setShownFor(target), PROGRESS_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [target]);

  if (target === null || shownFor !== target) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <RouteProgressBar />
    </Suspense>
  );
}
