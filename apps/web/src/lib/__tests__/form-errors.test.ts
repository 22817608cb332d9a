import { ZLoginRequest, ZRegisterRequest } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { formErrorMap } from '../form-errors';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('formErrorMap', () => {
  it('should name fieldIsEmpty for empty login fields', () => {
    const result = ZLoginRequest.safeParse({ email: '', password: '' }, { error: formErrorMap });
    expect(messages(result)).toEqual({ email: 'fieldIsEmpty', password: 'fieldIsEmpty' });
  });

  it('should name passwordLength, incorrectPassword and agencyCodeInvalid on registration', () => {
    const result = ZRegisterRequest.safeParse(
      { email: 'a@b.cd', password: 'abc', passwordConfirm: 'abd', agencyCode: 'Bad_code' },
      { error: formErrorMap },
    );
    expect(messages(result)).toMatchObject({ password: 'passwordLength', agencyCode: 'agencyCodeInvalid' });
    const mismatch = ZRegisterRequest.safeParse(
      { email: 'a@b.cd', password: 'abcdef', passwordConfirm: 'abcdeg' },
      { error: formErrorMap },
    );
    expect(messages(mismatch)).toEqual({ passwordConfirm: 'incorrectPassword' });
  });

  it('should name codeInvalid for a 2FA code that is not 6 digits', () => {
    const result = ZLoginRequest.safeParse({ email: 'a@b.cd', password: 'x', code: '12a' }, { error: formErrorMap });
    expect(messages(result)).toEqual({ code: 'codeInvalid' });
  });
});
