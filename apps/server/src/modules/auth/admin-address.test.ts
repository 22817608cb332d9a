import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@proxy/contract';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { build, createUser, type TestApp } from '../../../test/helper.js';

/**
 * docs/security.md#admin-addresses: the owner signs in on every site and site admins on theirs;
 * nobody can shadow that sign-in by registering the admin's address on a seller's site.
 */
const SELLER = 'proxy-owner.localhost';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const post = (url: string, payload: object, host = SELLER) =>
  t.inject({ method: 'POST', url, payload, headers: { host }, remoteAddress: `10.68.0.${(n++ % 250) + 1}` });

describe("an admin's address on another site", () => {
  it.each([
    ['the owner', ROLE.OWNER, 'localhost'],
    ['a site admin of the default site', ROLE.SITE_ADMIN, 'localhost'],
    ['a site admin of the seller site itself', ROLE.SITE_ADMIN, SELLER],
  ])('should refuse to register the address of %s on every site (USER_EXISTS)', async (_who, role, host) => {
    const admin = await createUser(t, { role, host });
    for (const site of [SELLER, 'localhost']) {
      const res = await post(
        '/api/auth/register',
        { email: admin.email, password: 'squat-pass-1', passwordConfirm: 'squat-pass-1' },
        site,
      );
      expect([res.statusCode, res.json().message], site).toEqual([409, 'USER_EXISTS']);
      expect(t.mailer.mails.filter((m) => m.to === admin.email)).toEqual([]);
    }
  });

  it("should sign the owner in on a seller site even where a customer account has the owner's address", async () => {
    const owner = await createUser(t, { role: ROLE.OWNER });
    // An account made before the rule existed: a verified customer of the seller site.
    const now = t.clock.now();
    await t.ctx.db.insert(users).values({
      id: randomUUID(),
      siteId: (await t.app.sites.resolve(SELLER)).id,
      email: owner.email,
      passwordHash: await hashPassword('squat-pass-1'),
      role: ROLE.CUSTOMER,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const res = await post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: owner.id, role: ROLE.OWNER } });
  });
});
