import { ApiError } from './api-error';
import { createErrorTranslator } from './error-message';
import { i18n } from './i18n';
import { notifyError } from './notify';
import { hasShortfallListener, shortfallStore } from './shortfall';

const translate = createErrorTranslator(i18n);

/** Turns a failed call into an error toast (docs/screens.md#error-messages); some failures stay silent. */
export function handleApiError(error: unknown): void {
  // docs/screens.md#not-enough-balance: a refused charge with its figures opens the shortfall
  // dialog (what is missing, and a top-up of that amount) instead of a toast.
  const shortfall = error instanceof ApiError ? error.dataOf('NOT_ENOUGH_MONEY') : undefined;
  if (shortfall && hasShortfallListener()) {
    shortfallStore.show(shortfall);
    return;
  }
  const message = translate(error);
  if (message) {
    notifyError(message);
  }
}
