import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { siteEndpoints, typedProxyEndpoints, userEndpoints } from '@proxy/contract';
import { build, createUser, customer, login, type TestApp } from '../../test/helper.js';
import { localNodeSecret } from '../bootstrap.js';
import { queryRows } from '../db/client.js';
import { findAuthUser, meOf } from '../modules/auth/index.js';
import { runningPromotionTiers } from '../modules/promotions/index.js';
import { siteInfo } from '../modules/site/index.js';
import { encryptSecret } from './crypto.js';
import { compileSerializer, compiledSerializerCompiler, genericSerializerCompiler } from './compiled-serializer.js';

/** What the generic path writes: zod's parsed copy, stringified. */
const generic = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

/** The route-level serializers, as Fastify builds them. */
function serializers(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<
    typeof genericSerializerCompiler
  >[0];
  return {
    compiled: compiledSerializerCompiler()(route),
    generic: genericSerializerCompiler(route),
  };
}

describe('compileSerializer', () => {
  const Item = z.object({
    id: z.string(),
    n: z.number().int(),
    ok: z.boolean(),
    kind: z.enum(['a', 'b']),
    one: z.literal(true),
    note: z.string().nullable(),
    maybe: z.string().nullable().optional(),
    tags: z.array(z.string()),
    nested: z.object({ x: z.number(), y: z.string().optional() }).nullable(),
    at: z.date(),
    ip: z.union([z.ipv4(), z.ipv6()]),
  });
  const Page = z.object({ items: z.array(Item), total: z.number().int(), extra: z.string().optional() });
  const item = {
    // Keys out of the schema's order, and unknown ones: the schema's order, unknown keys dropped.
    tags: ['x', 'é "q" \\ \n \u2028 \ud800 😀'],
    id: 'a1',
    secret: 'not in the schema',
    n: -0,
    ok: false,
    kind: 'b',
    one: true,
    note: null,
    nested: { y: undefined, x: 1.5e300, z: 1 },
    at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
    ip: '2001:db8::1',
  };

  it('should write exactly what zod + JSON.stringify write, for every modelled type', () => {
    const f = compileSerializer(Page)!;
    expect(f).not.toBeNull();
    const values = [
      { items: [], total: 0 },
      { items: [item], total: 1, extra: 'e' },
      { items: [item, { ...item, maybe: 'm', note: 'n', nested: null }, { ...item, maybe: null }], total: 3 },
      { extra: undefined, total: 2, items: [{ ...item, maybe: undefined, nested: { x: -1 } }] },
    ];
    for (const v of values) {
      expect(f(v)).toBe(generic(Page, v));
    }
  });

  it('should leave the parts it does not model to zod, and fall back whole on a mismatch', () => {
    const Mixed = z.object({
      u: z.union([z.string(), z.number()]),
      r: z.record(z.string(), z.number()),
      t: z.string().trim(),
      c: z.coerce.number(),
      tr: z.string().transform((s) => s.length),
      d: z.number().default(7),
      loose: z.looseObject({ a: z.string() }),
    });
    const v = { u: 3, r: { b: 2, a: 1 }, t: '  x  ', c: '12', tr: 'abcd', loose: { a: 'a', b: 'kept' } };
    const s = serializers(Mixed);
    expect(s.compiled(v)).toBe(generic(Mixed, v));
    expect(s.compiled({ ...v, d: 1 })).toBe(generic(Mixed, { ...v, d: 1 }));
    const Strict = z.object({ a: z.string(), b: z.number() });
    const strict = serializers(Strict);
    for (const bad of [{ a: 'x' }, { a: 1, b: 2 }, { a: 'x', b: Number.NaN }, null, [1]]) {
      // The generic path's error, not a silently different answer.
      expect(() => strict.compiled(bad)).toThrow();
      expect(() => strict.generic(bad)).toThrow();
    }
  });

  it('should hand a schema it cannot model at all to the generic path', () => {
    expect(compileSerializer(z.union([z.string(), z.number()]))).toBeNull();
    expect(compileSerializer(z.looseObject({ a: z.string() }))).toBeNull();
  });
});

/**
 * Gives the local node's state every case its JSON has (node/state is written by PostgreSQL, see
 * nodeStateJson): auth IPs, IPv4 fallback on, a quota and usage, text JSON must escape, a chained
 * proxy whose upstream has sealed credentials and one whose upstream has none.
 */
async function variedNodeState(t: TestApp, items: Array<{ id: string }>): Promise<void> {
  expect(items.length).toBe(3);
  const [a, b, c] = items.map((x) => x.id);
  const exec = (q: ReturnType<typeof sql>) => t.ctx.db.execute(q);
  await exec(sql`update proxies set auth_ips = '["203.0.113.7","2001:db8::5"]'::jsonb, ipv4_fallback = true,
    bandwidth_limit_gb = 5, bandwidth_used_bytes = 123456789012, username = ${'u"\\é\u0001😀'} where id = ${a}`);
  const [site] = await queryRows<{ site_id: string }>(t.ctx.db, sql`select site_id from proxies where id = ${b}`);
  const supplier = randomUUID();
  await exec(sql`insert into suppliers (id, site_id, kind, name, created_at, updated_at)
    values (${supplier}, ${site!.site_id}, 'list', 'fixture', now(), now())`);
  for (const [proxy, user, pass] of [
    [b, 'up"user', 'p\\ass'],
    [c, null, null],
  ] as const) {
    await exec(sql`insert into upstream_proxies (id, supplier_id, site_id, line_key, product, country, protocol, host, port,
      exit_ip, username_sealed, password_sealed, status, proxy_id, created_at, updated_at)
      values (${randomUUID()}, ${supplier}, ${site!.site_id}, ${randomUUID()}, 'v4', 'DE', 'socks5', 'up.example', 1080,
      '198.51.100.9', ${user && encryptSecret(t.ctx.keys.secrets, user)}, ${pass && encryptSecret(t.ctx.keys.secrets, pass)},
      'serving', ${proxy}, now(), now())`);
  }
  await exec(sql`update proxies set status = 'expired' where id = ${b}`);
}

describe('the hot calls, compiled and generic, on one database', () => {
  let t: TestApp;
  let plain: TestApp;
  let nodeAuth: string;
  let token: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await build({ SERIALIZER: 'check' });
    plain = await build({ SERIALIZER: 'generic' }, { database: t.database, url: t.databaseUrl });
    const [node] = await queryRows<{ id: string }>(t.ctx.db, sql`select id from nodes where name = 'local'`);
    nodeAuth = `Node ${node!.id}:${localNodeSecret(t.ctx.config.appSecret)}`;
    const c = await customer(t, 5_000_000);
    token = c.token;
    for (const quantity of [1, 2]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v4-proxy/buy-retail',
        token,
        payload: { country: 'DE', quantity, period: { unit: 'day', value: 1 } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token })).json();
    // Text that JSON must escape, in a field every list and the node state carry.
    await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/update-list-proxy',
      token,
      payload: { listProxyId: [list.items[0].id], comment: 'Ghi chú "ngoặc" \\ \u2028 😀 <b>' },
    });
    await variedNodeState(t, list.items as Array<{ id: string }>);
    const admin = await createUser(t, { role: 2 });
    adminToken = (await login(t, admin)).accessToken;
  });
  afterAll(async () => {
    await plain?.close();
    await t?.close();
  });

  const calls = () => [
    { url: '/api/site/get-site-info', headers: {} },
    { url: '/api/user/me', headers: { authorization: `Bearer ${token}` } },
    { url: '/api/user/me', headers: { authorization: `Bearer ${adminToken}` } },
    { url: '/api/user/get-money', headers: { authorization: `Bearer ${token}` } },
    { url: '/api/order/list-order?page=1&limit=25', headers: { authorization: `Bearer ${token}` } },
    { url: '/api/order/list-order?page=2&limit=1', headers: { authorization: `Bearer ${token}` } },
    { url: '/api/v4-proxy/list-proxy-me?page=1&limit=25', headers: { authorization: `Bearer ${token}` } },
    { url: '/api/sub-server/node/state', headers: { authorization: nodeAuth } },
  ];

  it('should answer byte for byte the same through the compiled and the generic serializer', async () => {
    for (const call of calls()) {
      const a = await t.inject({ method: 'GET', ...call });
      const b = await plain.inject({ method: 'GET', ...call });
      expect(a.statusCode, `${call.url}: ${a.body}`).toBe(200);
      expect(a.body, call.url).toBe(b.body);
      expect(a.headers['content-type'], call.url).toBe(b.headers['content-type']);
    }
  });

  it('should carry every case of the node state that PostgreSQL writes', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/sub-server/node/state',
      headers: { authorization: nodeAuth },
    });
    const state = res.json<{ proxies: Array<Record<string, unknown>> }>();
    const [a, b, c] = [...state.proxies].sort(
      (x, y) =>
        Number('upstream' in x) - Number('upstream' in y) ||
        (x.upstream === undefined ? 0 : (x.upstream as { username: unknown }).username === null ? 1 : -1),
    );
    expect(a).toMatchObject({ authIps: ['203.0.113.7', '2001:db8::5'], ipv4Fallback: true, username: 'u"\\é\u0001😀' });
    expect(a).toMatchObject({ bandwidthLimitBytes: 5 * 1024 ** 3, bandwidthUsedBytes: 123456789012 });
    expect(b).toMatchObject({
      status: 'expired',
      upstream: { protocol: 'socks5', host: 'up.example', port: 1080, username: 'up"user', password: 'p\\ass' },
    });
    expect(c).toMatchObject({ upstream: { username: null, password: null } });
    expect(c).not.toHaveProperty('ipv4Fallback');
  });

  // Its JSON is written by PostgreSQL (json_build_object's own spacing), the same before and after.
  it('should write list-proxy-me (JSON built by the database) as the schema-parsed value', async () => {
    const res = await t.inject({ method: 'GET', ...calls()[6]! });
    const schema = typedProxyEndpoints('v4').listProxyMe.response;
    expect(res.json().items.length).toBe(3);
    expect(JSON.stringify(res.json())).toBe(generic(schema, res.json()));
  });

  // user/me and get-money read with the call what the session's row used to answer, and a session
  // may come from the instance's cache; get-site-info is written once per site and promotion.
  it('should answer the session and site calls as the session row and a fresh site info write them', async () => {
    const claims = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
    for (const jwt of [token, adminToken]) {
      const { sub, sid } = claims(jwt);
      const row = (await findAuthUser(t.ctx.db, sub, sid))!;
      const expected = {
        '/api/user/me': generic(userEndpoints.me.response, await meOf(t.ctx.db, row)),
        '/api/user/get-money': generic(userEndpoints.getMoney.response, { balance: row.balance }),
      };
      // The first call of each pair may read the session, the second comes from the cache.
      for (const [url, body] of Object.entries(expected)) {
        for (const app of [t, plain, t, plain]) {
          expect((await app.inject({ method: 'GET', url, token: jwt })).body, url).toBe(body);
        }
      }
    }
    const site = await t.app.sites.resolve('localhost');
    const promotion = await runningPromotionTiers(t.ctx.db, site.id, t.ctx.clock.now());
    expect(promotion).not.toBeNull();
    const info = generic(siteEndpoints.getSiteInfo.response, siteInfo(site, t.ctx, promotion));
    for (const app of [t, plain, t, plain]) {
      const res = await app.inject({ method: 'GET', url: '/api/site/get-site-info' });
      expect(res.body).toBe(info);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });
  // A known site, promotion, token and session are answered without a promise (the hooks' and
  // handlers' synchronous paths), anything else by reading: both must write the same answer.
  it('should answer the same, headers included, from memory as when it reads', async () => {
    const admin = await createUser(t, { role: 2 });
    const c = await customer(t, 1_234_567);
    const volatile = new Set(['date', 'x-request-id']);
    const stable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !volatile.has(name)));
    const cases = [
      {
        url: '/api/site/get-site-info',
        fresh: async (): Promise<string | undefined> => {
          t.app.sites.invalidate();
          return undefined;
        },
      },
      ...['/api/user/me', '/api/user/get-money'].flatMap((url) =>
        [admin, c].map((u) => ({ url, fresh: async () => (await login(t, u)).accessToken })),
      ),
    ];
    for (const { url, fresh } of cases) {
      // A new session (or a dropped site cache) is read; the calls after it come from memory.
      const token = await fresh();
      const answers: Awaited<ReturnType<TestApp['inject']>>[] = [];
      for (let i = 0; i < 3; i++) {
        answers.push(await t.inject({ method: 'GET', url, ...(token ? { token } : {}) }));
      }
      const [first, ...rest] = answers;
      expect(first!.statusCode, `${url}: ${first!.body}`).toBe(200);
      for (const res of rest) {
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(first!.body);
        expect(stable(res.headers), url).toEqual(stable(first!.headers));
      }
    }
  });
});
