import { expect } from 'vitest';
import type { TAgency } from '@proxy/contract';
import { customer, userIdByEmail, type TestApp } from './helper.js';
import { siteAdmin } from './payments.js';

/** The demo host whose site has the agency program (showAgencyApi). */
export const B = 'proxy-owner.localhost';

export type Customer = Awaited<ReturnType<typeof customer>>;

let seq = 0;
export const newCode = (prefix = 'ag') => `${prefix}-${Date.now().toString(36)}-${seq++}`;

export function call(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  host = B,
) {
  return t.inject({
    method,
    url,
    token,
    headers: { host },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A customer of site B who created an agency, approved by a site admin with this commission. */
export async function activeAgency(t: TestApp, percent = 10, balance = 0) {
  const owner = await customer(t, balance, B);
  const code = newCode();
  const created = await call(t, owner.token, 'POST', '/api/agency/create', {
    name: `Agency ${code}`,
    description: 'd',
    code,
  });
  expect(created.statusCode, created.body).toBe(200);
  const agency = created.json<TAgency>();
  const admin = await siteAdmin(t, B);
  const on = await call(t, admin.token, 'PUT', '/api/agency-admin/toggle-agency-status', {
    agencyId: agency.id,
    isActive: true,
  });
  expect(on.statusCode, on.body).toBe(200);
  const set = await call(t, admin.token, 'PUT', '/api/agency-admin/update', {
    agencyId: agency.id,
    commissionPercent: percent,
  });
  expect(set.statusCode, set.body).toBe(200);
  return { owner, agency: set.json<TAgency>(), code, admin };
}

/**
 * Registers through the real register and verify calls with an agency coupon (the verification
 * joins the agency); returns the member without logging in, for tests that only need its id: a
 * login is a second production-cost argon2 pass, most of a member's CPU time with the first.
 */
export async function joinMember(t: TestApp, code: string, host = B) {
  const email = `m-${Date.now().toString(36)}-${seq++}@example.com`;
  const password = 'member-pass-1';
  const reg = await t.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    remoteAddress: `10.9.${seq % 250}.${(seq * 7) % 250}`,
    payload: { email, password, passwordConfirm: password, agencyCode: code },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const ver = await t.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: { host },
    remoteAddress: `10.8.${seq % 250}.${(seq * 3) % 250}`,
    payload: { email, code: t.mailer.lastCode(email) },
  });
  expect(ver.statusCode, ver.body).toBe(200);
  return { id: await userIdByEmail(t, email), email, password };
}

/** A member as joinMember makes one, logged in through the real login call. */
export async function registerMember(t: TestApp, code: string, host = B) {
  const { email, password } = await joinMember(t, code, host);
  const login = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    remoteAddress: `10.7.${seq % 250}.${(seq * 5) % 250}`,
    payload: { email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const body = login.json<{ tokens: { accessToken: string }; user: { id: string } }>();
  return { id: body.user.id, email, token: body.tokens.accessToken };
}
