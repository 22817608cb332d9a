import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  build,
  countRows,
  createUser,
  fund,
  ledgerMismatches,
  login,
  type TestApp,
} from '../../../test/helper.js';

/** Site admins move money for their own site's customers only; the owner's and admins' balances stay hidden. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function as(role: number, host = 'localhost') {
  const u = await createUser(t, { role, host });
  return { ...u, token: (await login(t, u, host)).accessToken };
}

const move = (token: string, kind: 'add-to-balance' | 'refund', id: string, amount = 1000) =>
  t.inject({ method: 'PUT', url: `/api/user/admin/${kind}/${id}`, token, payload: { amount } });

describe('admin money calls', () => {
  it('should refuse a site admin on the owner, another admin and another site’s customer, changing nothing', async () => {
    const admin = await as(2);
    const owner = await createUser(t, { role: 0 });
    const peer = await createUser(t, { role: 2 });
    const foreign = await createUser(t, { host: 'proxy-owner.localhost' });
    for (const u of [owner, peer, admin, foreign]) {
      await fund(t, u.id, 5000);
    }
    const rows = await countRows(t, 'transactions');
    for (const kind of ['add-to-balance', 'refund'] as const) {
      for (const target of [owner, peer, admin]) {
        const res = await move(admin.token, kind, target.id);
        expect(res.statusCode, `${kind} ${target.email}`).toBe(403);
        expect(res.json()).toEqual({ message: 'FORBIDDEN' });
      }
      const other = await move(admin.token, kind, foreign.id);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('USER_NOT_EXISTS');
    }
    for (const u of [owner, peer, admin, foreign]) {
      expect(await balanceOf(t, u.id)).toBe(5000);
    }
    expect(await countRows(t, 'transactions')).toBe(rows);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should let a site admin move money for its own customers, and the owner for anyone', async () => {
    const admin = await as(2);
    const owner = await as(0);
    const c = await createUser(t);
    expect((await move(admin.token, 'add-to-balance', c.id, 700)).json()).toEqual({ balance: 700 });
    expect((await move(admin.token, 'refund', c.id, 300)).json()).toEqual({ balance: 1000 });
    const peer = await createUser(t, { role: 2 });
    expect((await move(owner.token, 'add-to-balance', peer.id, 50)).json()).toEqual({ balance: 50 });
    expect((await move(owner.token, 'refund', admin.id, 60)).json()).toEqual({ balance: 60 });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('should hide the owner’s and admins’ balances from a site admin, not from the owner', async () => {
    const admin = await as(2);
    const owner = await as(0);
    await fund(t, owner.id, 4242);
    await fund(t, admin.id, 99);
    const c = await createUser(t, { email: `hidden-${Date.now()}@customer.test` });
    await fund(t, c.id, 10);
    const listAdmins = (token: string) =>
      t.inject({ method: 'GET', url: '/api/user/admin/get-all-admin?limit=500', token });
    const seen = (await listAdmins(admin.token)).json().items as { id: string; role: number; balance: unknown }[];
    expect(seen.find((u) => u.id === owner.id)?.balance).toBeNull();
    expect(seen.find((u) => u.id === admin.id)?.balance).toBeNull();
    expect(seen.every((u) => u.balance === null)).toBe(true);
    const full = (await listAdmins(owner.token)).json().items as { id: string; balance: unknown }[];
    expect(full.find((u) => u.id === owner.id)?.balance).toBe(4242);
    const customers = (
      await t.inject({ method: 'GET', url: '/api/user/admin/get-all-user?search=customer.test', token: admin.token })
    ).json().items;
    expect(customers.find((u: { id: string }) => u.id === c.id).balance).toBe(10);
    // The site's ledger list: a site admin sees the customers' rows only.
    const ledger = (token: string) =>
      t.inject({ method: 'GET', url: '/api/log/admin/list-transaction?limit=500', token });
    const adminView = (await ledger(admin.token)).json().items as { email: string }[];
    expect(adminView.map((r) => r.email)).toContain(c.email);
    expect(adminView.map((r) => r.email)).not.toContain(owner.email);
    expect(adminView.map((r) => r.email)).not.toContain(admin.email);
    const ownerView = (await ledger(owner.token)).json().items as { email: string }[];
    expect(ownerView.map((r) => r.email)).toContain(owner.email);
  });
});
