import { describe, expect, it } from 'vitest';
import { changePasswordError } from '../change-password-validation';

describe('changePasswordError', () => {
  it('should answer fieldIsEmpty when the old password is empty', () => {
    expect(changePasswordError({ password: '', newPassword: 'abcdef', passwordConfirm: 'abcdef' })).toBe(
      'fieldIsEmpty',
    );
  });

  it('should answer fieldIsEmpty before passwordLength when the new password is empty', () => {
    expect(changePasswordError({ password: 'old-pw', newPassword: '', passwordConfirm: '' })).toBe('fieldIsEmpty');
  });

  it('should show passwordLength when the new password is short', () => {
    expect(changePasswordError({ password: 'old-pw', newPassword: 'abc', passwordConfirm: 'xyz' })).toBe(
      'passwordLength',
    );
  });

  it('should answer incorrectPassword when the confirmation differs', () => {
    expect(changePasswordError({ password: 'old-pw', newPassword: 'abcdef', passwordConfirm: 'abcdeg' })).toBe(
      'incorrectPassword',
    );
  });

  it('should accept a valid change, including the same value as old and new (Google accounts)', () => {
    expect(changePasswordError({ password: 'abcdef', newPassword: 'abcdef', passwordConfirm: 'abcdef' })).toBeNull();
  });
});
