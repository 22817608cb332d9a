import { useEffect } from 'react';
import { SnackbarProvider } from 'notistack';
import { TOAST_DURATION_MS } from '@/config/constants';
import { toastHost } from '@/lib/notify';

/** notistack's provider, mounted by <Toasts /> with the first toast (lib/notify.ts). */
export default function ToastHost() {
  useEffect(() => {
    toastHost.mounted();
  }, []);
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    />
  );
}
