import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';

/** docs/security.md#activity-trail: password resets and changes are in the customer's own trail. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip: string) =>
  t.inject({ method: 'POST', url, payload, remoteAddress: ip });

async function trail(token: string) {
  const res = await t.inject({ method: 'GET', url: '/api/audit/list', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { action: string; actor: string; ip: string | null }[] }>().items;
}

describe("the customer's activity trail", () => {
  it('should record a password reset, with the address it came from', async () => {
    const c = await customer(t);
    expect((await post('/api/auth/forgot-password', { email: c.email }, '198.51.100.40')).statusCode).toBe(200);
    const check = await post(
      '/api/auth/check-code-forgot',
      { email: c.email, code: t.mailer.lastCode(c.email) },
      '198.51.100.40',
    );
    const created = await t.inject({
      method: 'PUT',
      url: '/api/auth/create-new-password',
      remoteAddress: '198.51.100.41',
      payload: { resetToken: check.json<{ resetToken: string }>().resetToken, password: 'after-reset-1' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const login = await post('/api/auth/login', { email: c.email, password: 'after-reset-1' }, '198.51.100.42');
    const items = await trail(login.json<{ tokens: { accessToken: string } }>().tokens.accessToken);
    expect(items.find((i) => i.action === 'account.password-reset')).toMatchObject({ ip: '198.51.100.41' });
  });

  it('should record a password change', async () => {
    const c = await customer(t);
    const res = await t.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      token: c.token,
      payload: { password: c.password, newPassword: 'changed-pass-1', passwordConfirm: 'changed-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = await trail(res.json<{ tokens: { accessToken: string } }>().tokens.accessToken);
    expect(items.map((i) => i.action)).toContain('account.password');
  });
});
