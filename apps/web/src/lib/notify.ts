/**
 * Toasts (docs/screens.md#error-messages): bottom right, 3 s; placement and duration are set on
 * the provider. notistack and its provider load with the first toast (components/toasts.tsx), so
 * a page that shows none does not download them.
 */
type Variant = 'success' | 'error';

let wanted = false;
const listeners = new Set<() => void>();
let hostMounted: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** For useSyncExternalStore: whether a toast was ever asked for, so the host must be mounted. */
export const toastHost = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: (): boolean => wanted,
  /** Called by the host once its SnackbarProvider is mounted. */
  mounted: (): void => hostMounted(),
};

function enqueue(message: string, variant: Variant): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void hostReady.then(() => import('notistack')).then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant }));
}

export function notifySuccess(message: string): void {
  enqueue(message, 'success');
}

export function notifyError(message: string): void {
  enqueue(message, 'error');
}
