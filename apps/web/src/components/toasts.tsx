import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastHost } from '@/lib/notify';

const ToastHost = lazy(() => import('./toast-host'));

/** Where toasts appear; their code loads with the first one. */
export function Toasts() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
