import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@proxy/contract';
import { build, type TestApp } from '../../test/helper.js';

/** Routes outside the registry on purpose: probes, provider callbacks, the gateway's, test-only, documents. */
const INTERNAL = [
  /^GET \/health(\/live|\/ready)?$/,
  /^\w+ \/webhook\//,
  // Perfect Money's status post (its SCI calls this path, under /user, from its server).
  /^POST \/user\/perfect-money-complete-payment$/,
  /^\w+ \/sub-server\/(?!admin\/)/,
  /^\w+ \/test\//,
  /^GET \/openapi\.json$/,
];

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

type Doc = { paths: Record<string, Record<string, unknown>> };

describe('the endpoint registry', () => {
  it('should be the routes the server serves: every entry registered, every route an entry', () => {
    const doc = t.app.swagger() as unknown as Doc;
    const served = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const registry = Object.keys(ENDPOINTS);
    expect(registry.filter((k) => !served.includes(k))).toEqual([]);
    const outside = served.filter((k) => !(k in ENDPOINTS));
    expect(outside.filter((k) => !INTERNAL.some((r) => r.test(k)))).toEqual([]);
    // What the registry covers is not listed as internal.
    expect(registry.filter((k) => INTERNAL.some((r) => r.test(k)))).toEqual([]);
    expect(registry.length).toBeGreaterThan(200);
  });
});
