import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, login, type TestApp } from '../../../test/helper.js';
import { queryRows } from '../../db/client.js';
import { totpNow } from '../../lib/totp.js';

// docs/security.md#two-factor: recovery codes are shown once, stored as hashes, each signs in once
// (also under a race), and a new set (session + current code) replaces the old one.
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, token?: string) => t.inject({ method: 'POST', url, payload, token });

async function withTwoFactor() {
  const u = await createUser(t);
  const { accessToken } = await login(t, u);
  const { secret } = (await post('/api/user/turn-on-2fa', { password: u.password }, accessToken)).json();
  const on = await post(
    '/api/user/verify-2fa',
    { password: u.password, code: totpNow(secret, t.clock.nowMs()) },
    accessToken,
  );
  expect(on.statusCode, on.body).toBe(200);
  const codes = on.json().recoveryCodes as string[];
  return { u, token: accessToken, secret, codes };
}

const signIn = (u: { email: string; password: string }, code?: string) =>
  post('/api/auth/login', { email: u.email, password: u.password, ...(code === undefined ? {} : { code }) });

describe('2FA recovery codes', () => {
  it('should answer 10 distinct codes when 2FA is turned on and keep only their hashes', async () => {
    const { u, codes } = await withTwoFactor();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    }
    const rows = await queryRows<{ code_hash: string }>(
      t.ctx.db,
      sql`select code_hash from recovery_codes where user_id = ${u.id}`,
    );
    expect(rows).toHaveLength(10);
    const stored = rows.map((r) => r.code_hash).join(' ');
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('should sign in once with a recovery code, in any case, and refuse it the second time', async () => {
    const { u, codes } = await withTwoFactor();
    const first = await signIn(u, ` ${codes[0]!.toUpperCase()} `);
    expect(first.statusCode, first.body).toBe(200);
    const again = await signIn(u, codes[0]);
    expect([again.statusCode, again.json().message]).toEqual([400, 'INVALID_2FA']);
    expect((await signIn(u, codes[1])).statusCode).toBe(200);
    expect((await signIn(u, 'aaaaa-aaaaa')).json().message).toBe('INVALID_2FA');
  });

  it('should let exactly one of 10 concurrent sign-ins spend the same code', async () => {
    const { u, codes } = await withTwoFactor();
    const results = await Promise.all(Array.from({ length: 10 }, () => signIn(u, codes[2])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().message === 'INVALID_2FA')).toBe(true);
  });

  it('should not accept another user’s code', async () => {
    const a = await withTwoFactor();
    const b = await withTwoFactor();
    expect((await signIn(b.u, a.codes[0])).json().message).toBe('INVALID_2FA');
    expect((await signIn(a.u, a.codes[0])).statusCode).toBe(200);
  });

  it('should make a new set with a session and a current code, and retire the old one', async () => {
    const { u, token, secret, codes } = await withTwoFactor();
    const noCode = await post('/api/user/regenerate-recovery-codes', { code: '12345' }, token);
    expect([noCode.statusCode, noCode.json().message]).toEqual([400, 'VALIDATION_ERROR']);
    const wrong = totpNow(secret, t.clock.nowMs() + 10 * 60_000);
    expect((await post('/api/user/regenerate-recovery-codes', { code: wrong }, token)).json().message).toBe(
      'INVALID_2FA',
    );
    expect((await post('/api/user/regenerate-recovery-codes', { code: '123456' })).statusCode).toBe(401);

    t.clock.advance(30_000);
    const res = await post('/api/user/regenerate-recovery-codes', { code: totpNow(secret, t.clock.nowMs()) }, token);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    expect((await signIn(u, codes[3])).json().message).toBe('INVALID_2FA');
    expect((await signIn(u, fresh[0])).statusCode).toBe(200);
    // The account's trail says a new set was made, as it says 2FA went on and off.
    const trail = await t.inject({ method: 'GET', url: '/api/audit/list', token });
    expect(trail.json().items.map((r: { action: string }) => r.action)).toContain('account.recovery-codes');
  });

  it('should drop the codes when 2FA is turned off, and refuse a new set then', async () => {
    const { u, token, secret, codes } = await withTwoFactor();
    t.clock.advance(30_000);
    const off = await post(
      '/api/user/turn-off-2fa',
      { password: u.password, code: totpNow(secret, t.clock.nowMs()) },
      token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const rows = await queryRows(t.ctx.db, sql`select 1 from recovery_codes where user_id = ${u.id}`);
    expect(rows).toHaveLength(0);
    const res = await post('/api/user/regenerate-recovery-codes', { code: '123456' }, token);
    expect(res.json().message).toBe('TWOFA_IS_OFF');
    // Without 2FA a stray code is ignored: the password alone signs in.
    expect((await signIn(u)).statusCode).toBe(200);
    expect(codes).toHaveLength(10);
  });
});
