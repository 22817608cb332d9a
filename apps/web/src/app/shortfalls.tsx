import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useShownOnce } from '@/hooks/use-shown-once';
import { shortfallStore } from '@/lib/shortfall';

// Loaded with the first refused charge, so pages that never meet one do not download it.
const ShortfallDialog = lazy(() =>
  import('@/components/shortfall-dialog').then((m) => ({ default: m.ShortfallDialog })),
);

/** The "not enough balance" dialog of the signed-in user (lib/shortfall.ts). */
export function Shortfalls() {
  const shortfall = useSyncExternalStore(shortfallStore.subscribe, shortfallStore.get);
  const mounted = useShownOnce(shortfall !== null);
  if (!mounted) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ShortfallDialog shortfall={shortfall} onClose={shortfallStore.close} />
    </Suspense>
  );
}
