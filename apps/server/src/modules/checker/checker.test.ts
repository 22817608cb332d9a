import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { startEcho, type EchoService } from './echo.js';

/** The checkers open many outgoing connections per call, so each user gets only a few calls a minute. */
let t: TestApp;
let echo: EchoService;
beforeAll(async () => {
  t = await build();
  echo = await startEcho('127.0.0.1', 0);
  t.ctx.echo = { host: echo.host, port: echo.port };
});
afterAll(async () => {
  await t.close();
  await echo.close();
});

const checkTool = (token: string) =>
  t.inject({
    method: 'POST',
    url: '/api/tools/check-proxy',
    token,
    payload: { lines: ['not a proxy line'] },
  });

describe('POST /api/tools/check-proxy rate limit', () => {
  it('should answer 429 TOO_MANY_REQUEST after 5 runs a minute per user, not affecting others', async () => {
    const a = await customer(t);
    const b = await customer(t);
    for (let i = 0; i < 5; i++) {
      const ok = await checkTool(a.token);
      expect(ok.statusCode).toBe(200);
      expect(ok.body.trim().split('\n').at(-1)).toBe('{"done":1}');
    }
    const limited = await checkTool(a.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: 'TOO_MANY_REQUEST', data: { remainTime: expect.any(Number) } });
    expect(limited.json().data.remainTime).toBeGreaterThan(0);
    expect(limited.json().data.remainTime).toBeLessThanOrEqual(60);
    expect((await checkTool(b.token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await checkTool(a.token)).statusCode).toBe(200);
  });
});

describe('PUT check-list-proxy rate limit', () => {
  it('should answer 429 TOO_MANY_REQUEST after 30 checks a minute per user', async () => {
    const c = await customer(t);
    const check = () =>
      t.inject({
        method: 'PUT',
        url: '/api/v4-proxy/check-list-proxy',
        token: c.token,
        payload: { listProxyId: [randomUUID()] },
      });
    for (let i = 0; i < 30; i++) {
      expect((await check()).json().message).toBe('PROXY_NOT_EXISTS');
    }
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('TOO_MANY_REQUEST');
  });
});
