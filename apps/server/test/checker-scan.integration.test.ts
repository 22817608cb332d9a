import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, customer, livePorts, login, startLive, waitForListening } from './helper.js';
import type { LiveStack, TestApp } from './helper.js';

/**
 * The free checker must not tell an open port from a closed one where it may not go: loopback,
 * private space, and our own nodes except their proxy ports all get one refusal, before any
 * connection is attempted.
 */
let t: TestApp;
let live: LiveStack;
let open: Server;
let accepted = 0;
let openPort: number;
let closedPort: number;

async function listen(): Promise<Server> {
  const s = createServer((sock) => {
    accepted++;
    sock.destroy();
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return s;
}

beforeAll(async () => {
  t = await build({ ...livePorts() });
  live = await startLive(t);
  open = await listen();
  openPort = (open.address() as AddressInfo).port;
  const gone = await listen();
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => open.close(() => resolve()));
  await live.stop();
  await t.close();
});

async function check(token: string, lines: string[], protocol = 'auto'): Promise<string[]> {
  const res = await fetch(`${live.baseUrl}/api/tools/check-proxy`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lines, protocol }),
  });
  expect(res.status).toBe(200);
  const out = (await res.text()).trim().split('\n');
  expect(out.at(-1)).toBe(`{"done":${lines.length}}`);
  // Results stream in completion order: put them back in the order of the lines.
  const byLine = new Map(out.slice(0, -1).map((l) => [(JSON.parse(l) as { line: string }).line, l]));
  return lines.map((l) => byLine.get(l)!);
}

describe('the free checker and forbidden destinations', () => {
  it('should answer open and closed ports on loopback and on a node host with byte-identical refusals', async () => {
    const owner = await login(t, await createUser(t, { role: 0 }));
    const node = await t.inject({
      method: 'POST',
      url: '/api/sub-server/admin/create',
      token: owner.accessToken,
      payload: { name: 'far', host: '198.51.100.7', portFrom: 40000, portTo: 40009 },
    });
    expect(node.statusCode).toBe(200);
    const c = await customer(t);
    const lines = [
      `127.0.0.1:${openPort}`,
      `127.0.0.1:${closedPort}`,
      `127.0.0.1:${openPort}:user:pass`,
      `127.0.0.1:${live.port}`,
      `127.1:${openPort}`,
      `localhost:${openPort}`,
      `[::ffff:127.0.0.1]:${openPort}`,
      `[::1]:${closedPort}`,
      '169.254.169.254:80',
      '10.0.0.1:3128',
      '198.51.100.7:22',
      `198.51.100.7:${openPort}`,
    ];
    for (const protocol of ['auto', 'http', 'socks5']) {
      const out = await check(c.token, lines, protocol);
      const shapes = out.map((raw, i) => raw.replace(JSON.stringify(lines[i]), '"…"'));
      expect(shapes[0]).toBe(
        '{"line":"…","live":false,"protocol":null,"latencyMs":null,"exitIp":null,"error":"forbidden"}',
      );
      for (const [i, s] of shapes.entries()) {
        expect(s, lines[i]).toBe(shapes[0]);
      }
    }
    // Refused before any connection: the open port never saw one.
    expect(accepted).toBe(0);
  });

  it('should still check a real proxy on the node’s proxy port', async () => {
    const c = await customer(t, 1_000_000);
    const bought = await t.inject({
      method: 'POST',
      url: '/api/v4-proxy/buy-retail',
      token: c.token,
      payload: { country: 'US', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    const p = bought.json().proxies[0] as { port: number; username: string; password: string; egressIp: string };
    await waitForListening(p.port);
    const [line] = await check(c.token, [`127.0.0.1:${p.port}:${p.username}:${p.password}`], 'http');
    expect(JSON.parse(line!)).toMatchObject({ live: true, protocol: 'http', exitIp: p.egressIp });
  });
});
