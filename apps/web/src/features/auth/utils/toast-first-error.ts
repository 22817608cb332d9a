import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { firstErrorText } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';

/**
 * A rejected auth form (docs/screens.md#error-messages): the first field error, in the order of
 * `fields`, as a toast.
 */
export function toastFirstError<T extends FieldValues>(
  t: TFunction,
  errors: FieldErrors<T>,
  fields: readonly (keyof T & string)[],
): void {
  const text = firstErrorText(t, errors, fields);
  if (text) {
    notifyError(text);
  }
}
