import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, buildSecondInstance, createUser, login, waitFor, type TestApp } from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6 } from '../../../test/fakes/index.js';
import { findSupplierById, proxy6Of, type SupplierRow } from './queries.js';

/**
 * Proxy6's 3 calls a second per account, kept by two API instances on one database (on PGlite the
 * second instance shares the embedded database, on PostgreSQL it has its own pool), measured by
 * when the fake saw each call arrive. A call counts until a window after its answer came, and the
 * supplier has a call before its answer leaves, so these hold however late the fake (which shares
 * the test's process) gets to a call.
 */

let a: TestApp;
let b: TestApp;
let one: FakeProxy6;
let other: FakeProxy6;
let slow: FakeProxy6;
/** Two supplier rows of one Proxy6 account (one seller, two rows), and a row of another account. */
let first: SupplierRow;
let second: SupplierRow;
let third: SupplierRow;
/** The only row of a third account. */
let fourth: SupplierRow;

beforeAll(async () => {
  a = await build();
  b = await buildSecondInstance(a);
  one = await startFakeProxy6();
  other = await startFakeProxy6({ apiKey: 'p6-other-key-9876543210' });
  slow = await startFakeProxy6({ apiKey: 'p6-slow-key-5555555555' });
  const u = await createUser(a, { role: 2 });
  const token = (await login(a, u)).accessToken;
  const add = async (name: string, fake: FakeProxy6) => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/supplier/admin/create',
      token,
      payload: { kind: 'proxy6', name, baseUrl: fake.url, apiKey: fake.apiKey },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await findSupplierById(a.ctx.db, res.json<{ id: string }>().id))!;
  };
  first = await add('P6 main', one);
  second = await add('P6 main again', one);
  third = await add('P6 other', other);
  fourth = await add('P6 slow', slow);
});
afterAll(async () => {
  await one.close();
  await other.close();
  await slow.close();
  await b.close();
  await a.close();
});

/** The most arrivals any window of `ms` holds. */
function busiest(times: number[], ms: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= ms) {
      i++;
    }
    most = Math.max(most, j - i + 1);
  }
  return most;
}

describe('the Proxy6 call budget', () => {
  it('should keep an account to 3 calls a second across two instances, and not slow another account', async () => {
    const fromOne = one.arrivals.length;
    const fromOther = other.arrivals.length;
    const throttled = one.throttled + other.throttled;
    const calls = (t: TestApp, s: SupplierRow) => Array.from({ length: 6 }, () => proxy6Of(t.ctx, s).count('de', 4));
    const results = await Promise.allSettled([
      ...calls(a, first),
      ...calls(b, second),
      ...calls(a, third),
      ...calls(b, third),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(one.throttled + other.throttled).toBe(throttled);
    const seenOne = one.arrivals.slice(fromOne);
    const seenOther = other.arrivals.slice(fromOther);
    expect(seenOne).toHaveLength(12);
    expect(seenOther).toHaveLength(12);
    expect(busiest(seenOne, 1000)).toBeLessThanOrEqual(3);
    expect(busiest(seenOther, 1000)).toBeLessThanOrEqual(3);
    // Each account had its own budget: together they went faster than one account may.
    expect(busiest([...seenOne, ...seenOther], 1000)).toBeGreaterThan(3);
  });

  it('should count a call that reaches the supplier late from its answer, not from its turn', async () => {
    const before = slow.arrivals.length;
    let arrive = () => {};
    slow.fault('getcount', { kind: 'late', until: new Promise<void>((resolve) => (arrive = resolve)) });
    const calls = Promise.allSettled(Array.from({ length: 6 }, () => proxy6Of(a.ctx, fourth).count('de', 4)));
    // The first call is on its way and the next two were answered; a window later two more went
    // out. Counted from its turn, the late call would have left the window with them, and a third
    // would have gone too: four at the supplier within a second once the late one gets there.
    await waitFor(() => slow.arrivals.length >= before + 4, 60_000);
    arrive();
    const results = await calls;
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(slow.throttled).toBe(0);
    const seen = slow.arrivals.slice(before);
    expect(seen).toHaveLength(6);
    expect(busiest(seen, 1000)).toBeLessThanOrEqual(3);
  });
});
