import { MIN_PASSWORD_LENGTH } from '@proxy/contract';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
// Only the client messages (part of the first load's texts), not every text of the panel.
import { error as clientErrors } from '@/locales/vi/errors';

export type ClientErrorKey = keyof typeof clientErrors;

const FORMAT_ERRORS: Partial<Record<string, ClientErrorKey>> = {
  email: 'emailInvalid',
  agencyCode: 'agencyCodeInvalid',
  code: 'codeInvalid',
};

/**
 * A zod error map for forms: it names the client message (docs/product-rules.md#validation,
 * docs/screens.md#error-messages) of each issue. Contract schemas that carry their own message
 * (e.g. 'incorrectPassword') keep it.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const field = String(issue.path?.at(-1) ?? '');
  if (issue.input === '' || issue.input === undefined) {
    return 'fieldIsEmpty';
  }
  if (issue.code === 'too_small' && issue.minimum === MIN_PASSWORD_LENGTH) {
    return 'passwordLength';
  }
  return FORMAT_ERRORS[field] ?? 'fieldIsEmpty';
};

function isClientErrorKey(message: string): message is ClientErrorKey {
  return Object.hasOwn(clientErrors, message);
}

/** The translated text of a field error produced through formErrorMap. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) {
    return undefined;
  }
  const key = error.message && isClientErrorKey(error.message) ? error.message : 'fieldIsEmpty';
  return t(`error.${key}`);
}

/** The first field error of a rejected form, in the order of `fields`. */
export function firstErrorText<T extends FieldValues>(
  t: TFunction,
  errors: FieldErrors<T>,
  fields: readonly (keyof T & string)[],
): string | undefined {
  for (const field of fields) {
    const text = fieldErrorText(t, errors[field] as FieldError | undefined);
    if (text) {
      return text;
    }
  }
  return undefined;
}
