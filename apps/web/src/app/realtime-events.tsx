import { TopupSuccessDialog } from '@/components/topup-success-dialog';
import { useRealtimeEvents } from '@/hooks/use-realtime-events';

/** The realtime stream of the signed-in user, and the top-up success dialog it opens. */
export function RealtimeEvents() {
  const { shown, close } = useRealtimeEvents();
  return <TopupSuccessDialog topup={shown} onClose={close} />;
}
