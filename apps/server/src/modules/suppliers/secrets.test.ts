import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localNodeSecret } from '../../bootstrap.js';
import { queryRows } from '../../db/client.js';
import { build, createUser, customer, ledgerMismatches, login, type TestApp } from '../../../test/helper.js';
import { startFakeProxy6, type FakeProxy6 } from '../../../test/fakes/index.js';
import { addDayCountries, addProxy6AndList } from '../../../test/suppliers.js';

/**
 * The upstream credentials (a supplier's API key, each upstream proxy's user name and password)
 * reach the node that chains through them and nothing else: no answer, export, audit row or log
 * line of a whole supplier flow carries them.
 */

let t: TestApp;
let p6: FakeProxy6;
let admin: string;
const logs: string[] = [];
const LIST_USER = `lu-${randomUUID()}`;
const LIST_PASS = `lp-${randomUUID()}`;

beforeAll(async () => {
  t = await build({ SUPPLIER_TIMEOUT_MS: '2000' }, undefined, { write: (line) => void logs.push(line) });
  p6 = await startFakeProxy6({ apiKey: `key-${randomUUID()}`, stock: { '4:mt': 100 } });
  admin = (await login(t, await createUser(t, { role: 2 }))).accessToken;
});
afterAll(async () => {
  await p6.close();
  await t.close();
});

describe('upstream credentials', () => {
  it('should appear in the node state only, never in an answer, an export, the audit trail or the log', async () => {
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) => {
      const res = await t.inject({ method, url: `/api${url}`, token, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      bodies.push(res.body);
      return res;
    };
    await addDayCountries(
      call,
      [
        ['MT', 'Malta'],
        ['CY', 'Cyprus'],
      ],
      1000,
    );
    const { p6Id, listId } = await addProxy6AndList(call, p6);
    await call('POST', `/supplier/admin/add-lines/${listId}`, {
      lines: `127.0.0.3:9001:${LIST_USER}:${LIST_PASS}`,
      country: 'CY',
      protocol: 'http',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    await call('POST', `/supplier/admin/sync/${p6Id}`);
    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'MT', sources: [p6Id] });
    await call('PUT', '/supplier/admin/route', { product: 'v4', country: 'CY', sources: [listId] });

    const c = await customer(t, 100_000);
    const bought: string[] = [];
    for (const country of ['MT', 'CY']) {
      const res = await call(
        'POST',
        '/v4-proxy/buy-retail',
        { country, quantity: 1, period: { unit: 'day', value: 3 } },
        c.token,
      );
      expect(res.json().order.status).toBe('using');
      bought.push(res.json().proxies[0].id);
    }
    await call(
      'PUT',
      '/v4-proxy/renew-list-proxy',
      { listProxyId: [bought[0]], period: { unit: 'day', value: 3 } },
      c.token,
    );
    await call('GET', '/v4-proxy/list-proxy-me', undefined, c.token);
    const exported = await call('GET', '/v4-proxy/export-all', undefined, c.token);
    expect(exported.body.trim().split('\n')).toHaveLength(2);
    await call('GET', '/audit/list?limit=500', undefined, c.token);
    await call('GET', '/supplier/admin/list');
    const day = new Date().toISOString().slice(0, 10);
    await call('GET', `/stats/admin/margin?from=${day}&to=${day}`);

    const upstream = [...p6.proxies.values()];
    expect(upstream).toHaveLength(1);
    const secrets = [p6.apiKey, upstream[0]!.user, upstream[0]!.pass, LIST_USER, LIST_PASS];

    // The capture is live: what the server logs lands in `logs`.
    const probe = randomUUID();
    t.ctx.log.info({ probe }, 'log capture probe');
    expect(logs.join('')).toContain(probe);
    const audit = await queryRows<Record<string, unknown>>(t.ctx.db, sql`select * from audit_events`);
    expect(audit.length).toBeGreaterThan(0);
    const sources = {
      answers: bodies.join('\n'),
      audit: JSON.stringify(audit),
      log: logs.join(''),
    };
    for (const [where, text] of Object.entries(sources)) {
      for (const secret of secrets) {
        expect(text.includes(secret), `${where} carries ${secret}`).toBe(false);
      }
    }

    // The node the proxies are on gets both upstreams, credentials included.
    const nodes = await queryRows<{ id: string; name: string }>(
      t.ctx.db,
      sql`select distinct s.id, s.name from proxies p join nodes s on s.id = p.node_id
          where p.id in (${bought[0]}::uuid, ${bought[1]}::uuid)`,
    );
    expect(nodes.map((n) => n.name)).toEqual(['local']);
    const state = await t.inject({
      method: 'GET',
      url: '/api/sub-server/node/state',
      headers: { authorization: `Node ${nodes[0]!.id}:${localNodeSecret(t.ctx.config.appSecret)}` },
    });
    expect(state.statusCode).toBe(200);
    for (const secret of [upstream[0]!.user, upstream[0]!.pass, LIST_USER, LIST_PASS]) {
      expect(state.body).toContain(secret);
    }
    // The supplier's API key is the server's alone.
    expect(state.body).not.toContain(p6.apiKey);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
