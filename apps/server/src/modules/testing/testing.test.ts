import { ROLE } from '@proxy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLease } from '../../jobs/lease.js';
import {
  balanceOf,
  build,
  buildSecondInstance,
  countRows,
  createUser,
  customer,
  login,
  type TestApp,
} from '../../../test/helper.js';

let t: TestApp;
let t2: TestApp;
beforeAll(async () => {
  t = await build({ TEST_CLOCK: '1' });
  t2 = await buildSecondInstance(t);
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

/** The promise's value, or 'pending' if it has not settled within `ms` (it is waiting on a lease). */
function within<T>(ms: number, p: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([p, new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms).unref())]);
}

describe('POST /api/test/run-jobs', () => {
  it('should run the sweeps through the runner, waiting for one another instance is running', async () => {
    const ownerUser = await createUser(t, { role: ROLE.OWNER });
    const c = await customer(t, 100_000);
    const bought = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 }, autoRenew: true },
    });
    expect(bought.statusCode).toBe(200);
    const due = new Date(bought.json().proxies[0].expiresAt).getTime() - 30 * 60_000;
    t.clock.advance(due - t.clock.nowMs());
    const owner = await login(t, ownerUser);
    const before = await balanceOf(t, c.id);
    // The other instance is in the middle of its auto-renew sweep.
    const elsewhere = await acquireLease(t2.ctx, 'auto-renew');
    expect(elsewhere).toBeDefined();
    const run = t.inject({ method: 'POST', url: '/api/test/run-jobs', token: owner.accessToken });
    const early = await within(2_000, run);
    expect(early === 'pending' ? early : [early.statusCode, early.body]).toBe('pending');
    expect(await balanceOf(t, c.id)).toBe(before);
    await elsewhere!.release();
    const res = await run;
    expect(res.statusCode).toBe(200);
    expect(res.json().ran).toEqual([
      'lifecycle',
      'auto-renew',
      'ip-rotation',
      'maintenance',
      'payments-reconciler',
      'outbox',
      'stats-rollup',
      'usage-rollup',
      'alerts',
      'telegram',
      'supplier-purchases',
    ]);
    expect(await balanceOf(t, c.id)).toBe(before - 3_000);
    expect(await countRows(t, 'job_leases')).toBe(0);
  });
});
