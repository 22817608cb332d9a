import { lazy, Suspense } from 'react';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';
import { useShownOnce } from '@/hooks/use-shown-once';

// Loaded with the first top-up it shows, so pages that never show it (login) do not download it.
const TopupSuccessDialog = lazy(() =>
  import('@/components/topup-success-dialog').then((m) => ({ default: m.TopupSuccessDialog })),
);

/** The realtime stream of the signed-in user, and the top-up success dialog it opens. */
export function RealtimeEvents() {
  const { shown, close } = useRealtimeEvents();
  const mounted = useShownOnce(shown !== null);
  if (!mounted) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <TopupSuccessDialog topup={shown} onClose={close} />
    </Suspense>
  );
}
