import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type TAgency } from '@proxy/contract';
import { sites } from '../../db/schema/index.js';
import { build, countRows, createUser, login, type TestApp } from '../../../test/helper.js';
import { expectLedgerHolds, siteAdmin } from '../../../test/payments.js';
import { activeAgency, B, call, registerMember } from '../../../test/agency.js';

/** Two sites that both run the agency program: nothing of one is visible or reachable from the other. */
const A = 'localhost';
let t: TestApp;
beforeAll(async () => {
  t = await build();
  const site = await t.app.sites.resolve(A);
  await t.ctx.db.update(sites).set({ showAgencyApi: true }).where(eq(sites.id, site.id));
  t.app.sites.invalidate();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

describe('agencies of two sites', () => {
  it('should let each site use the same code, and join only its own site’s agency', async () => {
    const onB = await activeAgency(t);
    const ownerA = await siteAdmin(t, A);
    const customerA = await createUser(t, { host: A });
    const tokenA = (await login(t, customerA, A)).accessToken;
    const created = await call(t, tokenA, 'POST', '/api/agency/create', { name: 'Site A', code: onB.code }, A);
    expect(created.statusCode, created.body).toBe(200);
    const agencyA = created.json<TAgency>();
    await call(
      t,
      ownerA.token,
      'PUT',
      '/api/agency-admin/toggle-agency-status',
      { agencyId: agencyA.id, isActive: true },
      A,
    );
    // The same code on A joins A's agency, on B joins B's.
    const memberA = await registerMember(t, onB.code, A);
    const memberB = await registerMember(t, onB.code, B);
    const listA = await call(t, tokenA, 'GET', '/api/agency/list-member', undefined, A);
    expect(listA.json().items.map((m: { email: string }) => m.email)).toEqual([memberA.email]);
    const listB = await call(t, onB.owner.token, 'GET', '/api/agency/list-member');
    expect(listB.json().items.map((m: { email: string }) => m.email)).toEqual([memberB.email]);
  });

  it('should answer 404 to another site’s admin (and the owner on another host) for every admin call', async () => {
    const onB = await activeAgency(t, 10);
    const adminA = await siteAdmin(t, A);
    const owner = await createUser(t, { role: ROLE.OWNER, host: A });
    const ownerOnA = (await login(t, owner, A)).accessToken;
    for (const token of [adminA.token, ownerOnA]) {
      const list = await call(t, token, 'GET', `/api/agency-admin/list-agency?search=${onB.code}`, undefined, A);
      expect(list.json().items.map((a: TAgency) => a.id)).not.toContain(onB.agency.id);
      for (const [method, url, body] of [
        ['PUT', '/api/agency-admin/toggle-agency-status', { agencyId: onB.agency.id, isActive: false }],
        ['PUT', '/api/agency-admin/update', { agencyId: onB.agency.id, commissionPercent: 50 }],
        ['DELETE', `/api/agency-admin/delete/${onB.agency.id}`],
      ] as const) {
        const res = await call(t, token, method, url, body, A);
        expect([res.statusCode, res.json().message], url).toEqual([404, 'AGENCY_NOT_EXISTS']);
      }
    }
    const after = await call(t, onB.admin.token, 'GET', `/api/agency-admin/list-agency?search=${onB.code}`);
    expect(after.json().items[0]).toMatchObject({ status: 'active', commissionPercent: 10 });
    expect(await countRows(t, `agencies where id = '${onB.agency.id}'`)).toBe(1);
  });

  it('should not let a member see the other members, nor an owner reach another owner’s agency', async () => {
    const first = await activeAgency(t);
    const second = await activeAgency(t);
    const member = await registerMember(t, first.code);
    await registerMember(t, first.code);
    const asMember = await call(t, member.token, 'GET', '/api/agency/list-member');
    expect([asMember.statusCode, asMember.json().message]).toEqual([404, 'AGENCY_NOT_EXISTS']);
    // An owner's calls always name their own agency: the second owner sees only theirs.
    const theirs = await call(t, second.owner.token, 'GET', '/api/agency/list-member');
    expect(theirs.json().total).toBe(0);
    const detail = await call(t, second.owner.token, 'GET', '/api/agency/detail');
    expect(detail.json().id).toBe(second.agency.id);
    const transfer = await call(t, second.owner.token, 'POST', '/api/agency/transfer', {
      email: member.email,
      amount: 1,
    });
    expect([transfer.statusCode, transfer.json().message]).toEqual([404, 'USER_NOT_EXISTS']);
  });
});
