import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, type TestApp } from '../../../test/helper.js';

/**
 * Two people register the same unverified address. Only the newest code works; when the two
 * registrations' passwords differ, verifying sets neither, and the mailbox's owner sets a password
 * through "forgot password". The same password again is just a new code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const post = (url: string, payload: object) =>
  t.inject({ method: 'POST', url, payload, remoteAddress: `10.66.0.${(n++ % 250) + 1}` });
const register = (email: string, password: string) =>
  post('/api/auth/register', { email, password, passwordConfirm: password });
const loginStatus = async (email: string, password: string) => {
  const res = await post('/api/auth/login', { email, password });
  return res.statusCode === 200 ? 'ok' : String(res.json().message);
};

describe('registering an unverified address again', () => {
  /** The mailbox's owner sets a password through forgot-password; it is the only one that opens. */
  async function setThroughForgot(email: string, password: string) {
    t.clock.advance(61_000);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const check = await post('/api/auth/check-code-forgot', { email, code: t.mailer.lastCode(email) });
    const { resetToken } = check.json<{ resetToken: string }>();
    const created = await t.inject({
      method: 'PUT',
      url: '/api/auth/create-new-password',
      payload: { resetToken, password },
    });
    expect(created.statusCode, `${check.body} ${created.body}`).toBe(200);
  }

  it.each([
    ['owner-pass-1', 'squatter-pass-2'],
    ['squatter-pass-2', 'owner-pass-1'],
  ])('should give neither password (%s, then %s) when the owner verifies the newest code', async (a, b) => {
    const email = `twice-${a}@example.com`;
    expect((await register(email, a)).statusCode).toBe(200);
    const codeA = t.mailer.lastCode(email);
    // Within the resend countdown, so nothing but the new registration can issue a code.
    expect((await register(email, b)).statusCode).toBe(200);
    const codeB = t.mailer.lastCode(email);
    expect(t.mailer.mails.filter((m) => m.to === email)).toHaveLength(2);
    expect(await loginStatus(email, a)).toBe('WRONG_PASSWORD');
    expect(await loginStatus(email, b)).toBe('WRONG_PASSWORD');

    if (codeA !== codeB) {
      expect((await post('/api/auth/verify', { email, code: codeA })).json().message).toBe('WRONG_CODE');
    }
    expect((await post('/api/auth/verify', { email, code: codeB })).statusCode).toBe(200);
    // Whoever registered, neither password opens the verified account.
    expect(await loginStatus(email, a)).toBe('WRONG_PASSWORD');
    expect(await loginStatus(email, b)).toBe('WRONG_PASSWORD');
    await setThroughForgot(email, 'owners-own-3');
    expect(await loginStatus(email, 'owners-own-3')).toBe('ok');
    expect(await loginStatus(email, a)).toBe('WRONG_PASSWORD');
    expect(await loginStatus(email, b)).toBe('WRONG_PASSWORD');
  });

  it("should not let a later registration's password ride on an earlier code", async () => {
    const email = 'first-code@example.com';
    await register(email, 'owner-pass-1');
    const ownerCode = t.mailer.lastCode(email);
    await register(email, 'squatter-pass-2');
    // The owner enters the first code: it is dead, so no password is set through it.
    const res = await post('/api/auth/verify', { email, code: ownerCode });
    // (Unless the second mail happened to draw the very same six digits.)
    const sameDigits =
      t.mailer.mails.filter((m) => m.to === email).length === 2 && t.mailer.lastCode(email) === ownerCode;
    if (!sameDigits) {
      expect(res.json().message).toBe('WRONG_CODE');
      expect(await loginStatus(email, 'squatter-pass-2')).toBe('WRONG_PASSWORD');
      // The owner asks for the code again and verifies it: still not the squatter's password.
      t.clock.advance(61_000);
      expect((await post('/api/auth/receive-code', { email })).statusCode).toBe(200);
      expect((await post('/api/auth/verify', { email, code: t.mailer.lastCode(email) })).statusCode).toBe(200);
    }
    expect(await loginStatus(email, 'squatter-pass-2')).toBe('WRONG_PASSWORD');
    await setThroughForgot(email, 'owner-pass-1');
    expect(await loginStatus(email, 'owner-pass-1')).toBe('ok');
    expect(await loginStatus(email, 'squatter-pass-2')).toBe('WRONG_PASSWORD');
  });

  it('should keep the password when the same person registers again with it', async () => {
    const email = 'same-again@example.com';
    await register(email, 'same-pass-1');
    await register(email, 'same-pass-1');
    expect((await post('/api/auth/verify', { email, code: t.mailer.lastCode(email) })).statusCode).toBe(200);
    expect(await loginStatus(email, 'same-pass-1')).toBe('ok');
  });

  it('should keep the pending password on a resent code, even once the old codes were purged', async () => {
    const email = 'resent@example.com';
    await register(email, 'resent-pass-1');
    // The daily clean-up deletes codes a day past their expiry; the registration must survive it.
    t.clock.advance(2 * 24 * 3600_000);
    await t.ctx.db.execute(sql`delete from email_codes where email = ${email}`);
    expect((await post('/api/auth/receive-code', { email })).statusCode).toBe(200);
    expect((await post('/api/auth/verify', { email, code: t.mailer.lastCode(email) })).statusCode).toBe(200);
    expect(await loginStatus(email, 'resent-pass-1')).toBe('ok');
  });
});
