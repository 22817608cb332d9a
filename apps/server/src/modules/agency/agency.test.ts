import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TAgency } from '@proxy/contract';
import { build, countRows, customer, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, expectLedgerHolds, siteAdmin } from '../../../test/payments.js';
import { activeAgency, B, call, newCode, registerMember } from '../../../test/agency.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

describe('POST /api/agency/create', () => {
  it('should create a pending agency the owner sees, and refuse a second one and a taken code', async () => {
    const owner = await customer(t, 0, B);
    const code = newCode();
    const res = await call(t, owner.token, 'POST', '/api/agency/create', { name: 'Alpha', description: 'x', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAgency>()).toMatchObject({
      status: 'pending',
      code,
      commissionPercent: 0,
      members: 0,
      ownerEmail: owner.email,
      startAt: null,
    });
    const detail = await call(t, owner.token, 'GET', '/api/agency/detail');
    expect(detail.json<TAgency>().code).toBe(code);

    const again = await call(t, owner.token, 'POST', '/api/agency/create', { name: 'Beta', code: newCode() });
    expect([again.statusCode, again.json().message]).toEqual([409, 'AGENCY_ALREADY_HAVE']);
    const other = await customer(t, 0, B);
    const taken = await call(t, other.token, 'POST', '/api/agency/create', { name: 'Gamma', code });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'REF_ALREADY_EXISTS']);
  });

  it('should refuse codes outside the coupon rule and change nothing', async () => {
    const owner = await customer(t, 0, B);
    const before = await countRows(t, 'agencies');
    for (const code of ['Abc', '1abc', 'ab', 'a_bc', 'abc!', 'a'.repeat(33), 'abC']) {
      const res = await call(t, owner.token, 'POST', '/api/agency/create', { name: 'N', code });
      expect([res.statusCode, res.json().message], code).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await countRows(t, 'agencies')).toBe(before);
  });

  it('should let only one of 10 concurrent creates of one owner through', async () => {
    const owner = await customer(t, 0, B);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t, owner.token, 'POST', '/api/agency/create', { name: 'R', code: newCode('race') }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json().message).toBe('AGENCY_ALREADY_HAVE');
    }
  });

  it('should answer 404 on a site without the agency program', async () => {
    const c = await customer(t);
    const res = await call(t, c.token, 'POST', '/api/agency/create', { name: 'N', code: newCode() }, 'localhost');
    expect(res.statusCode).toBe(404);
    const admin = await siteAdmin(t);
    const list = await call(t, admin.token, 'GET', '/api/agency-admin/list-agency', undefined, 'localhost');
    expect(list.statusCode).toBe(404);
  });
});

describe('joining through the register coupon', () => {
  it('should refuse an unknown code and a pending agency, and join an active one on verification', async () => {
    const owner = await customer(t, 0, B);
    const code = newCode();
    const created = await call(t, owner.token, 'POST', '/api/agency/create', { name: 'Join', code });
    const reg = (agencyCode: string) =>
      t.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { host: B },
        payload: { email: `x-${newCode()}@example.com`, password: 'abcdef12', passwordConfirm: 'abcdef12', agencyCode },
      });
    const unknown = await reg('nobody-here');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'AGENCY_NOT_EXISTS']);
    const pending = await reg(code);
    expect([pending.statusCode, pending.json().message]).toEqual([400, 'AGENCY_NOT_ACTIVE']);

    const admin = await siteAdmin(t, B);
    await call(t, admin.token, 'PUT', '/api/agency-admin/toggle-agency-status', {
      agencyId: created.json().id,
      isActive: true,
    });
    const member = await registerMember(t, code);
    const mine = await call(t, member.token, 'GET', '/api/agency/member/detail-agency');
    expect(mine.json()).toMatchObject({ agency: { name: 'Join', code }, joinedAt: expect.any(String) });
    const list = await call(t, owner.token, 'GET', '/api/agency/list-member');
    expect(list.json().items).toEqual([
      expect.objectContaining({ userId: member.id, email: member.email, deposit: 0 }),
    ]);

    const loner = await customer(t, 0, B);
    expect((await call(t, loner.token, 'GET', '/api/agency/member/detail-agency')).json()).toEqual({
      agency: null,
      joinedAt: null,
    });
  });

  it('should not know another site’s agency code', async () => {
    const { code } = await activeAgency(t);
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'localhost' },
      payload: {
        email: `y-${newCode()}@example.com`,
        password: 'abcdef12',
        passwordConfirm: 'abcdef12',
        agencyCode: code,
      },
    });
    expect([res.statusCode, res.json().message]).toEqual([404, 'AGENCY_NOT_EXISTS']);
  });
});

describe('the admin screen calls', () => {
  it('should page, filter by status and search the site’s agencies, and edit and delete one', async () => {
    const { agency, admin } = await activeAgency(t, 5);
    const pendingOwner = await customer(t, 0, B);
    const pendingCode = newCode('pend');
    await call(t, pendingOwner.token, 'POST', '/api/agency/create', { name: 'Pending one', code: pendingCode });

    const pending = await call(
      t,
      admin.token,
      'GET',
      `/api/agency-admin/list-agency?status=pending&search=${pendingCode}`,
    );
    expect(pending.json()).toMatchObject({ total: 1, items: [{ code: pendingCode, status: 'pending' }] });
    const paged = await call(t, admin.token, 'GET', '/api/agency-admin/list-agency?page=1&limit=1');
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThanOrEqual(2);

    const bad = await call(t, admin.token, 'PUT', '/api/agency-admin/update', {
      agencyId: agency.id,
      commissionPercent: 51,
    });
    expect(bad.statusCode).toBe(400);
    const edited = await call(t, admin.token, 'PUT', '/api/agency-admin/update', {
      agencyId: agency.id,
      name: 'Renamed',
      commissionPercent: 50,
    });
    expect(edited.json()).toMatchObject({ name: 'Renamed', commissionPercent: 50 });
    const off = await call(t, admin.token, 'PUT', '/api/agency-admin/toggle-agency-status', {
      agencyId: agency.id,
      isActive: false,
    });
    expect(off.json().status).toBe('disabled');

    const del = await call(t, admin.token, 'DELETE', `/api/agency-admin/delete/${agency.id}`);
    expect(del.statusCode).toBe(200);
    const gone = await call(t, admin.token, 'DELETE', `/api/agency-admin/delete/${agency.id}`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'AGENCY_NOT_EXISTS']);
  });

  it('should keep customers out of the admin calls', async () => {
    const { owner, agency } = await activeAgency(t);
    const res = await call(t, owner.token, 'PUT', '/api/agency-admin/update', {
      agencyId: agency.id,
      commissionPercent: 50,
    });
    expect([res.statusCode, res.json().message]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('isolation', () => {
  it('should answer 404 for every call of a user without an agency, and show a member nothing of the others', async () => {
    const { code } = await activeAgency(t);
    const member = await registerMember(t, code);
    for (const [method, url, body] of [
      ['GET', '/api/agency/detail'],
      ['PUT', '/api/agency/update', { name: 'hijack' }],
      ['GET', '/api/agency/list-member'],
      ['GET', '/api/agency/my-stats'],
      ['GET', '/api/agency/stats?from=2026-01-01&to=2026-01-02'],
      ['POST', '/api/agency/transfer', { email: 'a@b.co', amount: 1 }],
    ] as const) {
      const res = await call(t, member.token, method, url, body);
      expect([res.statusCode, res.json().message], url).toEqual([404, 'AGENCY_NOT_EXISTS']);
    }
  });

  it('should not let a site admin of another site see or touch the agency', async () => {
    const { agency } = await activeAgency(t);
    const otherAdmin = await siteAdmin(t, 'localhost');
    // The other site has no agency program: 404 there; and the admin's token is not valid on B.
    const there = await call(
      t,
      otherAdmin.token,
      'DELETE',
      `/api/agency-admin/delete/${agency.id}`,
      undefined,
      'localhost',
    );
    expect(there.statusCode).toBe(404);
    const here = await call(t, otherAdmin.token, 'DELETE', `/api/agency-admin/delete/${agency.id}`);
    expect(here.statusCode).toBe(401);
    expect(await countRows(t, `agencies where id = '${agency.id}'`)).toBe(1);
  });
});

describe('GET /api/agency/stats', () => {
  it('should refuse impossible, reversed and over-long ranges, and give every day of a good one', async () => {
    const { owner } = await activeAgency(t);
    for (const q of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
      'from=x&to=y',
    ]) {
      const res = await call(t, owner.token, 'GET', `/api/agency/stats?${q}`);
      expect([res.statusCode, res.json().message], q).toEqual([400, 'VALIDATION_ERROR']);
    }
    const res = await call(t, owner.token, 'GET', '/api/agency/stats?from=2026-02-27&to=2026-03-02');
    expect(res.json().days.map((d: { date: string }) => d.date)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
