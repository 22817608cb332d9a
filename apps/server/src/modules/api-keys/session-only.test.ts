import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, webhookEndpoints } from '@proxy/contract';
import { balanceOf, build, customer, type TestApp } from '../../../test/helper.js';
import { activeAgency, B, registerMember } from '../../../test/agency.js';
import { SESSION_ONLY_ROUTES } from './openapi-catalog.js';

/**
 * docs/security.md#sessions-only: a leaked API key must not take the account over. Every call that
 * changes credentials, security settings or payouts needs a session: 403 FORBIDDEN to a key, and
 * nothing changes.
 */
const ALLOWED = '198.51.100.30';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function developer(balance = 0, host = 'localhost', token?: string) {
  const c = token ? { token } : await customer(t, balance, host);
  const gen = await t.inject({ method: 'POST', url: '/api/user/generate-key', token: c.token, headers: { host } });
  expect(gen.statusCode, gen.body).toBe(200);
  const ips = await t.inject({
    method: 'PUT',
    url: '/api/api/allowed-ips',
    token: c.token,
    headers: { host },
    payload: { allowedIps: [ALLOWED] },
  });
  expect(ips.statusCode, ips.body).toBe(200);
  return { ...c, key: gen.json<{ apiKey: string }>().apiKey };
}

function keyed(key: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, host = 'localhost') {
  return t.inject({
    method,
    url,
    remoteAddress: ALLOWED,
    headers: { 'x-api-key': key, host },
    ...(payload ? { payload } : {}),
  });
}

const SESSION_ONLY: [method: 'POST' | 'PUT' | 'GET', url: string, body?: object][] = [
  ['PUT', '/api/api/allowed-ips', { allowedIps: ['203.0.113.9'] }],
  ['POST', '/api/user/generate-key'],
  ['PUT', '/api/user/change-password', { password: 'x', newPassword: 'new-pass-123', passwordConfirm: 'new-pass-123' }],
  ['POST', '/api/user/turn-on-2fa', { password: 'x' }],
  ['POST', '/api/user/verify-2fa', { password: 'x', code: '123456' }],
  ['POST', '/api/user/turn-off-2fa', { password: 'x', code: '123456' }],
  ['POST', '/api/user/regenerate-recovery-codes', { code: '123456' }],
  ['PUT', '/api/notify/settings', { webhookUrl: 'https://hooks.example.com/x' }],
  ['POST', '/api/notify/webhook-secret'],
  ['POST', '/api/notify/telegram-link'],
  // It answers the webhook signing secret.
  ['GET', '/api/notify/settings'],
];

describe('calls that need a session', () => {
  it.each(SESSION_ONLY)(
    'should refuse %s %s to an API key with 403 FORBIDDEN and change nothing',
    async (m, url, body) => {
      const d = await developer();
      const before = await t.inject({ method: 'GET', url: '/api/notify/settings', token: d.token });
      const res = await keyed(d.key, m, url, body);
      expect([res.statusCode, res.json().message]).toEqual([403, 'FORBIDDEN']);
      // The key still works, from the same address, and the settings are as they were.
      expect((await keyed(d.key, 'GET', '/api/user/me')).statusCode).toBe(200);
      const info = await t.inject({ method: 'GET', url: '/api/api/info', token: d.token });
      expect(info.json().allowedIps).toEqual([ALLOWED]);
      const after = await t.inject({ method: 'GET', url: '/api/notify/settings', token: d.token });
      expect(after.json()).toEqual(before.json());
      // With a session the same call is not refused as FORBIDDEN: the rule is about the key.
      const session = await t.inject({ method: m, url, token: d.token, ...(body ? { payload: body } : {}) });
      expect(session.statusCode === 403 && session.json().message === 'FORBIDDEN').toBe(false);
    },
  );

  it("should refuse an agency owner's transfer to a member made with the owner's key", async () => {
    const a = await activeAgency(t, 10, 500_000);
    const member = await registerMember(t, a.code);
    const d = await developer(0, B, a.owner.token);
    const res = await keyed(d.key, 'POST', '/api/agency/transfer', { email: member.email, amount: 100_000 }, B);
    expect([res.statusCode, res.json().message]).toEqual([403, 'FORBIDDEN']);
    expect(await balanceOf(t, a.owner.id)).toBe(500_000);
    expect(await balanceOf(t, member.id)).toBe(0);
  });

  // Every change to the account itself (its /user, /api, /notify and /agency calls) is either
  // session-only or named here as something a key may do; a new such call must be put in one.
  const KEY_MAY = new Set([
    // Top-ups bring money in; their payer still pays at the provider.
    ...['paypal', 'momo', 'usdt', 'bytepay', 'perfect-money', 'tazapay', 'bank'].map(
      (m) => `POST /api/user/${m}-create-order`,
    ),
    'POST /api/user/payment-credit-card',
    'POST /api/user/complete-paypal-payment',
    'POST /api/user/bytepay-complete-order',
    'DELETE /api/user/cancle-payment-credit/:id',
    'PUT /api/user/auto-renew',
    // Sends to the channels already set up, which only a session can change.
    'POST /api/notify/test',
    'POST /api/notify/deliveries/:id/retry',
    'POST /api/agency/create',
    'PUT /api/agency/update',
  ]);

  it('should classify every call that changes the account: session-only or allowed to a key', () => {
    // A payment provider's status post sits under /user but carries neither a session nor a key.
    const fromProviders = new Set<unknown>(Object.values(webhookEndpoints));
    const account = (Object.values(ENDPOINTS) as { method: string; path: string }[])
      .filter((e) => e.method !== 'GET' && /^\/(user|api|notify|agency)\//.test(e.path) && !/admin/.test(e.path))
      .filter((e) => !fromProviders.has(e))
      .map((e) => `${e.method} /api${e.path}`);
    expect(account.length).toBeGreaterThan(KEY_MAY.size);
    expect(account.filter((k) => !SESSION_ONLY_ROUTES.has(k) && !KEY_MAY.has(k))).toEqual([]);
    for (const [m, url] of SESSION_ONLY) {
      expect(SESSION_ONLY_ROUTES.has(`${m} ${url}`), url).toBe(true);
    }
  });
});
