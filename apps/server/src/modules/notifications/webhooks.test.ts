import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { outboxJob } from '../../jobs/outbox.js';
import { runJob } from '../../jobs/runner.js';
import { build, buildSecondInstance, customer, type TestApp } from '../../../test/helper.js';
import { deliverOutbox } from '../outbox/index.js';
import { emitAlert } from './events.js';
import { notificationSenders } from './senders.js';

/** A customer's webhook receiver: records every request; answers as `reply` says (`hang` never answers). */
interface Receiver {
  url: string;
  got: { headers: IncomingHttpHeaders; body: string }[];
  reply: (n: number) => number | 'hang';
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const r: Omit<Receiver, 'url' | 'close'> = { got: [], reply: () => 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = r.reply(r.got.length);
      if (answer !== 'hang') {
        res.writeHead(answer).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(r, {
    url: `http://127.0.0.1:${port}/hooks/panel`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * The receiver's own check, written from docs/guide.md#webhooks, not from our code: X-Signature is
 * `t=<unix>,v1=<hex>[,v1=…]`, each v1 a hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret.
 */
function verify(secret: string, header: string | undefined, body: string): boolean {
  const parts = (header ?? '').split(',').map((p) => p.split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const want = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const got = Buffer.from(v ?? '', 'hex');
      return got.length === want.length && timingSafeEqual(got, want);
    });
}

let t: TestApp;
let t2: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await build();
  t2 = await buildSecondInstance(t);
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await t2.close();
  await t.close();
});

type Customer = Awaited<ReturnType<typeof customer>>;

async function settings(c: Customer, payload?: Record<string, unknown>, host = 'localhost') {
  const res = await t.inject({
    method: payload ? 'PUT' : 'GET',
    url: '/api/notify/settings',
    token: c.token,
    headers: { host },
    payload,
  });
  return res;
}

async function deliveries(c: Customer, host = 'localhost') {
  const res = await t.inject({ method: 'GET', url: '/api/notify/deliveries', token: c.token, headers: { host } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Record<string, unknown>[]; total: number }>();
}

describe('signed webhooks', () => {
  it('should post a signed ping the receiver can verify, and rotate the secret with a 24 h overlap', async () => {
    const c = await customer(t);
    rx.got.length = 0;
    rx.reply = () => 200;
    const saved = await settings(c, { webhookUrl: rx.url });
    expect(saved.statusCode, saved.body).toBe(200);
    const secret = saved.json<{ webhookSecret: string }>().webhookSecret;
    expect(secret).toMatch(/^whsec_/);
    const sent = await t.inject({ method: 'POST', url: '/api/notify/test', token: c.token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(rx.got).toHaveLength(1);
    const { headers, body } = rx.got[0]!;
    expect(verify(secret, headers['x-signature'] as string, body)).toBe(true);
    expect(verify('whsec_wrong', headers['x-signature'] as string, body)).toBe(false);
    // A changed body no longer verifies.
    expect(verify(secret, headers['x-signature'] as string, body.replace('ping', 'pong'))).toBe(false);
    const event = JSON.parse(body) as { id: string; type: string; createdAt: string; data: unknown };
    expect(event).toMatchObject({ type: 'ping', data: { message: 'ping' } });
    expect(event.id).toMatch(/^evt_/);
    const ts = Number(/t=(\d+)/.exec(headers['x-signature'] as string)![1]);
    expect(Math.abs(ts - t.clock.nowMs() / 1000)).toBeLessThan(5);
    expect((await deliveries(c)).items[0]).toMatchObject({
      type: 'ping',
      channel: 'webhook',
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
    });

    const rotated = await t.inject({ method: 'POST', url: '/api/notify/webhook-secret', token: c.token });
    const fresh = rotated.json<{ secret: string }>().secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    await t.inject({ method: 'POST', url: '/api/notify/test', token: c.token });
    const second = rx.got[1]!;
    expect(verify(fresh, second.headers['x-signature'] as string, second.body)).toBe(true);
    expect(verify(secret, second.headers['x-signature'] as string, second.body)).toBe(true);
    t.clock.advance(24 * 3600_000 + 1000);
    t2.clock.advance(24 * 3600_000 + 1000);
    await c.relogin();
    await t.inject({ method: 'POST', url: '/api/notify/test', token: c.token });
    const third = rx.got[2]!;
    expect(verify(fresh, third.headers['x-signature'] as string, third.body)).toBe(true);
    expect(verify(secret, third.headers['x-signature'] as string, third.body)).toBe(false);
  });

  it('should retry after a 500 and after a 5 s timeout with the same event id, then deliver', async () => {
    const c = await customer(t);
    rx.got.length = 0;
    rx.reply = (n) => (n === 1 ? 500 : n === 2 ? 'hang' : 204);
    expect((await settings(c, { webhookUrl: rx.url })).statusCode).toBe(200);
    await t.inject({ method: 'POST', url: '/api/notify/test', token: c.token });
    expect(rx.got).toHaveLength(1);
    let [d] = (await deliveries(c)).items;
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });
    // Not due yet.
    await runJob(t.ctx, outboxJob, { wait: true });
    expect(rx.got).toHaveLength(1);
    t.clock.advance(30_000);
    t2.clock.advance(30_000);
    await c.relogin();
    await runJob(t.ctx, outboxJob, { wait: true });
    expect(rx.got).toHaveLength(2);
    [d] = (await deliveries(c)).items;
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatus: null, lastError: 'no answer within 5 s' });
    t.clock.advance(60_000);
    t2.clock.advance(60_000);
    await runJob(t2.ctx, outboxJob, { wait: true });
    expect(rx.got).toHaveLength(3);
    [d] = (await deliveries(c)).items;
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 204, lastError: null });
    const ids = rx.got.map((g) => (JSON.parse(g.body) as { id: string }).id);
    expect(new Set(ids).size).toBe(1);
  }, 30_000);

  it('should give up after the last attempt, about 24 h on, and show it as failed', async () => {
    const c = await customer(t);
    rx.got.length = 0;
    rx.reply = () => 503;
    expect((await settings(c, { webhookUrl: rx.url })).statusCode).toBe(200);
    await t.inject({ method: 'POST', url: '/api/notify/test', token: c.token });
    const started = t.clock.nowMs();
    const open = async () =>
      (
        await queryRows<{ n: number | string }>(
          t.ctx.db,
          sql`select count(*) as n from outbox where user_id = ${c.id} and sent_at is null and attempts < max_attempts`,
        )
      )[0]!.n;
    for (let i = 0; i < 200 && Number(await open()) > 0; i++) {
      t.clock.advance(10 * 60_000);
      t2.clock.advance(10 * 60_000);
      await runJob(t.ctx, outboxJob, { wait: true });
    }
    await c.relogin();
    const [d] = (await deliveries(c)).items;
    expect(d).toMatchObject({ status: 'failed', attempts: 16, lastStatus: 503 });
    const hours = (t.clock.nowMs() - started) / 3600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(24);
    expect(rx.got).toHaveLength(16);
  }, 60_000);

  it('should deliver each event once when two instances deliver at the same time', async () => {
    const c = await customer(t);
    rx.got.length = 0;
    rx.reply = () => 200;
    expect((await settings(c, { webhookUrl: rx.url })).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) {
      // The same event twice (a repeated sweep) is queued once.
      for (let j = 0; j < 2; j++) {
        await emitAlert(t.ctx, t.ctx.db, {
          userId: c.id,
          type: 'balance.low',
          key: `race-${c.id}-${i}`,
          data: { balance: i, threshold: 100 },
        });
      }
    }
    const senders = notificationSenders;
    await Promise.all([
      deliverOutbox(t.ctx, { senders }),
      deliverOutbox(t2.ctx, { senders }),
      runJob(t.ctx, outboxJob),
      runJob(t2.ctx, outboxJob),
    ]);
    const ids = rx.got.map((g) => (JSON.parse(g.body) as { id: string }).id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });
});

describe('webhook destinations', () => {
  it('should refuse a private address when saving and again at delivery, unless OUTBOUND_ALLOW_PRIVATE=1', async () => {
    const strict = await build({ OUTBOUND_ALLOW_PRIVATE: '0' }, { database: t.database, url: t.databaseUrl });
    try {
      const c = await customer(t);
      for (const url of [
        rx.url,
        'https://127.0.0.1/x',
        'https://localhost/x',
        'https://169.254.169.254/',
        'ftp://example.com/',
      ]) {
        const res = await strict.inject({
          method: 'PUT',
          url: '/api/notify/settings',
          token: c.token,
          payload: { webhookUrl: url },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ message: 'OUTBOUND_URL_NOT_ALLOWED' });
      }
      // Saved while private addresses were allowed; the strict instance still refuses to connect.
      expect((await settings(c, { webhookUrl: rx.url })).statusCode).toBe(200);
      rx.got.length = 0;
      await emitAlert(strict.ctx, strict.ctx.db, { userId: c.id, type: 'ping', key: `ssrf-${c.id}`, data: {} });
      await deliverOutbox(strict.ctx, { senders: notificationSenders });
      expect(rx.got).toHaveLength(0);
      const [d] = (await deliveries(c)).items;
      expect(d).toMatchObject({ status: 'pending', attempts: 1 });
      expect(String(d!.lastError)).toContain('refused');
      // Bad input changes nothing.
      for (const payload of [
        { leadDays: [0] },
        { leadDays: [31] },
        { lowBalance: -1 },
        { events: ['nope'] },
        { telegramChatId: '1' },
        { extra: 1 },
      ]) {
        const res = await t.inject({ method: 'PUT', url: '/api/notify/settings', token: c.token, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await settings(c)).json()).toMatchObject({ leadDays: [7, 3, 1], lowBalance: null, webhookUrl: rx.url });
    } finally {
      await strict.close();
    }
  });
});

describe('whose settings and deliveries', () => {
  it('should show each customer only their own, and answer 404 for another one’s delivery', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const other = await customer(t, 0, 'proxy-owner.localhost');
    rx.reply = () => 200;
    expect((await settings(a, { webhookUrl: rx.url, lowBalance: 500, leadDays: [5, 2] })).statusCode).toBe(200);
    await t.inject({ method: 'POST', url: '/api/notify/test', token: a.token });
    const [mine] = (await deliveries(a)).items;
    expect(mine).toBeDefined();
    expect((await settings(b)).json()).toMatchObject({
      webhookUrl: null,
      lowBalance: null,
      leadDays: [7, 3, 1],
      webhookSecret: null,
    });
    expect((await deliveries(b)).total).toBe(0);
    expect((await deliveries(other, 'proxy-owner.localhost')).total).toBe(0);
    for (const [who, host] of [
      [b, 'localhost'],
      [other, 'proxy-owner.localhost'],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/notify/deliveries/${String(mine!.id)}/retry`,
        token: who.token,
        headers: { host },
      });
      expect(res.statusCode).toBe(404);
    }
    const own = await t.inject({
      method: 'POST',
      url: `/api/notify/deliveries/${String(mine!.id)}/retry`,
      token: a.token,
    });
    expect(own.statusCode).toBe(200);
    // B saving settings touches only B's.
    expect((await settings(b, { webhookUrl: null, lowBalance: 1 })).statusCode).toBe(200);
    expect((await settings(a)).json()).toMatchObject({ webhookUrl: rx.url, lowBalance: 500, leadDays: [5, 2] });
    expect((await t.inject({ method: 'GET', url: '/api/notify/settings' })).statusCode).toBe(401);
  });
});
