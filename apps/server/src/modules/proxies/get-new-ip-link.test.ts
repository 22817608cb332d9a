import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function buyKey() {
  const c = await customer(t, 1_000_000);
  const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
  const res = await t.inject({
    method: 'POST',
    url: `/api/key/buy-key-package/${pkg.id}`,
    token: c.token,
    payload: { country: 'VN', quantity: 1 },
  });
  return { key: res.json().keys[0].key as string, pkg: pkg as { minIntervalSec: number; days: number } };
}

describe('GET /api/key/get-new-ip (the change-IP link)', () => {
  it('should rotate like POST, uncached, and share the key’s spacing with POST both ways', async () => {
    const { key, pkg } = await buyKey();
    const first = await t.inject({ method: 'GET', url: `/api/key/get-new-ip?keyRotate=${key}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body.proxy).toBe(`${body.host}:${body.port}:${body.username}:${body.password}`);
    expect(body.nextChangeIn).toBe(pkg.minIntervalSec);

    // GET then POST: the POST is too fast.
    const post = await t.inject({ method: 'POST', url: `/api/key/get-new-ip?keyRotate=${key}` });
    expect(post.statusCode).toBe(429);
    expect(post.json().message).toBe('GET_IP_TOO_FAST');

    t.clock.advance(pkg.minIntervalSec * 1000);
    expect((await t.inject({ method: 'POST', url: `/api/key/get-new-ip?keyRotate=${key}` })).statusCode).toBe(200);
    // POST then GET: the GET is too fast, and its refusal is not cached either.
    const get = await t.inject({ method: 'GET', url: `/api/key/get-new-ip?keyRotate=${key}` });
    expect(get.statusCode).toBe(429);
    expect(get.json().message).toBe('GET_IP_TOO_FAST');
    expect(get.json().data.remainTime).toBeGreaterThan(0);
    expect(get.headers['cache-control']).toBe('no-store');
  });

  it('should answer KEY_NOT_EXISTS and KEY_EXPIRED as POST does', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/api/key/get-new-ip?keyRotate=rk_nope' });
    expect(unknown.json().message).toBe('KEY_NOT_EXISTS');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect((await t.inject({ method: 'GET', url: '/api/key/get-new-ip' })).json().message).toBe('VALIDATION_ERROR');
    const { key, pkg } = await buyKey();
    t.clock.advance(pkg.days * 24 * 3600_000 + 1000);
    const { runLifecycle } = await import('../../jobs/lifecycle.js');
    await runLifecycle(t.ctx);
    const res = await t.inject({ method: 'GET', url: `/api/key/get-new-ip?keyRotate=${key}` });
    expect(res.json().message).toBe('KEY_EXPIRED');
  });
});
