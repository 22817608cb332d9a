import { createErrorTranslator } from './error-message';
import { i18n } from './i18n';
import { notifyError } from './notify';

const translate = createErrorTranslator(i18n);

/** Turns a failed call into an error toast (docs/screens.md#error-messages); some failures stay silent. */
export function handleApiError(error: unknown): void {
  const message = translate(error);
  if (message) {
    notifyError(message);
  }
}
