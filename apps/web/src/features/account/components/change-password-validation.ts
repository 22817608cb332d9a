import { MIN_PASSWORD_LENGTH, type TChangePasswordRequest } from '@proxy/contract';
import type { ClientErrorKey } from '@/lib/form-errors';

/**
 * docs/product-rules.md#passwords, in this order: old or new password empty → fieldIsEmpty; new shorter than 6 →
 * passwordLength; new different from its confirmation → incorrectPassword.
 */
export function changePasswordError(values: TChangePasswordRequest): ClientErrorKey | null {
  if (!values.password || !values.newPassword) {
    return 'fieldIsEmpty';
  }
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) {
    return 'passwordLength';
  }
  if (values.newPassword !== values.passwordConfirm) {
    return 'incorrectPassword';
  }
  return null;
}
