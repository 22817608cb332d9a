import { ZCaptchaChallenge, ZLoginRequest } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { formErrorMap } from '@/lib/form-errors';
import { read } from '@/lib/plain-reader';
import { checkLoginForm, readCaptchaChallenge, type LoginFormInput } from '../lite-schemas';

/** What zodResolver(ZLoginRequest, { error: formErrorMap }) makes of the form: values or the first message of each field. */
function contractAnswer(input: LoginFormInput) {
  const result = ZLoginRequest.safeParse(input, { error: formErrorMap });
  if (result.success) {
    return { data: result.data };
  }
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return { errors };
}

const EMAILS = ['', '   ', 'a@b.cd', '  A@B.CD ', 'not-an-email', `${'a'.repeat(249)}@b.cd`, `${'a'.repeat(250)}@b.cd`];
const PASSWORDS = ['', ' ', 'x', 'secret', 'x'.repeat(128), 'x'.repeat(129)];
const CODES = [
  undefined,
  ' ',
  '123456',
  ' 123456 ',
  '12a',
  '1234567',
  '12345',
  'k3m7q-x2p4a',
  ' K3M7Q-X2P4A ',
  'k3m7q-x2p41',
  'k3m7qx2p4a',
];

describe('checkLoginForm (the login form, without zod)', () => {
  const inputs = EMAILS.flatMap((email) =>
    PASSWORDS.flatMap((password) => CODES.map((code) => ({ email, password, code }))),
  );

  it.each(inputs)('should answer %j as the contract does (values and error texts)', (input) => {
    const checked = checkLoginForm(input);
    expect(checked.data ? { data: checked.data } : { errors: checked.errors }).toEqual(contractAnswer(input));
  });
});

describe('readCaptchaChallenge', () => {
  const challenge = { algorithm: 'SHA-256', challenge: 'c', maxnumber: 1000, salt: 's', signature: 'sig' };

  it.each([
    challenge,
    { ...challenge, maxnumber: undefined },
    { ...challenge, extra: true },
    { ...challenge, maxnumber: '5' },
    { ...challenge, salt: null },
    { algorithm: 'SHA-256' },
    null,
    'x',
  ])('should read %j as ZCaptchaChallenge does', (input) => {
    const parsed = ZCaptchaChallenge.safeParse(input);
    expect(read(readCaptchaChallenge, input)).toEqual(parsed.success ? parsed.data : null);
  });
});
