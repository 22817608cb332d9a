import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  build,
  buildSecondInstance,
  countRows,
  createUser,
  customer,
  fund,
  ledgerMismatches,
  login,
  type TestApp,
} from '../../test/helper.js';
import { ROLE } from '@proxy/contract';
import { runAutoRenew } from './auto-renew.js';
import { lifecycleJob, runLifecycle } from './lifecycle.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
async function buyV4(token: string, autoRenew = false) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 }, autoRenew },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const proxyOf = async (token: string, id: string) =>
  (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me?limit=500', token }))
    .json()
    .items.find((p: { id: string }) => p.id === id);

describe('lifecycle job', () => {
  it('should expire at expiresAt, lock after 7 days and release the port and address', async () => {
    const c = await customer(t, 1_000_000);
    const { proxies } = await buyV4(c.token);
    const p = proxies[0];
    await runLifecycle(t.ctx);
    expect((await proxyOf(c.token, p.id)).status).toBe('using');
    // Right after a sweep nothing is due: the job's ticks take no lease until something is.
    expect(await lifecycleJob.idle?.(t.ctx)).toBe(true);
    t.clock.advance(DAY);
    expect(await lifecycleJob.idle?.(t.ctx)).toBe(false);
    await c.relogin();
    await runLifecycle(t.ctx);
    expect((await proxyOf(c.token, p.id)).status).toBe('expired');
    expect(await lifecycleJob.idle?.(t.ctx)).toBe(true);
    t.clock.advance(7 * DAY - 60_000);
    await c.relogin();
    await runLifecycle(t.ctx);
    expect((await proxyOf(c.token, p.id)).status).toBe('expired');
    t.clock.advance(60_000);
    // Due to lock now.
    expect(await lifecycleJob.idle?.(t.ctx)).toBe(false);
    await c.relogin();
    const freeBefore = await countRows(t, 'node_ports where proxy_id is null');
    await runLifecycle(t.ctx);
    expect((await proxyOf(c.token, p.id)).status).toBe('locked');
    expect(await countRows(t, 'node_ports where proxy_id is null')).toBe(freeBefore + 1);
    expect(await countRows(t, `egress_ips where ip = '${p.egressIp}' and proxy_id is null`)).toBe(1);
    // A locked proxy cannot be renewed.
    const renew = await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/renew-list-proxy',
      token: c.token,
      payload: { listProxyId: [p.id], period: { unit: 'day', value: 1 } },
    });
    expect(renew.json().message).toBe('PROXY_EXPIRED');
  });

  it('should lock after the lock period an admin set for the site', async () => {
    const siteAdmin = await createUser(t, { role: ROLE.SITE_ADMIN });
    const setLockDays = async (lockDays: number) => {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/setting/admin/update',
        token: (await login(t, siteAdmin)).accessToken,
        payload: { settings: { lockDays } },
      });
      expect(res.json()).toMatchObject({ lockDays });
    };
    await setLockDays(2);
    try {
      const c = await customer(t, 1_000_000);
      const { proxies } = await buyV4(c.token);
      t.clock.advance(DAY);
      await runLifecycle(t.ctx);
      t.clock.advance(2 * DAY - 60_000);
      await c.relogin();
      await runLifecycle(t.ctx);
      expect((await proxyOf(c.token, proxies[0].id)).status).toBe('expired');
      t.clock.advance(60_000);
      await runLifecycle(t.ctx);
      expect((await proxyOf(c.token, proxies[0].id)).status).toBe('locked');
    } finally {
      await setLockDays(7);
    }
  });

  it('should be idempotent', async () => {
    const c = await customer(t, 1_000_000);
    await buyV4(c.token);
    t.clock.advance(DAY);
    await c.relogin();
    const first = await runLifecycle(t.ctx);
    const second = await runLifecycle(t.ctx);
    expect(first.expired).toBeGreaterThan(0);
    expect(second).toEqual({ expired: 0, locked: 0 });
  });
});

describe('auto-renew job', () => {
  it('should charge the next period an hour before expiry, once', async () => {
    const c = await customer(t, 1_000_000);
    const { order, proxies } = await buyV4(c.token, true);
    const afterBuy = await balanceOf(t, c.id);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(afterBuy);
    t.clock.advance(DAY - 30 * 60_000);
    await c.relogin();
    await runAutoRenew(t.ctx);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(afterBuy - 3_000);
    const p = await proxyOf(c.token, proxies[0].id);
    expect(new Date(p.expiresAt).getTime() - new Date(proxies[0].expiresAt).getTime()).toBe(DAY);
    const history = (
      await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${order.id}`, token: c.token })
    ).json();
    expect(history[0]).toMatchObject({ action: 'renew', result: 'success', amount: -3_000 });
    const tx = (await t.inject({ method: 'GET', url: '/api/log/list-transaction', token: c.token })).json().items[0];
    expect(tx).toMatchObject({ type: 'auto_renew', amount: -3_000 });
  });

  it('should keep the proxy, log a failed renew and mail the user once when the balance is short', async () => {
    const c = await customer(t, 3_000);
    const { order, proxies } = await buyV4(c.token, true);
    expect(await balanceOf(t, c.id)).toBe(0);
    t.clock.advance(DAY - 30 * 60_000);
    await c.relogin();
    const mails = t.mailer.mails.length;
    await runAutoRenew(t.ctx);
    await runAutoRenew(t.ctx);
    expect((await proxyOf(c.token, proxies[0].id)).status).toBe('using');
    const history = (
      await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${order.id}`, token: c.token })
    ).json();
    expect(history.filter((h: { result: string }) => h.result === 'fail')).toHaveLength(1);
    expect(t.mailer.mails.slice(mails).filter((m) => m.to === c.email)).toHaveLength(1);
    // Topped up before expiry: the next sweep renews, without another failure log.
    await fund(t, c.id, 3_000);
    await runAutoRenew(t.ctx);
    expect(await balanceOf(t, c.id)).toBe(0);
    const after = (
      await t.inject({ method: 'GET', url: `/api/order/bill-order?orderId=${order.id}`, token: c.token })
    ).json();
    expect(after.map((h: { result: string }) => h.result)).toEqual(['success', 'fail', 'success']);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('auto-renew on two instances', () => {
  it('should charge each renewal once when two instances sweep at the same time', async () => {
    const second = await buildSecondInstance(t);
    try {
      // Enough for several renewals, so a double charge would show in the balance.
      const buyers = await Promise.all(Array.from({ length: 15 }, () => customer(t, 30_000)));
      for (const b of buyers) {
        await buyV4(b.token, true);
      }
      t.clock.advance(DAY - 30 * 60_000);
      second.clock.advance(t.clock.nowMs() - second.clock.nowMs());
      await Promise.all([runAutoRenew(t.ctx), runAutoRenew(second.ctx), runAutoRenew(t.ctx), runAutoRenew(second.ctx)]);
      for (const b of buyers) {
        expect(await balanceOf(t, b.id)).toBe(30_000 - 3_000 - 3_000);
      }
      expect(await ledgerMismatches(t)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('order.updated', () => {
  it('should tell the owner of an order when it expires, once the sweep commits', async () => {
    const { EVENTS_CHANNEL } = await import('../modules/realtime/index.js');
    const c = await customer(t, 1_000_000);
    const { order } = await buyV4(c.token);
    const heard: { u: string; t: string; d: { id: string; status: string } }[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    try {
      t.clock.advance(DAY);
      await runLifecycle(t.ctx);
      const { waitFor } = await import('../../test/helper.js');
      await waitFor(() => heard.some((m) => m.t === 'order.updated' && m.d.id === order.id));
      expect(heard.find((m) => m.t === 'order.updated' && m.d.id === order.id)).toMatchObject({
        u: c.id,
        d: { status: 'expired' },
      });
    } finally {
      await stop();
    }
  });
});
