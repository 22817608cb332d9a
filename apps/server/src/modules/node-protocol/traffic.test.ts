import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { localNodeSecret } from '../../bootstrap.js';
import { queryRows } from '../../db/client.js';
import { addUsageQuery } from './traffic.js';

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

describe('POST node/traffic lookup', () => {
  it('should count a real proxy and ignore ids that are unknown or no uuid at all', async () => {
    const c = await customer(t, 1_000_000);
    const bought = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'DE', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    const p = bought.json().proxies[0] as { id: string };
    const res = await t.inject({
      method: 'POST',
      url: '/api/sub-server/node/traffic',
      headers: { authorization: auth },
      payload: {
        reportId: randomUUID(),
        counters: [
          { proxyId: 'not-a-uuid', bytesIn: 5, bytesOut: 5 },
          { proxyId: randomUUID(), bytesIn: 5, bytesOut: 5 },
          { proxyId: p.id, bytesIn: 300, bytesOut: 400 },
        ],
      },
    });
    expect(res.json()).toEqual({ ok: true, duplicate: false });
    const only = await t.inject({
      method: 'POST',
      url: '/api/sub-server/node/traffic',
      headers: { authorization: auth },
      payload: { counters: [{ proxyId: "x' or true --", bytesIn: 1, bytesOut: 1 }] },
    });
    expect(only.json()).toEqual({ ok: true, duplicate: false });
    const list = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token })).json();
    expect(list.items[0].bandwidthUsedBytes).toBe(700);
  });

  it('should find the proxies through the primary key', async () => {
    const counters = [randomUUID(), randomUUID()].map((proxyId) => ({ proxyId, bytesIn: 1, bytesOut: 1 }));
    // With sequential scans priced out, a plan can only avoid one if the key index applies.
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${addUsageQuery(nodeId, counters)}`);
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('proxies_pkey');
  });
});
