import { lazy, Suspense, useState } from 'react';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';

// Loaded with the first top-up it shows, so pages that never show it (login) do not download it.
const TopupSuccessDialog = lazy(() =>
  import('@/components/topup-success-dialog').then((m) => ({ default: m.TopupSuccessDialog })),
);

/** The realtime stream of the signed-in user, and the top-up success dialog it opens. */
export function RealtimeEvents() {
  const { shown, close } = useRealtimeEvents();
  // Stays mounted once shown, so closing still plays the dialog's exit transition.
  const [mounted, setMounted] = useState(false);
  if (shown !== null && !mounted) {
    setMounted(true);
  }
  if (!mounted) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <TopupSuccessDialog topup={shown} onClose={close} />
    </Suspense>
  );
}
