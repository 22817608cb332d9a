import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProxyLines } from '@proxy/contract';
import { build, customer, type TestApp } from '../../../test/helper.js';
import { pairLines } from './match.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

interface P {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

async function buy(token: string, product: 'v4' | 'v6', quantity: number): Promise<P[]> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/${product}-proxy/buy-retail`,
    token,
    payload: { country: product === 'v4' ? 'JP' : 'VN', quantity, period: { unit: 'day', value: 3 } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().proxies;
}

const match = (token: string, text: string) =>
  t.inject({ method: 'POST', url: '/api/proxy/match', token, payload: { text } });

describe('POST /api/proxy/match', () => {
  it('should match the caller’s proxies in every form, and leave others’ and wrong credentials unmatched', async () => {
    const a = await customer(t, 1_000_000_000);
    const b = await customer(t, 10_000_000);
    const [p1, p2, p3, p4] = await buy(a.token, 'v4', 4);
    const [v6] = await buy(a.token, 'v6', 50);
    const [foreign] = await buy(b.token, 'v4', 1);
    const lines = [
      `${p1!.host}:${p1!.port}`,
      `${p2!.host}:${p2!.port}:${p2!.username}:${p2!.password}`,
      `${p3!.username}:${p3!.password}@${p3!.host.toUpperCase()}:${p3!.port}`,
      `socks5h://${p4!.username}:${p4!.password}@${p4!.host}:${p4!.port}`,
      `${v6!.host}\t${v6!.port}\t${v6!.username}\t${v6!.password}`,
      `${p1!.host},${p1!.port},${p1!.username},${p1!.password}`,
      `${foreign!.host}:${foreign!.port}:${foreign!.username}:${foreign!.password}`,
      `${p2!.host}:${p2!.port}:${p2!.username}:wrong-password`,
      'not a proxy line',
      `http://${p2!.username}:${p2!.password}@${p2!.host}:${p2!.port}`,
    ];
    const res = await match(a.token, `\r\n${lines.join('\r\n')}\r\n\r\n`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      matched: { line: string; proxyId: string; type: string }[];
      unmatched: string[];
    }>();
    expect(body.matched.map((m) => [m.line, m.proxyId, m.type])).toEqual([
      [lines[0], p1!.id, 'v4'],
      [lines[1], p2!.id, 'v4'],
      [lines[2], p3!.id, 'v4'],
      [lines[3], p4!.id, 'v4'],
      [lines[4], v6!.id, 'v6'],
      [lines[5], p1!.id, 'v4'],
      [lines[9], p2!.id, 'v4'],
    ]);
    expect(body.unmatched).toEqual([lines[6], lines[7], lines[8]]);
    const full = await t.inject({
      method: 'POST',
      url: '/api/proxy/match',
      token: a.token,
      payload: { text: lines.join('\n'), withProxies: true },
    });
    expect(
      full
        .json<{ proxies: P[] }>()
        .proxies.map((p) => p.id)
        .sort(),
    ).toEqual([p1!.id, p2!.id, p3!.id, p4!.id, v6!.id].sort());
    // The other user's line is theirs alone.
    const other = await match(b.token, lines.join('\n'));
    expect(other.json().matched.map((m: { proxyId: string }) => m.proxyId)).toEqual([foreign!.id]);
  });

  it('should refuse more than 10,000 lines and an oversized text with a clear 400, and take an empty paste', async () => {
    const a = await customer(t, 0);
    const many = await match(
      a.token,
      Array.from({ length: 10_001 }, (_, i) => `10.0.0.1:${(i % 60000) + 1}`).join('\n'),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: 'TOO_MANY_LINES', data: { max: 10_000, lines: 10_001 } });
    const exactly = await match(
      a.token,
      Array.from({ length: 10_000 }, (_, i) => `10.0.0.1:${(i % 60000) + 1}`).join('\n'),
    );
    expect(exactly.statusCode).toBe(200);
    expect(exactly.json().unmatched).toHaveLength(10_000);
    const huge = await match(a.token, 'x'.repeat(1_000_001));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('VALIDATION_ERROR');
    const empty = await match(a.token, '\n\r\n  \n');
    expect(empty.json()).toEqual({ matched: [], unmatched: [] });
    const anon = await t.inject({ method: 'POST', url: '/api/proxy/match', payload: { text: '1.2.3.4:80' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('pairLines', () => {
  it('should prefer the live proxy over a locked one on the same endpoint, and check credentials when given', () => {
    const { parsed } = parseProxyLines('1.2.3.4:80\n1.2.3.4:80:old:pw\n1.2.3.4:80:new:bad\n1.2.3.4:81');
    const keyOf = (l: { port: number }) => l.port;
    const row = (id: string, username: string, locked: boolean) => ({
      id,
      type: 'v6' as const,
      key: 80,
      username,
      password: 'pw',
      locked,
    });
    const { matched, unmatched } = pairLines(parsed, keyOf, [row('locked', 'old', true), row('live', 'new', false)]);
    expect(matched.map((m) => [m.line, m.row.id])).toEqual([
      ['1.2.3.4:80', 'live'],
      ['1.2.3.4:80:old:pw', 'locked'],
    ]);
    expect(unmatched).toEqual(['1.2.3.4:80:new:bad', '1.2.3.4:81']);
  });
});
