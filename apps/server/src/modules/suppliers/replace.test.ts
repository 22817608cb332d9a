import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { telegramJob } from '../../jobs/alerts.js';
import { runJob } from '../../jobs/runner.js';
import { supplierPurchasesJob } from '../../jobs/supplier-purchases.js';
import {
  startFakeProxy6,
  startFakeTelegram,
  startFakeWebshare,
  type FakeProxy6,
  type FakeTelegram,
  type FakeWebshare,
} from '../../../test/fakes/index.js';
import {
  balanceOf,
  build,
  createUser,
  customer,
  ledgerMismatches,
  login,
  type TestApp,
  type TestUser,
} from '../../../test/helper.js';
import { addDayCountries } from '../../../test/suppliers.js';
import { FAILURES_TO_REPLACE } from './health.js';

/**
 * The pool side of health and replacement, and the admin alerts of supplier trouble, on the real
 * database: pool upstreams (pasted lines, a Webshare pool) are real local TCP listeners, so the
 * health check's connect meets a listening port or a refused one; Proxy6, Webshare and the
 * Telegram Bot API are their local fakes. Every answer, mail, Telegram message, audit row and log
 * line of these flows is then searched for the upstream credentials.
 */

let t: TestApp;
let p6: FakeProxy6;
let ws: FakeWebshare;
let tg: FakeTelegram;
let admin: TestUser;
let adminToken: string;
let p6Id: string;
const logs: string[] = [];
/** Every answer body of the flows, for the credential search. */
const bodies: string[] = [];
/** Upstream user names and passwords handed to the panel, for the credential search. */
const secrets: string[] = [];
const ADMIN_CHAT = 77_001;
const DAY_PRICE = 1000;

/** A TCP port that accepts connections until closed (an upstream proxy that is up). */
interface Listener {
  port: number;
  close(): Promise<void>;
}
const listeners: Listener[] = [];

async function listen(): Promise<Listener> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    s.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const l = {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
  listeners.push(l);
  return l;
}

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) => {
  const res = await t.inject({ method, url: `/api${url}`, token: token ?? adminToken, payload });
  bodies.push(res.body);
  return res;
};

beforeAll(async () => {
  t = await build({ SUPPLIER_TIMEOUT_MS: '2000' }, undefined, { write: (line) => void logs.push(line) });
  p6 = await startFakeProxy6({ apiKey: `key-${randomUUID()}`, stock: { '4:mt': 100 } });
  ws = await startFakeWebshare({ apiKey: `ws-${randomUUID()}` });
  tg = await startFakeTelegram();
  admin = await createUser(t, { role: 2 });
  adminToken = (await login(t, admin)).accessToken;
  await addDayCountries(
    call,
    [
      ['MT', 'Malta'],
      ['CY', 'Cyprus'],
      ['LU', 'Luxembourg'],
      ['IS', 'Iceland'],
    ],
    DAY_PRICE,
  );
  const created = await call('POST', '/supplier/admin/create', {
    kind: 'proxy6',
    name: 'P6',
    baseUrl: p6.url,
    apiKey: p6.apiKey,
  });
  expect(created.statusCode, created.body).toBe(200);
  p6Id = created.json<{ id: string }>().id;
  await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });

  // The site's bot, and the admin's chat linked to it: admin alerts go by mail and Telegram.
  const bot = await call('PUT', '/notify/admin/telegram', { botToken: tg.token, apiBase: tg.url });
  expect(bot.statusCode, bot.body).toBe(200);
  const link = await call('POST', '/notify/telegram-link');
  expect(link.statusCode, link.body).toBe(200);
  tg.userSays(ADMIN_CHAT, `/start ${link.json<{ code: string }>().code}`);
  expect(await runJob(t.ctx, telegramJob, { wait: true })).toBe(true);
  expect(tg.sent.filter((m) => m.chatId === String(ADMIN_CHAT))).toHaveLength(1);
});
// The health rounds move the clock past the admin's 15-minute token.
beforeEach(async () => {
  adminToken = (await login(t, admin)).accessToken;
});
afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
  await Promise.all([p6?.close(), ws?.close(), tg?.close()]);
  await t?.close();
});

async function buy(country: string, status = 'using') {
  const c = await customer(t, 100_000);
  const res = await call(
    'POST',
    '/v4-proxy/buy-retail',
    { country, quantity: 1, period: { unit: 'day', value: 3 } },
    c.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().order.status).toBe(status);
  return { c, proxyId: res.json().proxies[0]?.id as string, orderId: res.json().order.id as string };
}

/** What the customer sees of the proxy, and the upstream row it is chained through. */
async function served(proxyId: string) {
  const [r] = await queryRows<{
    port: number;
    username: string;
    password: string;
    node_id: string;
    upstream_row: string;
    upstream_port: number;
    failures: number;
  }>(
    t.ctx.db,
    sql`select p.port, p.username, p.password, p.node_id, u.id as upstream_row, u.port as upstream_port, u.failures
        from proxies p join upstream_proxies u on u.proxy_id = p.id and u.status = 'serving' where p.id = ${proxyId}`,
  );
  return r!;
}

/** One round of health checks: the clock past the check interval, one sweep of the job. */
async function checkRound(app = t) {
  app.clock.advance(5 * 60_000 + 1000);
  expect(await runJob(app.ctx, supplierPurchasesJob, { wait: true })).toBe(true);
}

async function checks(n: number) {
  for (let i = 0; i < n; i++) {
    await checkRound();
  }
}

async function alertsOf(supplierId: string) {
  return queryRows<{ alert: string; message: string }>(
    t.ctx.db,
    sql`select alert, message from supplier_events where supplier_id = ${supplierId} and alert is not null`,
  );
}

const adminMails = () => t.mailer.mails.filter((m) => m.to === admin.email);
const adminMessages = () => tg.sent.filter((m) => m.chatId === String(ADMIN_CHAT));

/**
 * Replaces the serving upstream of a pool supplier: the checks pass while it listens (and fail
 * when the outbound rule refuses its private address), then three refused connects replace it by
 * the pool's other proxy, the customer's port and credentials unchanged.
 */
async function replaceFromPool(supplierId: string, country: string, ports: [Listener, Listener]) {
  await call('PUT', '/supplier/admin/route', { product: 'v4', country, sources: [supplierId] });
  const { c, proxyId } = await buy(country);
  const before = await served(proxyId);
  const [up, spare] = before.upstream_port === ports[0].port ? ports : [ports[1], ports[0]];
  expect(up.port).toBe(before.upstream_port);

  // The outbound rule comes before the connect: without OUTBOUND_ALLOW_PRIVATE the loopback
  // address is refused, and that counts as a failure although the port listens.
  const strict = await build({ OUTBOUND_ALLOW_PRIVATE: '0' }, { database: t.database, url: t.databaseUrl });
  try {
    strict.clock.advance(t.clock.nowMs() - strict.clock.nowMs());
    await checkRound(strict);
    t.clock.advance(strict.clock.nowMs() - t.clock.nowMs());
  } finally {
    await strict.close();
  }
  expect((await served(proxyId)).failures).toBe(1);
  // A listening port passes: the count starts again, whatever came before.
  await checks(FAILURES_TO_REPLACE);
  expect(await served(proxyId)).toEqual({ ...before, failures: 0 });

  await up.close();
  await checks(FAILURES_TO_REPLACE - 1);
  expect(await served(proxyId)).toMatchObject({ upstream_row: before.upstream_row, failures: FAILURES_TO_REPLACE - 1 });
  await checkRound();
  const after = await served(proxyId);
  expect(after.upstream_row).not.toBe(before.upstream_row);
  expect(after.upstream_port).toBe(spare.port);
  expect({ ...after, upstream_row: before.upstream_row, upstream_port: up.port }).toEqual({ ...before, failures: 0 });
  const [old] = await queryRows<{ status: string; proxy_id: string | null }>(
    t.ctx.db,
    sql`select status, proxy_id from upstream_proxies where id = ${before.upstream_row}`,
  );
  expect(old!.status).toBe('retired');

  // The customer's trail says why the proxy changed; the supplier's events say it was replaced.
  await c.relogin();
  const trail = await call('GET', `/audit/list?limit=100&proxyId=${proxyId}`, undefined, c.token);
  expect(trail.statusCode).toBe(200);
  const changes = trail
    .json<{ items: { action: string; detail: Record<string, unknown> }[] }>()
    .items.filter((e) => e.action === 'proxy.ip-change');
  expect(changes).toHaveLength(1);
  expect(changes[0]!.detail).toMatchObject({ reason: 'upstream-replaced' });
  const events = await queryRows<{ kind: string }>(
    t.ctx.db,
    sql`select kind from supplier_events where supplier_id = ${supplierId} and kind = 'replaced'`,
  );
  expect(events).toHaveLength(1);
  expect(await alertsOf(supplierId)).toEqual([]);

  // The replacement is healthy: more rounds replace nothing more.
  await checks(FAILURES_TO_REPLACE);
  expect((await served(proxyId)).upstream_row).toBe(after.upstream_row);
  expect(await balanceOf(t, c.id)).toBe(100_000 - 3 * DAY_PRICE);
  expect(await ledgerMismatches(t)).toEqual([]);
}

describe('replacing a failing pool upstream', () => {
  it('should replace a pasted-list proxy that refuses three connects by another of the list', async () => {
    const ports: [Listener, Listener] = [await listen(), await listen()];
    const created = await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Pool' });
    const listId = created.json<{ id: string }>().id;
    const creds = [0, 1].map(() => [`lu${randomUUID().slice(0, 8)}`, `lp${randomUUID().slice(0, 8)}`] as const);
    secrets.push(...creds.flat());
    const added = await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines: ports.map((l, i) => `127.0.0.1:${l.port}:${creds[i]![0]}:${creds[i]![1]}`).join('\n'),
      country: 'CY',
      protocol: 'http',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(added.json()).toMatchObject({ added: 2, duplicates: 0, invalid: [] });
    await replaceFromPool(listId, 'CY', ports);
  });

  it('should replace a Webshare pool proxy the same way', async () => {
    const ports: [Listener, Listener] = [await listen(), await listen()];
    ws.add(1, 'LU', '127.0.0.1', ports[0].port);
    ws.add(1, 'LU', '127.0.0.1', ports[1].port);
    secrets.push(ws.apiKey, ...ws.proxies.flatMap((p) => [p.username, p.password]));
    const created = await call('POST', '/supplier/admin/create', {
      kind: 'webshare',
      name: 'WS',
      baseUrl: ws.url,
      apiKey: ws.apiKey,
    });
    expect(created.statusCode, created.body).toBe(200);
    const wsId = created.json<{ id: string }>().id;
    const synced = await call('POST', `/supplier/admin/sync/${wsId}`);
    expect(synced.statusCode, synced.body).toBe(200);
    await replaceFromPool(wsId, 'LU', ports);
  });
});

describe('admin alerts of supplier trouble', () => {
  /** After the trouble: one alert event, then two job runs send one mail and one Telegram message. */
  async function expectOneAlert(
    supplierId: string,
    kind: string,
    words: string,
    mailsBefore: number,
    tgBefore: number,
  ) {
    await runJob(t.ctx, supplierPurchasesJob, { wait: true });
    await runJob(t.ctx, supplierPurchasesJob, { wait: true });
    const alerts = await alertsOf(supplierId);
    expect(alerts.filter((a) => a.alert === kind)).toHaveLength(1);
    const mails = adminMails().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(words);
    const messages = adminMessages().slice(tgBefore);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain(words);
  }

  it('should alert once when a pool has no free proxy to replace a failing one', async () => {
    const only = await listen();
    const created = await call('POST', '/supplier/admin/create', { kind: 'list', name: 'Solo' });
    const soloId = created.json<{ id: string }>().id;
    const [user, pass] = [`su${randomUUID().slice(0, 8)}`, `sp${randomUUID().slice(0, 8)}`];
    secrets.push(user, pass);
    await call('POST', `/supplier/admin/add-lines/${soloId}`, {
      lines: `127.0.0.1:${only.port}:${user}:${pass}`,
      country: 'IS',
      protocol: 'http',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'IS', sources: [soloId] });
    const { proxyId } = await buy('IS');
    const before = await served(proxyId);
    const [mails, messages] = [adminMails().length, adminMessages().length];
    await only.close();
    await checks(FAILURES_TO_REPLACE);
    const [rep] = await queryRows<{ status: string; last_error: string }>(
      t.ctx.db,
      sql`select status, last_error from supplier_replacements where upstream_row_id = ${before.upstream_row}`,
    );
    expect(rep).toEqual({ status: 'failed', last_error: 'no free pool proxy of that country' });
    // The failing upstream keeps serving (nothing better exists); later failures alert nothing new.
    await checks(2);
    expect((await served(proxyId)).upstream_row).toBe(before.upstream_row);
    await expectOneAlert(soloId, 'replacement_failed', 'no free pool proxy', mails, messages);

    // The admin adds a proxy: within the hour nothing is tried again; then the replacement is had.
    const spare = await listen();
    adminToken = (await login(t, admin)).accessToken;
    const added = await call('POST', `/supplier/admin/add-lines/${soloId}`, {
      lines: `127.0.0.1:${spare.port}:${user}:${pass}`,
      country: 'IS',
      protocol: 'http',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(added.json()).toMatchObject({ added: 1 });
    await checks(2);
    expect((await served(proxyId)).upstream_row).toBe(before.upstream_row);
    t.clock.advance(3_600_000);
    await checkRound();
    expect((await served(proxyId)).upstream_port).toBe(spare.port);
    expect(await alertsOf(soloId)).toHaveLength(1);
    expect(adminMails().slice(mails)).toHaveLength(1);
  });

  it('should alert once when Proxy6 refuses to buy the replacement (no money)', async () => {
    const { proxyId } = await buy('MT');
    const before = await served(proxyId);
    const [mails, messages] = [adminMails().length, adminMessages().length];
    const [row] = await queryRows<{ upstream_id: string }>(
      t.ctx.db,
      sql`select upstream_id from upstream_proxies where id = ${before.upstream_row}`,
    );
    p6.proxies.get(row!.upstream_id)!.active = false;
    p6.fault('buy', { kind: 'error', errorId: 400 }, 5);
    await checks(FAILURES_TO_REPLACE + 1);
    p6.clearFaults();
    const buys = p6.calls.filter((c) => c.method === 'buy');
    expect(buys.at(-1)!.params).toMatchObject({ country: 'mt', count: '1' });
    expect((await served(proxyId)).upstream_row).toBe(before.upstream_row);
    await expectOneAlert(p6Id, 'replacement_failed', 'Error no money', mails, messages);
    expect(adminMails().at(-1)!.text).toContain('ADMIN_ERROR');
  });

  it('should alert once, and refund once, when no source can deliver a purchase', async () => {
    const [mails, messages] = [adminMails().length, adminMessages().length];
    p6.fault('buy', { kind: 'error', errorId: 400 });
    const { c, orderId } = await buy('MT', 'cancelled');
    expect(await balanceOf(t, c.id)).toBe(100_000);
    const refunds = await queryRows<{ n: number | string }>(
      t.ctx.db,
      sql`select count(*) as n from transactions where user_id = ${c.id} and type = 'refund' and ref_id = ${orderId}`,
    );
    expect(Number(refunds[0]!.n)).toBe(1);
    const purchaseAlerts = (await alertsOf(p6Id)).filter((a) => a.alert === 'purchase_failed');
    expect(purchaseAlerts).toHaveLength(1);
    expect(purchaseAlerts[0]!.message).toContain('Error no money');
    await expectOneAlert(p6Id, 'purchase_failed', 'no source could deliver', mails, messages);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});

describe('upstream credentials in these flows', () => {
  it('should be in no answer, mail, Telegram message, audit row, supplier event or log line', async () => {
    secrets.push(p6.apiKey, ...[...p6.proxies.values()].flatMap((p) => [p.user, p.pass]));
    expect(secrets.length).toBeGreaterThan(10);
    const probe = randomUUID();
    t.ctx.log.info({ probe }, 'log capture probe');
    expect(logs.join('')).toContain(probe);
    const audit = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select * from audit_events`);
    const events = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select * from supplier_events`);
    const replacements = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select * from supplier_replacements`);
    expect(audit.length).toBeGreaterThan(0);
    const sources = {
      answers: bodies.join('\n'),
      mails: JSON.stringify(t.mailer.mails),
      telegram: JSON.stringify(tg.sent),
      audit: JSON.stringify(audit),
      events: JSON.stringify(events),
      replacements: JSON.stringify(replacements),
      log: logs.join(''),
    };
    for (const [where, text] of Object.entries(sources)) {
      for (const secret of secrets) {
        expect(text.includes(secret), `${where} carries ${secret}`).toBe(false);
      }
    }
  });
});
