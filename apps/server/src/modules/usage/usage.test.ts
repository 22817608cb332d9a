import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type TUsageHistory } from '@proxy/contract';
import { build, buildSecondInstance, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { connectSse } from '../../../test/sse.js';
import { localNodeSecret } from '../../bootstrap.js';
import { queryRows } from '../../db/client.js';
import { runJob } from '../../jobs/runner.js';
import { usageRollupJob } from '../../jobs/usage.js';
import { rollUp } from './rollup.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let a: TestApp;
let b: TestApp;
let urlA: string;
let auth: string;
beforeAll(async () => {
  a = await build();
  b = await buildSecondInstance(a);
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  const [node] = await queryRows<{ id: string }>(a.ctx.db, sql`select id from nodes where name = 'local'`);
  auth = `Node ${node!.id}:${localNodeSecret(a.ctx.config.appSecret)}`;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

type Customer = Awaited<ReturnType<typeof customer>>;

async function buyProxy(c: Customer): Promise<string> {
  const res = await a.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token: c.token,
    payload: { country: 'DE', quantity: 1, period: { unit: 'day', value: 1 } },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().proxies[0] as { id: string }).id;
}

/** A node report through instance `t`, as the gateway posts it. */
async function report(
  t: TestApp,
  counters: Array<[string, number, number]>,
  reportId: string | undefined = randomUUID(),
) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/sub-server/node/traffic',
    headers: { authorization: auth },
    payload: { reportId, counters: counters.map(([proxyId, bytesIn, bytesOut]) => ({ proxyId, bytesIn, bytesOut })) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ ok: true; duplicate: boolean }>();
}

async function history(c: Customer, proxyId: string, query: string): Promise<TUsageHistory> {
  const res = await a.inject({ method: 'GET', url: `/api/usage/proxy/${proxyId}?${query}`, token: c.token });
  expect(res.statusCode).toBe(200);
  return res.json<TUsageHistory>();
}

const total = (h: TUsageHistory) =>
  h.points.reduce((s, p) => ({ bytesIn: s.bytesIn + p.bytesIn, bytesOut: s.bytesOut + p.bytesOut }), {
    bytesIn: 0,
    bytesOut: 0,
  });

async function rows(table: string, proxyId: string) {
  // usage_minutes holds a row per hour with a slot per minute: one row per minute with traffic here.
  const from =
    table === 'usage_minutes'
      ? sql`(select u.proxy_id, to_timestamp(u.hour::bigint * 3600 + (s.m - 1) * 60) as bucket, s.i as bytes_in, s.o as bytes_out
             from usage_minutes u cross join lateral unnest(u.bytes_in, u.bytes_out) with ordinality as s(i, o, m)
             where s.i <> 0 or s.o <> 0) t`
      : sql.identifier(table);
  return queryRows<{ bucket: string; bytes_in: string; bytes_out: string }>(
    a.ctx.db,
    sql`select bucket::text, bytes_in::text, bytes_out::text from ${from} where proxy_id = ${proxyId} order by bucket`,
  );
}

/** Both instances' clocks move together, as real ones would. */
function advance(ms: number) {
  a.clock.advance(ms);
  b.clock.advance(ms);
}

describe('usage history', () => {
  it('should count a report by minute once, however often and through whichever instance it is sent', async () => {
    const c = await customer(a, 1_000_000);
    const p = await buyProxy(c);
    const id = randomUUID();
    expect(await report(a, [[p, 100, 1000]], id)).toEqual({ ok: true, duplicate: false });
    expect(await report(b, [[p, 100, 1000]], id)).toEqual({ ok: true, duplicate: true });
    // Without an id a report counts each time (docs/gateway-protocol.md#traffic); a proxy named twice is summed.
    await report(a, [
      [p, 1, 2],
      [p, 3, 4],
    ]);
    const minutes = await rows('usage_minutes', p);
    expect(minutes).toHaveLength(1);
    expect(minutes[0]).toMatchObject({ bytes_in: '104', bytes_out: '1006' });

    const h = await history(c, p, 'step=minute');
    expect(h.points).toHaveLength(60);
    expect(h.points.at(-1)).toMatchObject({ bytesIn: 104, bytesOut: 1006 });
    expect(h.points.slice(0, -1).every((x) => x.bytesIn === 0 && x.bytesOut === 0)).toBe(true);
    expect(Date.parse(h.points[1]!.at) - Date.parse(h.points[0]!.at)).toBe(MIN);
    expect(h.quota).toBeNull();
  });

  it('should answer quota used and left for a proxy with a quota', async () => {
    const c = await customer(a, 1_000_000);
    const p = await buyProxy(c);
    await a.ctx.db.execute(sql`update proxies set bandwidth_limit_gb = 1 where id = ${p}`);
    await report(a, [[p, 1000, 24]]);
    const h = await history(c, p, 'step=hour');
    expect(h.quota).toEqual({ limitBytes: 1024 ** 3, usedBytes: 1024, leftBytes: 1024 ** 3 - 1024 });
    expect(h.points).toHaveLength(24);
    expect(total(h)).toEqual({ bytesIn: 1000, bytesOut: 24 });
    // A date as from/to: that whole UTC day, in hours.
    const today = new Date(a.clock.nowMs()).toISOString().slice(0, 10);
    const day = await history(c, p, `step=hour&from=${today}&to=${today}`);
    expect(day.points).toHaveLength(24);
    expect(day.points[0]!.at).toBe(`${today}T00:00:00.000Z`);
    expect(total(day)).toEqual({ bytesIn: 1000, bytesOut: 24 });
  });

  it("should refuse another user's proxy, another site's admin and bad queries without changing anything", async () => {
    const owner = await customer(a, 1_000_000);
    const p = await buyProxy(owner);
    const other = await customer(a);
    const res = await a.inject({ method: 'GET', url: `/api/usage/proxy/${p}?step=day`, token: other.token });
    expect(res.statusCode).toBe(404);
    const admin = await createUser(a, { host: 'proxy-owner.localhost', role: ROLE.SITE_ADMIN });
    const adminToken = (await login(a, admin, 'proxy-owner.localhost')).accessToken;
    const asAdmin = await a.inject({
      method: 'GET',
      url: `/api/usage/proxy/${p}`,
      token: adminToken,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(asAdmin.statusCode).toBe(404);
    for (const url of [
      `/api/usage/proxy/not-a-uuid`,
      `/api/usage/proxy/${randomUUID()}`,
      `/api/usage/proxy/${p}?step=week`,
      `/api/usage/proxy/${p}?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
      `/api/usage/proxy/${p}?step=minute&from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
      `/api/usage/proxy/${p}?step=minute&from=2000-01-01T00:00:00Z`,
      `/api/usage/proxy/${p}?from=yesterday`,
    ]) {
      const r = await a.inject({ method: 'GET', url, token: owner.token });
      expect([400, 404], url).toContain(r.statusCode);
    }
    const none = await a.inject({ method: 'GET', url: `/api/usage/proxy/${p}` });
    expect(none.statusCode).toBe(401);
  });

  it('should answer 404 NOT_FOUND, never a 5xx, to a 36-character id that is not a uuid', async () => {
    const c = await customer(a);
    for (const id of ['a'.repeat(36), '-'.repeat(36), `${'0'.repeat(35)}-`, '0123456789abcdef0123456789abcdef----']) {
      const res = await a.inject({ method: 'GET', url: `/api/usage/proxy/${id}`, token: c.token });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: 'NOT_FOUND' });
    }
  });
});

describe('GET /api/usage/live', () => {
  it('should refuse a stream without a valid token', async () => {
    const sse = await connectSse(`${urlA}/api/usage/live?access_token=nope`);
    expect(sse.status).toBe(401);
  });

  it("should stream the caller's proxies' new bytes, woken by a report taken on another instance, and nothing of others", async () => {
    const mine = await customer(a, 1_000_000);
    const theirs = await customer(a, 1_000_000);
    const p = await buyProxy(mine);
    const q = await buyProxy(theirs);
    // Bytes counted before the stream opened are history, not news.
    await report(b, [[p, 5, 5]]);
    const sse = await connectSse(`${urlA}/api/usage/live?access_token=${mine.token}`);
    const sseTheirs = await connectSse(`${urlA}/api/usage/live?access_token=${theirs.token}`);
    try {
      expect(sse.status).toBe(200);
      await report(b, [
        [p, 300, 4000],
        [q, 7, 7],
      ]);
      const first = await sse.next('usage');
      expect(first.data).toMatchObject({ proxyId: p, bytesIn: 300, bytesOut: 4000 });
      await report(b, [[p, 20, 10]]);
      const second = await sse.next('usage');
      expect(second.data).toMatchObject({ proxyId: p, bytesIn: 20, bytesOut: 10 });
      expect(Number.isNaN(Date.parse((second.data as { at: string }).at))).toBe(false);
      const theirsEvent = await sseTheirs.next('usage');
      expect(theirsEvent.data).toMatchObject({ proxyId: q, bytesIn: 7, bytesOut: 7 });
      // Nothing else reached either stream: a marker reported for each owner in turn is the next
      // event its own stream sees (events arrive in report order), and the other stream's next
      // event is its own marker, not the one before it.
      await report(b, [[p, 1, 1]]);
      expect((await sse.next('usage')).data).toMatchObject({ proxyId: p, bytesIn: 1, bytesOut: 1 });
      await report(b, [[q, 2, 2]]);
      expect((await sseTheirs.next('usage')).data).toMatchObject({ proxyId: q, bytesIn: 2, bytesOut: 2 });
      await report(b, [[p, 3, 3]]);
      expect((await sse.next('usage')).data).toMatchObject({ proxyId: p, bytesIn: 3, bytesOut: 3 });
      expect(sse.events.filter((e) => e.event === 'usage')).toEqual([]);
      expect(sseTheirs.events.filter((e) => e.event === 'usage')).toEqual([]);
    } finally {
      sse.close();
      sseTheirs.close();
    }
  });
});

// Moves the clocks forward by days: runs last.
describe('usage rollups and retention', () => {
  it('should roll minutes into hours and days once, with two instances sweeping, then drop old minutes and hours', async () => {
    const c = await customer(a, 1_000_000);
    const p = await buyProxy(c);
    const t0 = a.clock.nowMs();
    await report(a, [[p, 100, 1000]]);
    advance(61 * MIN);
    await report(b, [[p, 10, 20]]);
    advance(2 * DAY);
    const swept = await Promise.all([
      runJob(a.ctx, usageRollupJob, { wait: true }),
      runJob(b.ctx, usageRollupJob, { wait: true }),
    ]);
    expect(swept).toEqual([true, true]);
    const hours = await rows('usage_hours', p);
    expect(hours).toHaveLength(2);
    expect(hours.map((h) => [h.bytes_in, h.bytes_out])).toEqual([
      ['100', '1000'],
      ['10', '20'],
    ]);
    const days = await rows('usage_days', p);
    expect(days.reduce((s, d) => s + Number(d.bytes_in), 0)).toBe(110);
    // Minutes older than ~26 h that the hourly rollup has taken are gone.
    expect(await rows('usage_minutes', p)).toHaveLength(0);

    // A sweep that repeats everything (its marks lost) changes nothing.
    await a.ctx.db.execute(sql`delete from usage_rollups`);
    await runJob(b.ctx, usageRollupJob, { wait: true });
    expect(await rows('usage_hours', p)).toEqual(hours);
    expect(await rows('usage_days', p)).toEqual(days);

    await c.relogin();
    const from = new Date(t0 - HOUR).toISOString();
    const byHour = await history(c, p, `step=hour&from=${from}&to=${new Date(t0 + 3 * HOUR).toISOString()}`);
    expect(byHour.points).toHaveLength(4);
    expect(total(byHour)).toEqual({ bytesIn: 110, bytesOut: 1020 });
    const byDay = await history(c, p, 'step=day');
    expect(byDay.points).toHaveLength(30);
    expect(total(byDay)).toEqual({ bytesIn: 110, bytesOut: 1020 });
    expect(total(await history(c, p, 'step=minute'))).toEqual({ bytesIn: 0, bytesOut: 0 });

    // After ~32 days hours go too; days stay.
    advance(33 * DAY);
    await runJob(a.ctx, usageRollupJob, { wait: true });
    expect(await rows('usage_hours', p)).toHaveLength(0);
    expect(await rows('usage_days', p)).toEqual(days);
    await c.relogin();
    const later = await history(c, p, `step=day&from=${new Date(t0 - DAY).toISOString()}`);
    expect(total(later)).toEqual({ bytesIn: 110, bytesOut: 1020 });
    // Five sweeps over 35 days of hours: their volume, not a wait, sets the time, and a CI machine
    // running the browser specs beside the suite may take three times as long.
  }, 90_000);

  it('should serve the hour and day not rolled up yet from the minutes', async () => {
    const c = await customer(a, 1_000_000);
    const p = await buyProxy(c);
    await runJob(a.ctx, usageRollupJob, { wait: true });
    await report(a, [[p, 42, 43]]);
    expect(total(await history(c, p, 'step=hour'))).toEqual({ bytesIn: 42, bytesOut: 43 });
    expect(total(await history(c, p, 'step=day'))).toEqual({ bytesIn: 42, bytesOut: 43 });
  });

  it('should give each hour and each day of a wider catch-up span its own row', async () => {
    const c = await customer(a, 1_000_000);
    const p = await buyProxy(c);
    // Three hours with traffic, the third on the next UTC day.
    const dayEnd = Math.ceil(a.clock.nowMs() / DAY) * DAY;
    advance(dayEnd - a.clock.nowMs() - 2 * HOUR + 5 * MIN);
    const first = Math.floor(a.clock.nowMs() / HOUR) * HOUR;
    await report(a, [[p, 1, 2]]);
    advance(HOUR);
    await report(a, [[p, 10, 20]]);
    advance(HOUR);
    await report(a, [[p, 100, 200]]);
    await a.ctx.db.transaction((tx) =>
      rollUp(tx, 'hours', 'usage_minutes', 'usage_hours', new Date(first), new Date(first + 3 * HOUR)),
    );
    const hours = await rows('usage_hours', p);
    expect(hours.map((h) => [new Date(h.bucket).getTime() - first, h.bytes_in, h.bytes_out])).toEqual([
      [0, '1', '2'],
      [HOUR, '10', '20'],
      [2 * HOUR, '100', '200'],
    ]);
    await a.ctx.db.transaction((tx) =>
      rollUp(tx, 'days', 'usage_hours', 'usage_days', new Date(dayEnd - DAY), new Date(dayEnd + DAY)),
    );
    const days = await rows('usage_days', p);
    expect(days.map((d) => [new Date(d.bucket).getTime() - dayEnd, d.bytes_in, d.bytes_out])).toEqual([
      [-DAY, '11', '22'],
      [0, '100', '200'],
    ]);
  });
});
