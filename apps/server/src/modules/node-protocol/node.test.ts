import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { localNodeSecret } from '../../bootstrap.js';
import { queryRows } from '../../db/client.js';
import { nodeChangesSince } from './changes.js';

let t: TestApp;
let auth: string;
let nodeId: string;
beforeAll(async () => {
  t = await build();
  [{ id: nodeId }] = (await queryRows<{ id: string }>(t.ctx.db, sql`select id from nodes where name = 'local'`)) as [
    { id: string },
  ];
  auth = `Node ${nodeId}:${localNodeSecret(t.ctx.config.appSecret)}`;
});
afterAll(async () => {
  await t.close();
});

async function buyOne(token: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'DE', quantity: 1, period: { unit: 'day', value: 1 } },
  });
  return res.json().proxies[0] as { id: string; port: number; password: string };
}

describe('node authentication', () => {
  it('should refuse a wrong secret, an unknown node and a missing header with 401', async () => {
    for (const authorization of [`Node ${nodeId}:wrong`, `Node ${randomUUID()}:x`, 'Bearer x', undefined]) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/sub-server/node/state',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('should answer 401 INVALID_TOKEN to a node id of 36 hex digits and dashes that is not a UUID', async () => {
    for (const id of ['-'.repeat(36), 'a'.repeat(36), `${'0'.repeat(35)}-`, `${nodeId.slice(0, 35)}-`]) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/sub-server/node/state',
        headers: { authorization: `Node ${id}:x` },
      });
      expect(res.statusCode, id).toBe(401);
      expect(res.json().message, id).toBe('INVALID_TOKEN');
    }
  });
});

describe('GET node/state and the change log', () => {
  it('should list the node’s live proxies with a version, then the changes after it', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buyOne(c.token);
    const state = (
      await t.inject({ method: 'GET', url: '/api/sub-server/node/state', headers: { authorization: auth } })
    ).json();
    const mine = state.proxies.find((x: { id: string }) => x.id === p.id);
    expect(mine).toMatchObject({ port: p.port, password: p.password, status: 'using', protocol: 'http', authIps: [] });
    await t.inject({
      method: 'PUT',
      url: '/api/v4-proxy/change-password',
      token: c.token,
      payload: { listProxyId: [p.id], password: 'ChangedPass123' },
    });
    const changes = await nodeChangesSince(t.ctx, nodeId, state.version);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ upsert: { id: p.id, password: 'ChangedPass123' } });
    expect(changes[0]!.version).toBeGreaterThan(state.version);
    expect(await nodeChangesSince(t.ctx, nodeId, changes[0]!.version)).toEqual([]);
  });
});

describe('POST node/traffic', () => {
  it('should add usage once per reportId', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buyOne(c.token);
    const report = { reportId: `boot-${randomUUID()}-1`, counters: [{ proxyId: p.id, bytesIn: 1000, bytesOut: 5000 }] };
    const post = () =>
      t.inject({
        method: 'POST',
        url: '/api/sub-server/node/traffic',
        headers: { authorization: auth },
        payload: report,
      });
    expect((await post()).json()).toEqual({ ok: true, duplicate: false });
    expect((await post()).json()).toEqual({ ok: true, duplicate: true });
    const list = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token })).json();
    expect(list.items[0].bandwidthUsedBytes).toBe(6000);
  });

  it('should take {counters} without an id, and an Idempotency-Key as the id (docs/gateway-protocol.md#traffic)', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buyOne(c.token);
    const counters = [{ proxyId: p.id, bytesIn: 100, bytesOut: 200 }];
    const post = (headers: Record<string, string> = {}) =>
      t.inject({
        method: 'POST',
        url: '/api/sub-server/node/traffic',
        headers: { authorization: auth, ...headers },
        payload: { counters },
      });
    // No id: nothing to recognise a retry by, so each report counts.
    expect((await post()).json()).toEqual({ ok: true, duplicate: false });
    expect((await post()).json()).toEqual({ ok: true, duplicate: false });
    const key = { 'idempotency-key': `k-${randomUUID()}` };
    expect((await post(key)).json()).toEqual({ ok: true, duplicate: false });
    expect((await post(key)).json()).toEqual({ ok: true, duplicate: true });
    const list = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token })).json();
    expect(list.items.find((x: { id: string }) => x.id === p.id).bandwidthUsedBytes).toBe(900);
  });

  it('should not count traffic that a second node reports for a real proxy of the first', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buyOne(c.token);
    const notOwner = await t.inject({
      method: 'POST',
      url: '/api/sub-server/admin/create',
      token: (await customer(t)).token,
      payload: { name: 'x', host: '10.0.0.1', portFrom: 1000, portTo: 1001 },
    });
    expect(notOwner.statusCode).toBe(403);
    const { createUser, login } = await import('../../../test/helper.js');
    const owner = await login(t, await createUser(t, { role: 0 }));
    const created = await t.inject({
      method: 'POST',
      url: '/api/sub-server/admin/create',
      token: owner.accessToken,
      payload: { name: 'second', host: '198.51.100.7', portFrom: 40000, portTo: 40009 },
    });
    expect(created.statusCode).toBe(200);
    const second = `Node ${created.json().id}:${created.json().secret}`;
    const post = (authorization: string, bytes: number) =>
      t.inject({
        method: 'POST',
        url: '/api/sub-server/node/traffic',
        headers: { authorization },
        payload: { reportId: randomUUID(), counters: [{ proxyId: p.id, bytesIn: bytes, bytesOut: bytes }] },
      });
    const used = async () =>
      (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token }))
        .json()
        .items.find((x: { id: string }) => x.id === p.id).bandwidthUsedBytes as number;
    const foreign = await post(second, 1_000_000);
    expect(foreign.statusCode).toBe(200);
    expect(await used()).toBe(0);
    // The same report from the proxy's own node counts, so the zero above is the node check.
    expect((await post(auth, 7)).statusCode).toBe(200);
    expect(await used()).toBe(14);
  });
});

describe('node admin', () => {
  it('should let the owner add a node, pools and a port range, and list them', async () => {
    const { createUser, login } = await import('../../../test/helper.js');
    const owner = await createUser(t, { role: 0 });
    const token = (await login(t, owner)).accessToken;
    const created = await t.inject({
      method: 'POST',
      url: '/api/sub-server/admin/create',
      token,
      payload: { name: 'sg-1', host: 'sg1.example.net', portFrom: 30000, portTo: 30009 },
    });
    expect(created.statusCode).toBe(200);
    const { id, secret } = created.json();
    expect(secret.length).toBeGreaterThan(20);
    const pool = await t.inject({
      method: 'POST',
      url: `/api/sub-server/admin/add-egress/${id}`,
      token,
      payload: { product: 'v4', country: 'SG', cidr: '203.0.113.0/28' },
    });
    expect(pool.json()).toEqual([
      expect.objectContaining({ product: 'v4', country: 'SG', kind: 'pool', total: 14, held: 0 }),
    ]);
    const bad = await t.inject({
      method: 'POST',
      url: `/api/sub-server/admin/add-egress/${id}`,
      token,
      payload: { product: 'v4', country: 'SG', ips: ['999.1.1.1'] },
    });
    expect(bad.json().message).toBe('INVALID_IP');
    const grow = await t.inject({
      method: 'PUT',
      url: `/api/sub-server/admin/update/${id}`,
      token,
      payload: { portTo: 30019 },
    });
    expect(grow.statusCode).toBe(200);
    const nodes = (await t.inject({ method: 'GET', url: '/api/sub-server/admin/list', token })).json();
    expect(nodes.find((n: { id: string }) => n.id === id)).toMatchObject({
      name: 'sg-1',
      freePorts: 20,
      proxies: 0,
      online: false,
    });
    const state = await t.inject({
      method: 'GET',
      url: '/api/sub-server/node/state',
      headers: { authorization: `Node ${id}:${secret}` },
    });
    expect(state.json()).toEqual({ version: 0, proxies: [] });
  });

  it('should refuse to shrink a range over a held port, drop only free pool addresses, and rotate a secret', async () => {
    const { createUser, login } = await import('../../../test/helper.js');
    const token = (await login(t, await createUser(t, { role: 0 }))).accessToken;
    const p = await buyOne((await customer(t, 1_000_000)).token);
    const [local] = await queryRows<{ port_from: number; port_to: number }>(
      t.ctx.db,
      sql`select port_from, port_to from nodes where id = ${nodeId}`,
    );
    const shrink = await t.inject({
      method: 'PUT',
      url: `/api/sub-server/admin/update/${nodeId}`,
      token,
      payload: { portFrom: p.port + 1, portTo: Math.max(local!.port_to, p.port + 1) },
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().message).toBe('VALIDATION_ERROR');
    const ports = await queryRows<{ n: string | number }>(
      t.ctx.db,
      sql`select count(*) as n from node_ports where node_id = ${nodeId}`,
    );
    expect(Number(ports[0]!.n)).toBe(local!.port_to - local!.port_from + 1);

    const group = async () =>
      (await t.inject({ method: 'GET', url: `/api/sub-server/admin/egress/${nodeId}`, token }))
        .json()
        .find((g: { product: string; country: string; kind: string }) => g.product === 'v4' && g.country === 'DE');
    expect((await group()).held).toBeGreaterThanOrEqual(1);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/sub-server/admin/delete-egress/${nodeId}`,
      token,
      payload: { product: 'v4', country: 'DE' },
    });
    expect(removed.statusCode).toBe(200);
    const left = await group();
    expect(left.total).toBe(left.held);

    const rotated = await t.inject({ method: 'POST', url: `/api/sub-server/admin/rotate-secret/${nodeId}`, token });
    const state = (authorization: string) =>
      t.inject({ method: 'GET', url: '/api/sub-server/node/state', headers: { authorization } });
    expect((await state(auth)).statusCode).toBe(401);
    const fresh = await state(`Node ${nodeId}:${rotated.json().secret}`);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().proxies.map((x: { id: string }) => x.id)).toContain(p.id);
    const missing = await t.inject({
      method: 'POST',
      url: `/api/sub-server/admin/rotate-secret/${randomUUID()}`,
      token,
    });
    expect(missing.json().message).toBe('NOT_FOUND');
  });
});
