import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/helper.js';
import { activeAgency, B, call, newCode } from '../../../test/agency.js';

/**
 * docs/product-rules.md#agency: an agency code joins only through the registration whose mailed
 * code is verified. An agency owner who registers someone else's address first (with no access to
 * that mailbox) must not capture the address's real owner.
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
  t.inject({ method: 'POST', url, payload, headers: { host: B }, remoteAddress: `10.67.0.${(n++ % 250) + 1}` });

const register = (email: string, password: string, agencyCode?: string) =>
  post('/api/auth/register', { email, password, passwordConfirm: password, ...(agencyCode ? { agencyCode } : {}) });

/** The mailbox's owner verifies the newest code, logs in (or sets a password first) and reads their agency. */
async function verifyAndReadAgency(email: string, password: string) {
  const verified = await post('/api/auth/verify', { email, code: t.mailer.lastCode(email) });
  expect(verified.statusCode, verified.body).toBe(200);
  let login = await post('/api/auth/login', { email, password });
  if (login.statusCode !== 200) {
    // Two registrations with different passwords: the mailbox's owner sets one through "forgot password".
    t.clock.advance(61_000);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const check = await post('/api/auth/check-code-forgot', { email, code: t.mailer.lastCode(email) });
    const created = await t.inject({
      method: 'PUT',
      url: '/api/auth/create-new-password',
      headers: { host: B },
      payload: { resetToken: check.json<{ resetToken: string }>().resetToken, password },
    });
    expect(created.statusCode, created.body).toBe(200);
    login = await post('/api/auth/login', { email, password });
  }
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json<{ tokens: { accessToken: string } }>().tokens.accessToken;
  const res = await call(t, token, 'GET', '/api/agency/member/detail-agency');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ agency: { code: string } | null }>().agency;
}

async function membersOf(token: string): Promise<string> {
  const res = await call(t, token, 'GET', '/api/agency/list-member?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe('agency capture by pre-registration', () => {
  it('should leave the victim in no agency when the attacker registered the address first with a code', async () => {
    const attacker = await activeAgency(t);
    const email = `victim-${newCode()}@example.com`;
    expect((await register(email, 'attacker-pass-1', attacker.code)).statusCode).toBe(200);
    // The victim registers later, without a code, and verifies the code mailed to them.
    expect((await register(email, 'victim-pass-22')).statusCode).toBe(200);
    expect(await verifyAndReadAgency(email, 'victim-pass-22')).toBeNull();
    expect(await membersOf(attacker.owner.token)).not.toContain(email);
  });

  it('should leave the victim in no agency when the attacker registers after them with a code', async () => {
    const attacker = await activeAgency(t);
    const email = `victim-${newCode()}@example.com`;
    expect((await register(email, 'victim-pass-22')).statusCode).toBe(200);
    expect((await register(email, 'attacker-pass-1', attacker.code)).statusCode).toBe(200);
    // The newest code in the victim's mailbox is the attacker's registration's.
    expect(await verifyAndReadAgency(email, 'victim-pass-22')).toBeNull();
    expect(await membersOf(attacker.owner.token)).not.toContain(email);
  });

  it("should clear an earlier registration's code when the same person registers again without one", async () => {
    const agency = await activeAgency(t);
    const email = `self-${newCode()}@example.com`;
    expect((await register(email, 'own-pass-333', agency.code)).statusCode).toBe(200);
    expect((await register(email, 'own-pass-333')).statusCode).toBe(200);
    expect(await verifyAndReadAgency(email, 'own-pass-333')).toBeNull();
    expect(await membersOf(agency.owner.token)).not.toContain(email);
  });

  it('should join the agency of the registration whose code is verified', async () => {
    const agency = await activeAgency(t);
    const email = `member-${newCode()}@example.com`;
    expect((await register(email, 'own-pass-333')).statusCode).toBe(200);
    // The same person adds the coupon they forgot: the newest registration's code carries it.
    expect((await register(email, 'own-pass-333', agency.code)).statusCode).toBe(200);
    expect(await verifyAndReadAgency(email, 'own-pass-333')).toMatchObject({ code: agency.code });
    expect(await membersOf(agency.owner.token)).toContain(email);
  });
});
