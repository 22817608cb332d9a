import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { totpNow } from '../../lib/totp.js';
import { build, createUser, login, type TestApp } from '../../../test/helper.js';

/** A local stand-in for Google's JWKS endpoint: RS256 keys, served as Google serves them. */
let jwksServer: Server;
let privateKey: CryptoKey;
let t: TestApp;
const CLIENT_ID = 'test-client.apps.googleusercontent.com';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
  const port = (jwksServer.address() as AddressInfo).port;
  t = await build({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
});
afterAll(async () => {
  await t.close();
  jwksServer.close();
});

function idToken(claims: Record<string, unknown>, opts: { aud?: string; iss?: string; key?: CryptoKey } = {}) {
  const now = Math.floor(t.clock.nowMs() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(opts.key ?? privateKey);
}

const google = (credential: string) => t.inject({ method: 'POST', url: '/api/auth/google', payload: { credential } });
let ipN = 0;
const post = (url: string, payload: object) =>
  t.inject({ method: 'POST', url, payload, remoteAddress: `10.55.0.${(ipN++ % 250) + 1}` });
const loginMessage = async (email: string, password: string) => {
  const res = await post('/api/auth/login', { email, password });
  return res.statusCode === 200 ? 'ok' : String(res.json().message);
};

describe('POST /api/auth/google', () => {
  it('should ask an account with 2FA on for its code, refuse a wrong one, and take a recovery code once', async () => {
    const u = await createUser(t, { email: 'two-factor@gmail.com' });
    const { accessToken } = await login(t, u);
    const on = await t.inject({
      method: 'POST',
      url: '/api/user/turn-on-2fa',
      token: accessToken,
      payload: { password: u.password },
    });
    const { secret } = on.json<{ secret: string }>();
    const confirm = { password: u.password, code: totpNow(secret, t.clock.nowMs()) };
    const verified = await t.inject({
      method: 'POST',
      url: '/api/user/verify-2fa',
      token: accessToken,
      payload: confirm,
    });
    expect(verified.statusCode).toBe(200);
    const onCodes = verified.json<{ recoveryCodes: string[] }>().recoveryCodes;
    t.clock.advance(31_000);
    const credential = await idToken({ sub: 'g-2fa', email: 'two-factor@gmail.com' });
    const sessions = async () =>
      (
        await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from sessions where user_id = ${u.id}`)
      )[0]!.n;
    const before = await sessions();
    const missing = await google(credential);
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'MISSING_2FA']);
    const wrongCode = totpNow(secret, t.clock.nowMs() + 10 * 60_000);
    const wrong = await t.inject({ method: 'POST', url: '/api/auth/google', payload: { credential, code: wrongCode } });
    expect(wrong.json().message).toBe('INVALID_2FA');
    expect(await sessions()).toBe(before);
    const right = await t.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { credential, code: totpNow(secret, t.clock.nowMs()) },
    });
    expect(right.statusCode).toBe(200);
    expect(await sessions()).toBe(before + 1);
    // A lost phone: one of the recovery codes shown at verify-2fa stands in for the app's code, once.
    const code = onCodes[0]!.toUpperCase();
    const first = await t.inject({ method: 'POST', url: '/api/auth/google', payload: { credential, code } });
    expect(first.statusCode).toBe(200);
    expect(await sessions()).toBe(before + 2);
    const again = await t.inject({ method: 'POST', url: '/api/auth/google', payload: { credential, code } });
    expect(again.json().message).toBe('INVALID_2FA');
  });

  it('should create a verified account without a password, and log it in', async () => {
    const res = await google(await idToken({ sub: 'g-1', email: 'G.User@Gmail.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'g.user@gmail.com', hasPassword: false });
    // Password login answers as for an unknown address: it must not tell the account is Google-only.
    const pw = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'g.user@gmail.com', password: 'anything1' },
    });
    expect(pw.json().message).toBe('WRONG_PASSWORD');
  });

  it('should let a Google-only account set a password by giving the same value as current and new', async () => {
    const res = await google(await idToken({ sub: 'g-2', email: 'setter@gmail.com' }));
    const token = res.json().tokens.accessToken;
    const set = await t.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      token,
      payload: { password: 'my-new-pass', newPassword: 'my-new-pass', passwordConfirm: 'my-new-pass' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'setter@gmail.com', password: 'my-new-pass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('should sign in an existing password account with the same email', async () => {
    const u = await createUser(t, { email: 'both@gmail.com' });
    const res = await google(await idToken({ sub: 'g-3', email: u.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(u.id);
  });

  it('should refuse a token for another audience, another issuer, a foreign key or an unverified email', async () => {
    const foreign = (await generateKeyPair('RS256')).privateKey;
    const bad = [
      await idToken({ sub: 'x', email: 'x@gmail.com' }, { aud: 'someone-else' }),
      await idToken({ sub: 'x', email: 'x@gmail.com' }, { iss: 'https://evil.example.com' }),
      await idToken({ sub: 'x', email: 'x@gmail.com' }, { key: foreign }),
      await idToken({ sub: 'x', email: 'x@gmail.com', email_verified: false }),
      'not-a-jwt',
    ];
    for (const credential of bad) {
      const res = await google(credential);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('INVALID_TOKEN');
    }
  });

  it("should drop a squatter's password, codes and sessions when the mailbox owner signs in with Google", async () => {
    const email = 'squatted@gmail.com';
    const reg = await post('/api/auth/register', {
      email,
      password: 'squatter-pass',
      passwordConfirm: 'squatter-pass',
    });
    expect(reg.statusCode).toBe(200);
    const verifyCode = t.mailer.lastCode(email);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetCode = t.mailer.lastCode(email);

    const res = await google(await idToken({ sub: 'g-squat', email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, hasPassword: false });

    expect(await loginMessage(email, 'squatter-pass')).toBe('WRONG_PASSWORD');
    expect((await post('/api/auth/verify', { email, code: verifyCode })).json().message).toBe('VERIFY_EMAIL_ALREADY');
    expect((await post('/api/auth/check-code-forgot', { email, code: resetCode })).json().message).toBe(
      'VERIFY_EMAIL_FAIL_EXP',
    );
    const pending = await queryRows<{ n: string | number }>(
      t.ctx.db,
      sql`select count(*) as n from email_codes where email = ${email} and consumed_at is null`,
    );
    expect(Number(pending[0]?.n)).toBe(0);

    // The Google user sets a password of their own, and only that one opens the account.
    const set = await t.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      token: res.json().tokens.accessToken,
      payload: { password: 'owner-pass-1', newPassword: 'owner-pass-1', passwordConfirm: 'owner-pass-1' },
    });
    expect(set.statusCode).toBe(200);
    expect(await loginMessage(email, 'owner-pass-1')).toBe('ok');
    expect(await loginMessage(email, 'squatter-pass')).toBe('WRONG_PASSWORD');
  });

  it('should end the sessions and the password of an account whose address was not verified', async () => {
    // An account with a password and a live session whose address is not verified (an admin
    // unticked it, or it predates verification).
    const u = await createUser(t, { email: 'unticked@gmail.com' });
    const tokens = await login(t, u);
    await t.ctx.db.execute(sql`update users set email_verified_at = null where id = ${u.id}`);

    const res = await google(await idToken({ sub: 'g-unticked', email: u.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.id, hasPassword: false });
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token: tokens.accessToken })).statusCode).toBe(401);
    expect((await post('/api/auth/renew-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    expect(await loginMessage(u.email, u.password)).toBe('WRONG_PASSWORD');
    const me = await t.inject({ method: 'GET', url: '/api/user/me', token: res.json().tokens.accessToken });
    expect(me.statusCode).toBe(200);
  });

  it('should keep the password of a verified account that signs in with Google', async () => {
    const u = await createUser(t, { email: 'verified-both@gmail.com' });
    const tokens = await login(t, u);
    expect((await google(await idToken({ sub: 'g-kept', email: u.email }))).statusCode).toBe(200);
    expect(await loginMessage(u.email, u.password)).toBe('ok');
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token: tokens.accessToken })).statusCode).toBe(200);
  });

  it('should link by subject once known, and refuse another subject for a linked account', async () => {
    const u = await createUser(t, { email: 'linked-once@gmail.com' });
    const first = await google(await idToken({ sub: 'g-first', email: u.email }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toMatchObject({ id: u.id });
    // Another Google identity that now reports this address (it changed hands at Google).
    const other = await google(await idToken({ sub: 'g-second', email: u.email }));
    expect([other.statusCode, other.json().message]).toEqual([400, 'GOOGLE_ACCOUNT_MISMATCH']);
    const rows = await queryRows<{ google_sub: string }>(
      t.ctx.db,
      sql`select google_sub from users where id = ${u.id}`,
    );
    expect(rows[0]?.google_sub).toBe('g-first');
    // The linked identity reporting a new address still opens the same account, and makes no other.
    const renamed = await google(await idToken({ sub: 'g-first', email: 'renamed-at-google@gmail.com' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user).toMatchObject({ id: u.id });
    const made = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from users where email = 'renamed-at-google@gmail.com'`,
    );
    expect(made[0]?.n).toBe(0);
  });
});
