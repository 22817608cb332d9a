import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countRows, customer, type TestApp } from './helper.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = (await customer(t)).token;
});
afterAll(async () => {
  await t.close();
});

const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = '\udc00';

function expectRefused(res: { statusCode: number; json(): unknown }, what: string) {
  expect(res.statusCode, what).toBe(400);
  expect(res.json(), what).toMatchObject({ message: 'VALIDATION_ERROR' });
}

/** `depth` nested arrays around a value, as JSON text. */
function nested(depth: number): string {
  return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

describe('input guard', () => {
  it('refuses NUL and lone surrogates in unauthenticated bodies with 400 VALIDATION_ERROR', async () => {
    for (const bad of [NUL, HIGH, LOW, `${HIGH}@example.com`]) {
      for (const [url, payload] of [
        ['/api/auth/login', { email: bad, password: 'secret-pass-1' }],
        ['/api/auth/login', { email: 'x@example.com', password: bad }],
        ['/api/auth/receive-code', { email: bad }],
        ['/api/auth/register', { email: `a${bad}@example.com`, password: 'secret-pass-1' }],
      ] as const) {
        const res = await t.inject({ method: 'POST', url, payload, remoteAddress: '10.9.9.9' });
        expectRefused(res, `${url} ${JSON.stringify(payload)}`);
      }
    }
  });

  it('refuses them in list searches, path ids, tag names and object keys', async () => {
    for (const list of [
      '/api/user/transaction',
      '/api/v4-proxy/list-proxy-me',
      '/api/order/list-order',
      '/api/log/list-topup',
    ]) {
      // (A lone surrogate cannot arrive in a URL: percent-decoding only yields valid UTF-8.)
      for (const bad of ['%00', 'x%00y', '%00%00%00']) {
        expectRefused(await t.inject({ method: 'GET', url: `${list}?search=${bad}`, token }), `${list} ${bad}`);
      }
    }
    expectRefused(await t.inject({ method: 'GET', url: '/api/order/detail/%00', token }), 'params');
    const tags = await countRows(t, 'tags');
    for (const tagName of [NUL, HIGH, LOW]) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/tag/create-tag?tagType=v4',
        token,
        payload: { tagName },
      });
      expectRefused(res, JSON.stringify(tagName));
    }
    const key = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token,
      payload: { tagName: 'ok', [`k${NUL}`]: 1 },
    });
    expectRefused(key, 'object key');
    expect(await countRows(t, 'tags')).toBe(tags);
  });

  it('keeps well-formed text: emoji (surrogate pairs), accents and quotes', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token,
      payload: { tagName: 'Shop 😀 "Đà Nẵng" %_\\' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tagName: 'Shop 😀 "Đà Nẵng" %_\\' });
    const search = await t.inject({
      method: 'GET',
      url: `/api/user/transaction?search=${encodeURIComponent('😀%_\\')}`,
      token,
    });
    expect(search.statusCode).toBe(200);
  });

  it('refuses JSON nested deeper than 64 on every route, webhooks included, and takes 64', async () => {
    for (const url of [
      '/api/auth/login',
      '/api/webhook/bytepay',
      '/api/webhook/bank',
      '/api/tag/create-tag?tagType=v4',
    ]) {
      for (const depth of [65, 6000, 200_000]) {
        const res = await t.inject({
          method: 'POST',
          url,
          token,
          headers: { 'content-type': 'application/json' },
          payload: `{"tagName":${nested(depth)}}`,
        });
        expectRefused(res, `${url} ${depth}`);
      }
    }
    // Brackets inside strings do not count, and 64 levels are fine (refused by the schema instead).
    const deepOk = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token,
      headers: { 'content-type': 'application/json' },
      payload: `{"tagName":"${'[{'.repeat(5000)}\\"]"}`,
    });
    expectRefused(deepOk, 'long tag name');
    expect(JSON.stringify(deepOk.json())).toContain('body.tagName');
    const atLimit = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nested(63)},"password":"x"}`,
    });
    expectRefused(atLimit, 'schema');
    expect(JSON.stringify(atLimit.json())).toContain('body.email');
  });

  it('answers a 1 MB string with 400 or 413, never 5xx', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    for (const [url, payload] of [
      ['/api/auth/login', { email: huge, password: 'x' }],
      ['/api/tag/create-tag?tagType=v4', { tagName: huge }],
      ['/api/webhook/bytepay', { data: huge }],
    ] as const) {
      const res = await t.inject({ method: 'POST', url, token, payload });
      expect([400, 413], url).toContain(res.statusCode);
    }
    const query = await t.inject({
      method: 'GET',
      url: `/api/user/transaction?search=${'x'.repeat(1024 * 1024)}`,
      token,
    });
    expect(query.statusCode).toBe(400);
  });
});
