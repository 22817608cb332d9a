import { enqueueSnackbar } from 'notistack';

/** Toasts (docs/screens.md#error-messages): bottom right, 3 s; placement and duration are set on the provider. */
export function notifySuccess(message: string): void {
  enqueueSnackbar(message, { variant: 'success' });
}

export function notifyError(message: string): void {
  enqueueSnackbar(message, { variant: 'error' });
}
