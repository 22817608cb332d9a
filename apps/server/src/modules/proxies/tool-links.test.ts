import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { processRegistry } from '../../lib/metrics.js';
import { ROLE } from '@proxy/contract';
import { build, countRows, createUser, customer, login, waitFor, type TestApp } from '../../../test/helper.js';
import { LIST_LINKS_MAX } from './manage-list-links.js';
import { LINK_MISSES_PER_MINUTE } from './queries.js';

/*
 * Links for tools (docs/tool-links.md) through the real server and database: per-proxy change-IP
 * and current-proxy URLs, list subscription URLs, the presets and escaping, and bad tokens.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

let nextIp = 1;
/** A fresh client address per test, so one test's misses never fill another's window. */
const freshIp = () => `198.51.100.${nextIp++}`;

async function v4(token: string, quantity = 2, country = 'JP') {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country, quantity, period: { unit: 'day', value: 3 } },
  });
  expect(res.statusCode).toBe(200);
  return res.json().proxies as { id: string; egressIp: string; port: number; username: string; password: string }[];
}

async function issue(token: string, ids: string[]) {
  return t.inject({ method: 'POST', url: '/api/proxy/links', token, payload: { listProxyId: ids } });
}

/** The path of one of our URLs, for inject. */
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

async function get(url: string, more: { ip?: string; host?: string; ua?: string } = {}) {
  return t.app.inject({
    method: 'GET',
    url: pathOf(url),
    remoteAddress: more.ip ?? freshIp(),
    headers: { host: more.host ?? 'localhost', ...(more.ua ? { 'user-agent': more.ua } : {}) },
  });
}

async function misses(): Promise<number> {
  const m = await processRegistry.getSingleMetric('panel_tool_link_misses_total')!.get();
  return m.values.reduce((s, v) => s + v.value, 0);
}

describe('per-proxy URLs', () => {
  it('should issue the same secret URLs again, change the IP with reset-ip-manual’s spacing, answer the line', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const first = await issue(c.token, [p!.id]);
    expect(first.statusCode).toBe(200);
    const [link] = first.json<{ proxyId: string; changeIpUrl: string; currentUrl: string }[]>();
    expect(link!.proxyId).toBe(p!.id);
    expect(link!.changeIpUrl).toMatch(/^http:\/\/localhost(:80)?\/api\/proxy\/l\/[A-Za-z0-9_-]{43}\/change-ip$/);
    // Asked again: the same URLs (the table shows them on every visit).
    expect((await issue(c.token, [p!.id])).json()).toEqual(first.json());
    // Only the token's hash is stored.
    const token = /\/l\/([^/]+)\//.exec(link!.changeIpUrl)![1]!;
    const stored = await t.ctx.db.execute(
      sql`select token_hash, row_to_json(l)::text as j from proxy_links l where proxy_id = ${p!.id}`,
    );
    const row = (stored as { rows: { token_hash: string; j: string }[] }).rows[0];
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.j).not.toContain(token);

    const current = await get(link!.currentUrl);
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-type']).toMatch(/^text\/plain/);
    expect(current.headers['cache-control']).toBe('no-store');
    expect(current.body).toMatch(new RegExp(`^[^:]+:${p!.port}:${p!.username}:${p!.password}\\n$`));

    const change = await get(link!.changeIpUrl);
    expect(change.statusCode).toBe(200);
    expect(change.headers['cache-control']).toBe('no-store');
    const body = change.json<{ egressIp: string; nextChangeIn: number }>();
    expect(body.nextChangeIn).toBe(60);
    expect(body.egressIp).not.toBe(p!.egressIp);
    // The same spacing as reset-ip-manual, both ways.
    const again = await get(link!.changeIpUrl);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('RESET_TOO_FAST');
    expect(again.json().data.remainTime).toBeGreaterThan(0);
    const manual = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/reset-ip-manual',
      token: c.token,
      payload: { listProxyId: [p!.id] },
    });
    expect(manual.json().message).toBe('RESET_TOO_FAST');
    t.clock.advance(61_000);
    expect((await get(link!.changeIpUrl)).statusCode).toBe(200);
    const list = await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me?limit=500', token: c.token });
    const now = (list.json().items as { id: string; egressIp: string }[]).find((x) => x.id === p!.id)!;
    const current2 = await get(`${link!.currentUrl}?format=url`);
    expect(current2.body).toBe(`http://${p!.username}:${p!.password}@${current.body.split(':')[0]}:${p!.port}\n`);
    expect(now.egressIp).not.toBe(body.egressIp);
  });

  it('should make revoked URLs answer 404 at once, and refuse another user’s proxy as a batch', async () => {
    const c = await customer(t, 1_000_000);
    const other = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const [q] = await v4(other.token, 1);
    const [link] = (await issue(c.token, [p!.id])).json<{ changeIpUrl: string; currentUrl: string }[]>();
    const mixed = await issue(c.token, [p!.id, q!.id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe('PROXY_NOT_EXISTS');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/proxy/links/revoke',
          token: other.token,
          payload: { listProxyId: [p!.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(link!.currentUrl)).statusCode).toBe(200);

    const revoke = await t.inject({
      method: 'POST',
      url: '/api/proxy/links/revoke',
      token: c.token,
      payload: { listProxyId: [p!.id] },
    });
    expect(revoke.json()).toEqual({ ok: true });
    for (const url of [link!.currentUrl, link!.changeIpUrl]) {
      const r = await get(url);
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('NOT_FOUND');
    }
    // A new issue gives new URLs; the old stay dead.
    const [fresh] = (await issue(c.token, [p!.id])).json<{ currentUrl: string }[]>();
    expect(fresh!.currentUrl).not.toBe(link!.currentUrl);
    expect((await get(fresh!.currentUrl)).statusCode).toBe(200);
    expect((await get(link!.currentUrl)).statusCode).toBe(404);
  });

  it('should answer 404 for an expired proxy and for a token used on another site', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const [link] = (await issue(c.token, [p!.id])).json<{ changeIpUrl: string; currentUrl: string }[]>();
    expect((await get(link!.currentUrl, { host: 'proxy-owner.localhost' })).statusCode).toBe(404);
    await t.ctx.db.execute(sql`update proxies set status = 'expired' where id = ${p!.id}`);
    expect((await get(link!.currentUrl)).statusCode).toBe(404);
    expect((await get(link!.changeIpUrl)).statusCode).toBe(404);
  });

  it('should give a rotating key a change-IP URL that is get-new-ip’s alias', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const bought = await t.inject({
      method: 'POST',
      url: `/api/key/buy-key-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN', quantity: 1 },
    });
    const key = bought.json().keys[0] as { id: string; key: string };
    const [link] = (await issue(c.token, [key.id])).json<{ changeIpUrl: string; currentUrl: string }[]>();
    const r = await get(link!.changeIpUrl);
    expect(r.statusCode).toBe(200);
    expect(r.json().nextChangeIn).toBe(pkg.minIntervalSec);
    // The key's own spacing: get-new-ip right after is too fast.
    const direct = await t.inject({ method: 'GET', url: `/api/key/get-new-ip?keyRotate=${key.key}` });
    expect(direct.json().message).toBe('GET_IP_TOO_FAST');
    const line = await get(link!.currentUrl);
    expect(line.statusCode).toBe(200);
    expect(line.body).toBe(
      `${(await t.inject({ method: 'GET', url: '/api/key/list-key-me', token: c.token })).json().items[0].current}\n`,
    );
  });
});

describe('bad tokens', () => {
  it('should answer guessed, malformed and revoked tokens 404, count them, and limit a flood per address', async () => {
    const before = await misses();
    const ip = freshIp();
    const guesses = ['A'.repeat(43), 'not-a-token', '%27%20or%201=1;--', 'x'.repeat(60)];
    for (const g of guesses) {
      const r = await t.app.inject({ method: 'GET', url: `/api/proxy/l/${g}/current`, remoteAddress: ip });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('NOT_FOUND');
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/proxy/list/${'B'.repeat(43)}`, remoteAddress: ip });
    expect(list.statusCode).toBe(404);
    expect(await misses()).toBe(before + 5);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/proxy/l/${'x'.repeat(201)}/current`,
      remoteAddress: ip,
    });
    // The input guard refuses an over-long URL before any lookup: a clear 4xx, not counted.
    expect([400, 414]).toContain(tooLong.statusCode);
    for (let i = 5; i < LINK_MISSES_PER_MINUTE; i++) {
      await t.app.inject({ method: 'GET', url: `/api/proxy/l/guess${i}/change-ip`, remoteAddress: ip });
    }
    const flooded = await t.app.inject({ method: 'GET', url: '/api/proxy/l/guess-more/change-ip', remoteAddress: ip });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toBe('TOO_MANY_REQUEST');
    // Another address is not limited by this one's flood.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/proxy/l/guess/current', remoteAddress: freshIp() })).statusCode,
    ).toBe(404);
    const metrics = await t.app.metrics.render();
    expect(metrics).toContain('panel_tool_link_misses_total{kind="proxy"}');
  });
});

describe('bad tokens of real links', () => {
  it('should count a revoked, another site’s and a one-character-off token as misses, each a 404', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const [link] = (await issue(c.token, [p!.id])).json<{ changeIpUrl: string; currentUrl: string }[]>();
    const ip = freshIp();
    const before = await misses();
    // A real token with its last character changed: found by its hash, so a near guess is worth
    // no more than any other (no prefix compare anywhere).
    const token = new URL(link!.currentUrl).pathname.split('/')[4]!;
    const near = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const nearMiss = await get(link!.currentUrl.replace(token, near), { ip });
    expect(nearMiss.statusCode).toBe(404);
    expect(nearMiss.json().message).toBe('NOT_FOUND');
    expect((await get(link!.changeIpUrl, { ip, host: 'proxy-owner.localhost' })).statusCode).toBe(404);
    expect(await misses()).toBe(before + 2);
    expect((await get(link!.currentUrl, { ip })).statusCode).toBe(200);
    await t.inject({
      method: 'POST',
      url: '/api/proxy/links/revoke',
      token: c.token,
      payload: { listProxyId: [p!.id] },
    });
    const revoked = await get(link!.changeIpUrl, { ip });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe('NOT_FOUND');
    expect(await misses()).toBe(before + 3);
  });
});

describe('list subscription URLs', () => {
  it('should follow the account, filter, count fetches, and show only the owner’s proxies', async () => {
    const c = await customer(t, 2_000_000);
    const other = await customer(t, 1_000_000);
    const jp = await v4(c.token, 2, 'JP');
    const theirs = await v4(other.token, 2, 'JP');
    const created = await t.inject({
      method: 'POST',
      url: '/api/proxy/list-links',
      token: c.token,
      payload: { name: 'Farm JP', filter: { type: 'v4', country: 'jp' }, format: 'txt' },
    });
    expect(created.statusCode).toBe(200);
    const { id, url } = created.json<{ id: string; url: string }>();
    const first = await get(url, { ua: 'AdsPower/6.0', ip: '203.0.113.9' });
    expect(first.statusCode).toBe(200);
    const lines = first.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const p of jp) {
      expect(lines.some((l) => l.endsWith(`:${p.port}:${p.username}:${p.password}`))).toBe(true);
    }
    for (const p of theirs) {
      expect(first.body).not.toContain(p.username);
    }
    // A new purchase shows on the next fetch.
    await v4(c.token, 1, 'JP');
    expect((await get(url, { ua: 'Dolphin/2025', ip: '203.0.113.10' })).body.trim().split('\n')).toHaveLength(3);

    const listed = await t.inject({ method: 'GET', url: '/api/proxy/list-links', token: c.token });
    const [entry] = listed.json<
      {
        id: string;
        fetches: number;
        lastFetchIp: string;
        lastUserAgent: string | null;
      }[]
    >();
    expect(entry!.id).toBe(id);
    expect(entry!.fetches).toBe(2);
    expect(entry!.lastUserAgent).toBe('Dolphin/2025');
    expect(entry!.lastFetchIp).toBe('203.0.113.10');

    // Another user, another site's admin and another user's API key see none of it and cannot revoke it.
    expect((await t.inject({ method: 'GET', url: '/api/proxy/list-links', token: other.token })).json()).toEqual([]);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/proxy/list-links/${id}`, token: other.token })).statusCode,
    ).toBe(404);
    const admin = await createUser(t, { role: 2, host: 'proxy-owner.localhost' });
    const adminToken = (await login(t, admin, 'proxy-owner.localhost')).accessToken;
    const cross = await t.inject({
      method: 'GET',
      url: '/api/proxy/list-links',
      token: adminToken,
      headers: { host: 'proxy-owner.localhost' },
    });
    expect(cross.json()).toEqual([]);
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/proxy/list-links/${id}`,
          token: adminToken,
          headers: { host: 'proxy-owner.localhost' },
        })
      ).statusCode,
    ).toBe(404);
    // The URL on the other site's host is another site's token: 404.
    expect((await get(url, { host: 'proxy-owner.localhost' })).statusCode).toBe(404);
    const keyOfOther = (await t.inject({ method: 'POST', url: '/api/user/generate-key', token: other.token })).json()
      .apiKey as string;
    await t.inject({
      method: 'PUT',
      url: '/api/api/allowed-ips',
      token: other.token,
      payload: { allowedIps: ['127.0.0.1'] },
    });
    const viaKey = await t.app.inject({
      method: 'GET',
      url: '/api/proxy/list-links',
      headers: { 'x-api-key': keyOfOther, host: 'localhost' },
      remoteAddress: '127.0.0.1',
    });
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.json()).toEqual([]);
    const keyLinks = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/links',
      headers: { 'x-api-key': keyOfOther, host: 'localhost' },
      remoteAddress: '127.0.0.1',
      payload: { listProxyId: [jp[0]!.id] },
    });
    expect(keyLinks.statusCode).toBe(404);

    const del = await t.inject({ method: 'DELETE', url: `/api/proxy/list-links/${id}`, token: c.token });
    expect(del.json()).toEqual({ ok: true });
    expect((await get(url)).statusCode).toBe(404);
  });

  it('should answer an empty list for a filter that matches nothing, in csv and json too', async () => {
    const c = await customer(t, 1_000_000);
    await v4(c.token, 1, 'JP');
    for (const [format, empty] of [
      ['txt', ''],
      ['json', '[]'],
    ] as const) {
      const { url } = (
        await t.inject({
          method: 'POST',
          url: '/api/proxy/list-links',
          token: c.token,
          payload: { name: 'none', filter: { country: 'ZZ' }, format },
        })
      ).json<{ url: string }>();
      const r = await get(url);
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe(empty);
    }
    const csv = (
      await t.inject({
        method: 'POST',
        url: '/api/proxy/list-links',
        token: c.token,
        payload: { name: 'none', filter: { status: 'locked' }, format: 'csv' },
      })
    ).json<{ url: string }>();
    expect((await get(csv.url)).body).toBe('host,port,username,password,protocol,country,expiresAt\n');
  });

  it('should refuse bad input with a clear code and keep nothing', async () => {
    const c = await customer(t, 0);
    const other = await customer(t, 0);
    const tag = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token: other.token,
      payload: { tagName: 'theirs' },
    });
    expect(tag.statusCode).toBe(200);
    const before = await countRows(t, 'proxy_list_links');
    const bad = [
      { name: '', filter: {}, format: 'txt' },
      { name: 'x', filter: { country: 'JPN' }, format: 'txt' },
      { name: 'x', filter: { type: 'v5' }, format: 'txt' },
      { name: 'x', filter: { extra: 1 }, format: 'txt' },
      { name: 'x', filter: {}, format: 'xml' },
    ];
    for (const payload of bad) {
      const r = await t.inject({ method: 'POST', url: '/api/proxy/list-links', token: c.token, payload });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('VALIDATION_ERROR');
    }
    const theirs = await t.inject({
      method: 'POST',
      url: '/api/proxy/list-links',
      token: c.token,
      payload: { name: 'x', filter: { tagId: tag.json().id }, format: 'txt' },
    });
    expect(theirs.json().message).toBe('TAG_NOT_EXISTS');
    expect(await countRows(t, 'proxy_list_links')).toBe(before);
  });
});

describe('the owner behind a URL', () => {
  it('should stop answering every URL of a deactivated account, and bound the list URLs one account holds', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    const [link] = (await issue(c.token, [p!.id])).json<{ currentUrl: string; changeIpUrl: string }[]>();
    const list = (
      await t.inject({ method: 'POST', url: '/api/proxy/list-links', token: c.token, payload: { name: 'all' } })
    ).json<{ url: string }>();
    expect((await get(link!.currentUrl)).statusCode).toBe(200);
    expect((await get(list.url)).statusCode).toBe(200);
    // Deactivated as an admin does it: the notice that ends the sessions also empties the
    // instances' link caches (the line above was answered, and so cached).
    const admin = await login(t, await createUser(t, { role: ROLE.OWNER }));
    const ban = await t.inject({
      method: 'PUT',
      url: '/api/user/admin-active-user',
      token: admin.accessToken,
      payload: { userId: c.id, active: false },
    });
    expect(ban.statusCode).toBe(200);
    await waitFor(async () => (await get(link!.currentUrl)).statusCode === 404, 5_000);
    for (const url of [link!.currentUrl, link!.changeIpUrl, list.url]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // The refused fetch is not counted: only the one before the deactivation is.
    const [fetched] = await queryRows<{ fetches: number }>(
      t.ctx.db,
      sql`select fetches from proxy_list_links where user_id = ${c.id}`,
    );
    expect(Number(fetched!.fetches)).toBe(1);

    const d = await customer(t, 0);
    const create = () =>
      t.inject({ method: 'POST', url: '/api/proxy/list-links', token: d.token, payload: { name: 'x' } });
    for (let i = 0; i < LIST_LINKS_MAX; i++) {
      expect((await create()).statusCode).toBe(200);
    }
    const over = await create();
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'VALIDATION_ERROR',
      data: { field: 'listLinks', max: LIST_LINKS_MAX },
    });
    expect((await t.inject({ method: 'GET', url: '/api/proxy/list-links', token: d.token })).json()).toHaveLength(
      LIST_LINKS_MAX,
    );
    // Created in parallel, the bound still holds: each creation counts after the one before.
    const e = await customer(t, 0);
    const burst = await Promise.all(
      Array.from({ length: LIST_LINKS_MAX + 10 }, () =>
        t.inject({ method: 'POST', url: '/api/proxy/list-links', token: e.token, payload: { name: 'y' } }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(LIST_LINKS_MAX);
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(10);
  });
});

describe('credentials every tool reads', () => {
  it('should percent-escape a password needing it in URL-form lines, presets and current URLs', async () => {
    const c = await customer(t, 1_000_000);
    const [p] = await v4(c.token, 1);
    await t.ctx.db.execute(sql`update proxies set password = 'p@ss:w/rd%' where id = ${p!.id}`);
    const escaped = 'p%40ss%3Aw%2Frd%25';
    const exp = async (q: string) =>
      (await t.inject({ method: 'GET', url: `/api/v4-proxy/export-all?${q}`, token: c.token })).body;
    expect(
      await exp(`format=txt&template=${encodeURIComponent('http://{username}:{password}@{host}:{port}')}`),
    ).toContain(`:${escaped}@`);
    // The colon form is the tool's own format: left as it is.
    expect(await exp('format=txt')).toContain(':p@ss:w/rd%');
    for (const preset of ['dolphin', 'gologin', 'ixbrowser']) {
      const body = await exp(`preset=${preset}`);
      expect(body).toMatch(new RegExp(`^http://${p!.username}:${escaped}@[^:]+:${p!.port}\\n$`));
    }
    const ppx = await t.inject({ method: 'GET', url: '/api/v4-proxy/export-all?preset=proxifier', token: c.token });
    expect(ppx.headers['content-disposition']).toContain('.ppx');
    expect(ppx.body).toContain('<Password>p@ss:w/rd%</Password>');
    expect(ppx.body).toContain('type="HTTPS"');
    const [link] = (await issue(c.token, [p!.id])).json<{ currentUrl: string; changeIpUrl: string }[]>();
    expect((await get(`${link!.currentUrl}?format=url`)).body).toContain(`:${escaped}@`);
    // Once the proxy has a change-IP URL, Dolphin's preset carries it in brackets.
    const host = (await exp('format=txt')).split(':')[0];
    expect(await exp('preset=dolphin')).toBe(
      `http://${p!.username}:${escaped}@${host}:${p!.port}[${link!.changeIpUrl}]\n`,
    );
  });

  it('should generate usernames and passwords of letters and digits only', async () => {
    const c = await customer(t, 3_000_000);
    const ps = await v4(c.token, 20);
    for (const p of ps) {
      expect(p.username).toMatch(/^[A-Za-z0-9]+$/);
      expect(p.password).toMatch(/^[A-Za-z0-9]+$/);
    }
  });
});
