import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@proxy/contract';
import { telegramJob } from '../../jobs/alerts.js';
import { outboxJob } from '../../jobs/outbox.js';
import { runJob } from '../../jobs/runner.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fakes/index.js';
import { build, createUser, customer, login, type TestApp, type TestUser } from '../../../test/helper.js';
import { emitAlert } from './events.js';
import { kickAlerts } from './senders.js';
import { handleUpdate } from './link-telegram.js';

let t: TestApp;
let tg: FakeTelegram;
let adminToken: string;
let admin: TestUser;
beforeAll(async () => {
  t = await build();
  tg = await startFakeTelegram();
  admin = await createUser(t, { role: ROLE.SITE_ADMIN });
  adminToken = (await login(t, admin)).accessToken;
});
afterAll(async () => {
  await tg.close();
  await t.close();
});

async function setBot(botToken: string | null, apiBase = tg.url, token = adminToken) {
  return t.inject({ method: 'PUT', url: '/api/notify/admin/telegram', token, payload: { botToken, apiBase } });
}

async function linkCode(token: string) {
  const res = await t.inject({ method: 'POST', url: '/api/notify/telegram-link', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string; code: string }>();
}

describe('Telegram', () => {
  it('should let only an admin set the bot, checked with getMe', async () => {
    const c = await customer(t);
    expect((await t.inject({ method: 'POST', url: '/api/notify/telegram-link', token: c.token })).statusCode).toBe(400);
    expect((await setBot(tg.token, tg.url, c.token)).statusCode).toBe(403);
    const wrong = await setBot('123:wrong');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'TELEGRAM_ERROR' });
    // No site has a bot yet: the poller's ticks take no lease.
    expect(await telegramJob.idle?.(t.ctx)).toBe(true);
    const ok = await setBot(tg.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ configured: true, username: tg.username, apiBase: tg.url });
    expect(await telegramJob.idle?.(t.ctx)).toBe(false);
    const read = await t.inject({ method: 'GET', url: '/api/notify/admin/telegram', token: adminToken });
    expect(read.json()).toEqual({ configured: true, username: tg.username, apiBase: tg.url });
    // The token never comes back.
    expect(read.body).not.toContain(tg.token);
    // The change is in the site's settings history, by this admin, the token masked.
    const history = await t.inject({
      method: 'GET',
      url: '/api/site/admin/list-setting-change?limit=100&search=telegram',
      token: adminToken,
    });
    const rows = history.json<{ items: { field: string; actorEmail: string; newValue: string | null }[] }>().items;
    expect(rows.find((r) => r.field === 'telegramBot')).toMatchObject({
      actorEmail: admin.email,
      newValue: tg.username,
    });
    expect(rows.find((r) => r.field === 'telegramBotToken')?.newValue).toBe('••••••');
    expect(history.body).not.toContain(tg.token);
  });

  it('should link a chat with /start <code> and send alerts there with sendMessage', async () => {
    expect((await setBot(tg.token)).statusCode).toBe(200);
    const c = await customer(t);
    await t.inject({ method: 'PUT', url: '/api/notify/settings', token: c.token, payload: { language: 'en' } });
    const { url, code } = await linkCode(c.token);
    expect(url).toBe(`https://t.me/${tg.username}?start=${code}`);
    tg.userSays(4242, `/start ${code}`);
    tg.userSays(4343, 'hello');
    expect(await runJob(t.ctx, telegramJob, { wait: true })).toBe(true);
    const s = await t.inject({ method: 'GET', url: '/api/notify/settings', token: c.token });
    expect(s.json()).toMatchObject({ telegramChatId: '4242', telegramAvailable: true });
    expect(tg.sent.filter((m) => m.chatId === '4242').map((m) => m.text)).toEqual([
      'Telegram is linked: your alerts will arrive here.',
    ]);
    // The same code again (a replayed update, another chat) links nothing; the offset moved on.
    tg.userSays(5555, `/start ${code}`);
    await runJob(t.ctx, telegramJob, { wait: true });
    await runJob(t.ctx, telegramJob, { wait: true });
    expect(tg.sent.filter((m) => m.chatId === '5555')).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: '/api/notify/settings', token: c.token })).json()).toMatchObject({
      telegramChatId: '4242',
    });

    // An alert reaches the chat, once, in the customer's language; a refused send is retried.
    tg.failNext(1);
    const ids = await emitAlert(t.ctx, t.ctx.db, {
      userId: c.id,
      type: 'balance.low',
      key: `tg-low-${c.id}`,
      data: { balance: 1000, threshold: 5000 },
    });
    await kickAlerts(t.ctx, ids);
    expect(tg.sent.filter((m) => m.chatId === '4242')).toHaveLength(1);
    t.clock.advance(2 * 60_000);
    await runJob(t.ctx, outboxJob, { wait: true });
    await runJob(t.ctx, outboxJob, { wait: true });
    const texts = tg.sent.filter((m) => m.chatId === '4242').map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(
      'Low balance: 1,000 coins\n\nYour balance is 1,000 coins, below your threshold of 5,000 coins.',
    );
    await c.relogin();
    const log = await t.inject({ method: 'GET', url: '/api/notify/deliveries', token: c.token });
    expect(log.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'balance.low', channel: 'telegram', status: 'delivered', attempts: 2 }),
      ]),
    );
    // Unlinking stops it.
    const off = await t.inject({
      method: 'PUT',
      url: '/api/notify/settings',
      token: c.token,
      payload: { telegramChatId: null },
    });
    expect(off.json()).toMatchObject({ telegramChatId: null });
  });

  it('should spend a code once when 20 updates use it at the same time', async () => {
    expect((await setBot(tg.token)).statusCode).toBe(200);
    const c = await customer(t);
    const { code } = await linkCode(c.token);
    const site = await t.app.sites.resolve('localhost');
    const results = await Promise.all(
      [...Array(20)].map((_, i) =>
        handleUpdate(t.ctx, site.id, {
          update_id: 90_000 + i,
          message: { text: `/start ${code}`, chat: { id: 7000 + i } },
        }),
      ),
    );
    const linked = results.filter((r) => r !== undefined);
    expect(linked).toHaveLength(1);
    const chat = (await t.inject({ method: 'GET', url: '/api/notify/settings', token: c.token })).json().telegramChatId;
    expect(Number(chat)).toBeGreaterThanOrEqual(7000);
    // A code of another site's bot, or an expired one, links nothing.
    const other = await linkCode(c.token);
    const otherSite = await t.app.sites.resolve('proxy-owner.localhost');
    expect(
      await handleUpdate(t.ctx, otherSite.id, {
        update_id: 1,
        message: { text: `/start ${other.code}`, chat: { id: 1 } },
      }),
    ).toBeUndefined();
    t.clock.advance(16 * 60_000);
    expect(
      await handleUpdate(t.ctx, site.id, { update_id: 2, message: { text: `/start ${other.code}`, chat: { id: 1 } } }),
    ).toBeUndefined();
  });
});
