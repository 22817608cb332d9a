import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { siteAdmin } from '../../../test/payments.js';
import { B, call, newCode, registerMember } from '../../../test/agency.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const me = async (token: string) =>
  (await call(t, token, 'GET', '/api/user/me')).json<{ ownerAgency: string | null }>();

describe('GET /api/user/me ownerAgency (docs/product-rules.md#agency)', () => {
  it('should be null without an agency, the agency id once the user created one, and null for its members', async () => {
    const owner = await customer(t, 0, B);
    expect((await me(owner.token)).ownerAgency).toBeNull();
    const code = newCode();
    const created = await call(t, owner.token, 'POST', '/api/agency/create', { name: 'A', description: 'd', code });
    expect(created.statusCode, created.body).toBe(200);
    expect((await me(owner.token)).ownerAgency).toBe(created.json().id);
    // The sign-in answer is the same view: the web keeps it until it asks for /me again.
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: B },
      remoteAddress: '10.9.8.7',
      payload: { email: owner.email, password: owner.password },
    });
    expect(signedIn.json<{ user: { ownerAgency: string | null } }>().user.ownerAgency).toBe(created.json().id);
    // Another user, and a member who registered with the code, own none.
    const other = await customer(t, 0, B);
    expect((await me(other.token)).ownerAgency).toBeNull();
    const admin = await siteAdmin(t, B);
    await call(t, admin.token, 'PUT', '/api/agency-admin/toggle-agency-status', {
      agencyId: created.json().id,
      isActive: true,
    });
    const member = await registerMember(t, code);
    expect((await me(member.token)).ownerAgency).toBeNull();
  });
});
