import { ZCaptchaChallenge, ZLoginRequest } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { formErrorMap } from '@/lib/form-errors';
import { ZCaptchaChallengeLite, ZLoginForm } from '../lite-schemas';

function answer(schema: typeof ZLoginForm | typeof ZLoginRequest, input: unknown) {
  const result = schema.safeParse(input, { error: formErrorMap });
  return result.success
    ? { data: result.data }
    : { errors: result.error.issues.map((issue) => [issue.path.join('.'), issue.message]) };
}

describe('ZLoginForm (the login form, zod/mini)', () => {
  it('should describe the same JSON as the contract ZLoginRequest', () => {
    for (const io of ['input', 'output'] as const) {
      expect(toJSONSchema(ZLoginForm, { io })).toEqual(toJSONSchema(ZLoginRequest, { io }));
    }
  });

  it.each([
    { email: '', password: '' },
    { email: '  A@B.CD ', password: 'x' },
    { email: 'a@b.cd', password: 'x', code: ' 123456 ' },
    { email: 'a@b.cd', password: 'x', code: '12a' },
    { email: 'a@b.cd', password: 'x'.repeat(129) },
    { email: `${'a'.repeat(250)}@b.cd`, password: 'x' },
    { email: 'a@b.cd', password: 'x', captcha: 'token' },
  ])('should answer %j as the contract does (values and error texts)', (input) => {
    expect(answer(ZLoginForm, input)).toEqual(answer(ZLoginRequest, input));
  });
});

describe('ZCaptchaChallengeLite', () => {
  it('should describe the same JSON as the contract ZCaptchaChallenge', () => {
    for (const io of ['input', 'output'] as const) {
      expect(toJSONSchema(ZCaptchaChallengeLite, { io })).toEqual(toJSONSchema(ZCaptchaChallenge, { io }));
    }
  });
});
