import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  build,
  buildSecondInstance,
  createUser,
  customer,
  fund,
  login,
  type TestApp,
  type TestUser,
} from '../../../test/helper.js';
import { ROLE } from '@proxy/contract';
import {
  BANK_KEY,
  codeBillOf,
  configureMethod,
  expectLedgerHolds,
  postBank,
  sepay,
  setPromotion,
} from '../../../test/payments.js';
import { connectSse, type SseClient } from '../../../test/sse.js';
import { REFRESH_REUSE_GRACE_MS } from '../auth/renew-token.js';

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
beforeAll(async () => {
  a = await build();
  b = await buildSecondInstance(a);
  // The key lives in the site's settings, which every instance reads.
  await configureMethod(a, 'bank', { webhookKey: BANK_KEY });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  await setPromotion(a, undefined);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const waitFor = async (cond: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) {
      throw new Error('timed out');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('GET /api/events', () => {
  it('should refuse a stream without a valid token', async () => {
    const sse = await connectSse(`${urlA}/api/events?access_token=nope`);
    expect(sse.status).toBe(401);
  });

  it('should tell a browser on instance A of a top-up credited by a webhook posted to instance B', async () => {
    const c = await customer(a);
    const code = await codeBillOf(a, c.id);
    const sse = await connectSse(`${urlA}/api/events?access_token=${c.token}`);
    try {
      expect(sse.status).toBe(200);
      const res = await postBank(b, sepay(`ck ${code}`, 1_000_000));
      expect(res.json()).toEqual({ success: true });
      const success = await sse.next('topup.success');
      expect(success.data).toMatchObject({ amount: 1_000_000, bonus: 100_000, balance: 1_100_000 });
      const balances = [await sse.next('balance.changed'), await sse.next('balance.changed')];
      expect(balances.map((e) => (e.data as { balance: number }).balance).sort()).toEqual([1_000_000, 1_100_000]);
    } finally {
      sse.close();
    }
    await expectLedgerHolds(a);
  });

  it('should take the token from the Authorization header too, and send nothing of other users', async () => {
    const c = await customer(a);
    const other = await customer(a);
    const sse = await connectSse(`${urlA}/api/events`, { authorization: `Bearer ${c.token}` });
    try {
      await postBank(b, sepay(await codeBillOf(a, other.id), 50_000));
      await postBank(a, sepay(await codeBillOf(a, c.id), 60_000));
      const e = await sse.next('topup.success');
      expect(e.data).toMatchObject({ amount: 60_000, balance: 60_000 });
      expect(sse.events.filter((x) => x.event === 'topup.success')).toHaveLength(0);
    } finally {
      sse.close();
    }
  });

  it('should not announce a balance change that was rolled back', async () => {
    const c = await customer(a);
    const sse = await connectSse(`${urlA}/api/events?access_token=${c.token}`);
    try {
      // Too poor to buy: the debit is refused and its transaction rolled back.
      const buy = await a.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token: c.token,
        payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 } },
      });
      expect(buy.json().message).toBe('NOT_ENOUGH_MONEY');
      await postBank(b, sepay(await codeBillOf(a, c.id), 20_000));
      const first = await sse.next('balance.changed');
      expect(first.data).toEqual({ balance: 20_000 });
    } finally {
      sse.close();
    }
  });

  it('should forget a stream when the browser goes away', async () => {
    const c = await customer(a);
    const before = a.app.events.size;
    const sse = await connectSse(`${urlA}/api/events?access_token=${c.token}`);
    expect(a.app.events.size).toBe(before + 1);
    sse.close();
    await waitFor(() => a.app.events.size === before);
  });
});

describe('GET /api/events from clients that leave at once', () => {
  it('should keep no stream of a client gone before its stream was set up', async () => {
    const c = await customer(a);
    const before = a.app.events.size;
    const subscribed = vi.spyOn(a.app.events, 'subscribe');
    const { port } = new URL(urlA);
    // Each request arrives whole and its socket closes at once, while authenticate and the LISTEN
    // are still being awaited on the server.
    await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), '127.0.0.1', () => {
              socket.end(`GET /api/events?access_token=${c.token} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
            });
            socket.on('error', () => resolve());
            socket.on('close', () => resolve());
            socket.resume();
          }),
      ),
    );
    // Every one of them got past authenticate and the LISTEN (the last awaits of its handler);
    // from then on each stream is either dropped at once or when its closed socket is noticed.
    try {
      await vi.waitFor(() => expect(subscribed).toHaveBeenCalledTimes(30), { timeout: 10_000 });
      await Promise.all(subscribed.mock.results.map((r) => r.value as Promise<unknown>));
    } finally {
      subscribed.mockRestore();
    }
    await waitFor(() => a.app.events.size === before);
    expect(a.app.events.size).toBe(before);
  });
});

describe('GET /api/events after the session is revoked', () => {
  // Well below SESSION_CHECK_MS: only the revocation's own notice can end a stream this soon.
  const SOON_MS = 3000;
  const streams: SseClient[] = [];
  const open = async (url: string, token: string) => {
    const sse = await connectSse(`${url}/api/events?access_token=${token}`);
    expect(sse.status).toBe(200);
    streams.push(sse);
    return sse;
  };
  afterAll(() => streams.forEach((s) => s.close()));

  /** A user with two sessions (two browsers). */
  const twoSessions = async (): Promise<{ user: TestUser; one: Tokens; two: Tokens }> => {
    const user = await createUser(a);
    return { user, one: await login(a, user), two: await login(a, user) };
  };
  type Tokens = Awaited<ReturnType<typeof login>>;

  /** The stream still delivers: it hears a balance change made after the revocation. */
  const expectAlive = async (sse: SseClient, userId: string, amount: number) => {
    await fund(a, userId, amount);
    const e = await sse.next('balance.changed');
    expect(sse.ended).toBe(false);
    return e;
  };

  it('should end the stream of a session that logs out, and only that one', async () => {
    const { user, one, two } = await twoSessions();
    const first = await open(urlA, one.accessToken);
    const second = await open(urlA, two.accessToken);
    const res = await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: one.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    await first.waitEnded(SOON_MS);
    await expectAlive(second, user.id, 1_000);
  });

  it("should end the other sessions' streams on a password change and keep the caller's", async () => {
    const { user, one, two } = await twoSessions();
    const mine = await open(urlA, one.accessToken);
    const other = await open(urlA, two.accessToken);
    const res = await a.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      token: one.accessToken,
      payload: { password: user.password, passwordConfirm: 'a-new-password', newPassword: 'a-new-password' },
    });
    expect(res.statusCode).toBe(200);
    await other.waitEnded(SOON_MS);
    expect((await expectAlive(mine, user.id, 2_000)).data).toEqual({ balance: 2_000 });
    // The kept stream now belongs to the new session: signing that one out ends it.
    const { tokens } = res.json<{ tokens: Tokens }>();
    await a.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: tokens.refreshToken } });
    await mine.waitEnded(SOON_MS);
  });

  it("should end the session's stream when a spent refresh token is used again", async () => {
    const { one } = await twoSessions();
    const sse = await open(urlA, one.accessToken);
    const renew = () => a.inject({ method: 'POST', url: '/api/auth/renew-token', payload: one });
    expect((await renew()).statusCode).toBe(200);
    // Past the grace in which a second tab may still present it (auth/renew-token.ts).
    a.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    expect((await renew()).json().message).toBe('INVALID_TOKEN');
    await sse.waitEnded(SOON_MS);
  });

  it('should end every stream of a user an admin bans', async () => {
    const admin = await login(a, await createUser(a, { role: ROLE.OWNER }));
    const { user, one, two } = await twoSessions();
    const bystander = await customer(a);
    const watching = await open(urlA, bystander.token);
    const first = await open(urlA, one.accessToken);
    const second = await open(urlA, two.accessToken);
    const res = await a.inject({
      method: 'PUT',
      url: '/api/user/admin-active-user',
      token: admin.accessToken,
      payload: { userId: user.id, active: false },
    });
    expect(res.statusCode).toBe(200);
    await Promise.all([first.waitEnded(SOON_MS), second.waitEnded(SOON_MS)]);
    await expectAlive(watching, bystander.id, 3_000);
  });

  // On PGlite the second instance shares the one embedded database (and its NOTIFY); on
  // PostgreSQL it has its own pool and LISTEN connection, as another server would.
  it('should end a stream on another instance than the one that revoked the session', async () => {
    const { user, one, two } = await twoSessions();
    const onB = await open(urlB, one.accessToken);
    const otherOnB = await open(urlB, two.accessToken);
    await a.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: one.refreshToken } });
    await onB.waitEnded(SOON_MS);
    await expectAlive(otherOnB, user.id, 4_000);
  });
});
