import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, type TestApp } from '../../../test/helper.js';

/**
 * Two people register the same unverified address. Whichever registration's code is verified
 * sets the password; an earlier code stops working when a later registration is made.
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
  it.each([
    ['first-pass-1', 'second-pass-2'],
    ['second-pass-2', 'first-pass-1'],
  ])('should let only the newest registration (%s, then %s) be verified, with its own password', async (a, b) => {
    const email = `twice-${a}@example.com`;
    expect((await register(email, a)).statusCode).toBe(200);
    const codeA = t.mailer.lastCode(email);
    // Within the resend countdown, so nothing but the new registration can issue a code.
    expect((await register(email, b)).statusCode).toBe(200);
    const codeB = t.mailer.lastCode(email);
    expect(t.mailer.mails.filter((m) => m.to === email)).toHaveLength(2);

    // Before verification, the pending password says the address needs verifying; the other is wrong.
    expect(await loginStatus(email, b)).toBe('NOT_VERIFY_MAIL');
    expect(await loginStatus(email, a)).toBe('WRONG_PASSWORD');

    if (codeA !== codeB) {
      expect((await post('/api/auth/verify', { email, code: codeA })).json().message).toBe('WRONG_CODE');
    }
    expect((await post('/api/auth/verify', { email, code: codeB })).statusCode).toBe(200);
    expect(await loginStatus(email, b)).toBe('ok');
    expect(await loginStatus(email, a)).toBe('WRONG_PASSWORD');
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
      expect(await loginStatus(email, 'squatter-pass-2')).toBe('NOT_VERIFY_MAIL');
    }
    // The owner registers again, and verifies that code: the owner's password, not the squatter's.
    t.clock.advance(61_000);
    await register(email, 'owner-pass-1');
    expect((await post('/api/auth/verify', { email, code: t.mailer.lastCode(email) })).statusCode).toBe(200);
    expect(await loginStatus(email, 'owner-pass-1')).toBe('ok');
    expect(await loginStatus(email, 'squatter-pass-2')).toBe('WRONG_PASSWORD');
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
