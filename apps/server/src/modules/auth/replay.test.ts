import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { build, createUser, login, type TestApp } from '../../../test/helper.js';
import { totpNow } from '../../lib/totp.js';

/** One-time secrets (TOTP codes, reset tokens, mailed codes) raced by 20 parallel requests. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const PARALLEL = 20;
/** Each request from its own address, so only the per-account limits are in play. */
const ip = (i: number) => `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}`;
const post = (url: string, payload: object, i: number) =>
  t.inject({ method: 'POST', url, payload, remoteAddress: ip(i) });

function tally(res: { statusCode: number; json: () => { message?: string } }[]) {
  const out: Record<string, number> = {};
  for (const r of res) {
    const key = r.statusCode === 200 ? 'ok' : String(r.json().message);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function sessionsOf(userId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    t.ctx.db,
    sql`select count(*) as n from sessions where user_id = ${userId}`,
  );
  return Number(rows[0]?.n);
}

describe('single use under a race', () => {
  it('should log in once with one TOTP code sent by 20 parallel requests', async () => {
    const u = await createUser(t);
    const { accessToken } = await login(t, u);
    const on = await t.inject({
      method: 'POST',
      url: '/api/user/turn-on-2fa',
      token: accessToken,
      payload: { password: u.password },
    });
    const { secret } = on.json<{ secret: string }>();
    const verify = await t.inject({
      method: 'POST',
      url: '/api/user/verify-2fa',
      token: accessToken,
      payload: { password: u.password, code: totpNow(secret, t.clock.nowMs()) },
    });
    expect(verify.statusCode).toBe(200);
    t.clock.advance(30_000);
    const code = totpNow(secret, t.clock.nowMs());
    const before = await sessionsOf(u.id);
    const res = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post('/api/auth/login', { email: u.email, password: u.password, code }, i),
      ),
    );
    // Each from its own address, so no login limit turns any away: the code alone decides.
    expect(tally(res)).toEqual({ ok: 1, INVALID_2FA: PARALLEL - 1 });
    expect(await sessionsOf(u.id)).toBe(before + 1);
  });

  it('should set a new password once with one reset token sent by 20 parallel requests', async () => {
    const u = await createUser(t);
    const old = await login(t, u);
    expect((await post('/api/auth/forgot-password', { email: u.email }, 0)).statusCode).toBe(200);
    const check = await post('/api/auth/check-code-forgot', { email: u.email, code: t.mailer.lastCode(u.email) }, 0);
    const { resetToken } = check.json<{ resetToken: string }>();
    const res = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.inject({
          method: 'PUT',
          url: '/api/auth/create-new-password',
          payload: { resetToken, password: `raced-pass-${i}` },
          remoteAddress: ip(i),
        }),
      ),
    );
    expect(tally(res)).toEqual({ ok: 1, INVALID_TOKEN: PARALLEL - 1 });
    const winner = res.findIndex((r) => r.statusCode === 200);
    const logins = await Promise.all(
      [winner, (winner + 1) % PARALLEL].map((i) =>
        post('/api/auth/login', { email: u.email, password: `raced-pass-${i}` }, 100 + i),
      ),
    );
    expect(logins.map((r) => r.statusCode)).toEqual([200, 400]);
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token: old.accessToken })).statusCode).toBe(401);
  });

  it('should verify an address once with one code sent by 20 parallel requests', async () => {
    const email = 'race-verify@example.com';
    const reg = await post('/api/auth/register', { email, password: 'race-pass-1', passwordConfirm: 'race-pass-1' }, 0);
    expect(reg.statusCode).toBe(200);
    const code = t.mailer.lastCode(email);
    const res = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => post('/api/auth/verify', { email, code }, i)),
    );
    const counts = tally(res);
    expect(counts.ok).toBe(1);
    // The rest find the code spent, out of attempts, or the address already verified.
    expect((counts.VERIFY_EMAIL_FAIL_EXP ?? 0) + (counts.VERIFY_EMAIL_ALREADY ?? 0)).toBe(PARALLEL - 1);
    expect((await post('/api/auth/login', { email, password: 'race-pass-1' }, 50)).statusCode).toBe(200);
  });

  it('should hand out one reset token for one mailed code sent by 20 parallel requests', async () => {
    const u = await createUser(t);
    expect((await post('/api/auth/forgot-password', { email: u.email }, 0)).statusCode).toBe(200);
    const code = t.mailer.lastCode(u.email);
    const res = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => post('/api/auth/check-code-forgot', { email: u.email, code }, i)),
    );
    const counts = tally(res);
    expect(counts.ok).toBe(1);
    expect(counts.VERIFY_EMAIL_FAIL_EXP).toBe(PARALLEL - 1);
  });
});
