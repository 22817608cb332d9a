import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/helper.js';
import { CATALOG, registryEntryOf } from './openapi-catalog.js';
import { isNotPublic } from './openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };
const keysOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));

describe('the public OpenAPI document', () => {
  it('should list every customer operation and no admin or internal one', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc & { components: { securitySchemes: unknown } }>();
    const published = keysOf(doc);
    expect(published.filter((k) => /admin|\/test\/|\/webhook\/|sub-server|\/auth\//.test(k))).toEqual([]);
    expect(published).not.toContain('PUT /api/user/change-password');
    expect(doc.components.securitySchemes).toEqual({ ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } });
    // Every route the server has is either published or deliberately kept out.
    const all = keysOf(t.app.swagger() as unknown as Doc);
    expect(all.filter((k) => !isNotPublic(k) && !CATALOG.has(k))).toEqual([]);
    expect([...CATALOG.keys()].filter((k) => !published.includes(k))).toEqual([]);
    expect(published).toContain('POST /api/v4-proxy/buy-retail');
    expect(published).toContain('GET /api/api/info');
  });

  it('should give each operation summaries in both languages, errors and examples', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${path}`;
        expect(op.summary, where).toBeTruthy();
        expect(op['x-summary-vi'], where).toBeTruthy();
        expect((op['x-errors'] as unknown[]).length, where).toBeGreaterThan(0);
        const body = (op.requestBody as { content: Record<string, { example: unknown }> } | undefined)?.content[
          'application/json'
        ];
        if (body) {
          expect(body.example, where).toBeDefined();
        }
        const ok = (op.responses as Record<string, { content?: Record<string, { example: unknown }> }>)['200'];
        expect(Object.values(ok?.content ?? {})[0]?.example, where).toBeDefined();
      }
    }
    const buy = doc.paths['/api/v4-proxy/buy-retail']!.post!;
    expect(buy['x-errors']).toEqual(
      expect.arrayContaining([
        { code: 'NOT_ENOUGH_MONEY', status: 400 },
        { code: 'INVALID_KEY', status: 401 },
      ]),
    );
  });

  it("should list each registry operation's error codes from its registry entry", async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    const codesOf = (op: Record<string, unknown>) => (op['x-errors'] as { code: string }[]).map((e) => e.code);
    let fromRegistry = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Every public operation is a registry entry: its codes are written there and nowhere else.
        const entry = registryEntryOf(`${method.toUpperCase()} ${path}`);
        expect(entry, `${method} ${path}`).toBeDefined();
        fromRegistry += 1;
        expect(codesOf(op), `${method} ${path}`).toEqual(expect.arrayContaining([...(entry?.errors ?? [])]));
      }
    }
    expect(fromRegistry).toBeGreaterThan(100);
    // Codes written only in the registry reach the document: a top-up's minimum, a purchase's retry key.
    expect(codesOf(doc.paths['/api/user/paypal-create-order']!.post!)).toContain('BANKING_AMOUNT_NOT_ENOUGH');
    expect(codesOf(doc.paths['/api/v4-proxy/buy-retail']!.post!)).toContain('IDEMPOTENCY_KEY_REUSED');
  });

  it('should carry request examples the server accepts', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    const body = (
      doc.paths['/api/v4-proxy/buy-retail']!.post!.requestBody as { content: Record<string, { example: unknown }> }
    ).content['application/json']!.example;
    expect(body).toEqual({ country: 'US', quantity: 1, period: { unit: 'day', value: 1 }, protocol: 'http' });
  });
});

describe('the examples customers read', () => {
  it('should show no field whose example is its own name or a bare type', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json<Doc>();
    const placeholders: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (Array.isArray(value)) {
        value.forEach((v, i) => walk(v, `${where}[${i}]`));
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (typeof v === 'string' && (v === k || v === 'string')) {
            placeholders.push(`${where}.${k}: ${v}`);
          }
          walk(v, `${where}.${k}`);
        }
      }
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const media = (x: unknown) =>
          Object.values((x as { content?: Record<string, { example?: unknown }> } | undefined)?.content ?? {});
        const answers = Object.values((op.responses ?? {}) as Record<string, unknown>).flatMap(media);
        for (const m of [...media(op.requestBody), ...answers]) {
          walk(m.example, `${method} ${path}`);
        }
      }
    }
    expect(placeholders).toEqual([]);
  });
});
