import { connect, createServer, isIP, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { startEcho, type EchoService } from './echo.js';

/**
 * A proxy whose egress is IPv6 only, speaking HTTP CONNECT and SOCKS5 (RFC 1928, no auth) on one
 * port, the way a bought IPv6 proxy does: an IPv4 destination gets 502 / SOCKS5 reply 8 (address
 * type not supported), an IPv6 one is dialled and relayed.
 */
function ipv6OnlyProxy(): Server {
  const relay = (client: Socket, host: string, port: number, ok: Buffer) => {
    const up = connect({ host, port }, () => {
      client.write(ok);
      up.pipe(client);
      client.pipe(up);
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  };
  return createServer((client) => {
    client.once('data', (first: Buffer) => {
      if (first[0] === 5) {
        client.write(Buffer.from([5, 0]));
        client.once('data', (req: Buffer) => {
          if (req[3] !== 4) {
            client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
            return;
          }
          const groups = Array.from({ length: 8 }, (_, i) => req.readUInt16BE(4 + i * 2).toString(16));
          const ok = Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
          relay(client, groups.join(':'), req.readUInt16BE(20), ok);
        });
        return;
      }
      const m = /^CONNECT \[?([^\]\s]+?)\]?:(\d+) HTTP/.exec(first.toString('latin1'));
      if (!m || isIP(m[1]!) !== 6) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      relay(client, m[1]!, Number(m[2]), Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n'));
    });
  });
}

let t: TestApp;
let echo: EchoService;
let proxy: Server;
let proxyPort: number;

beforeAll(async () => {
  t = await build({ GATEWAY_ALLOW_PRIVATE: '1' });
  echo = await startEcho('127.0.0.1', 0);
  t.ctx.echo = { host: echo.host, port: echo.port, ...(echo.host6 ? { host6: echo.host6 } : {}) };
  proxy = ipv6OnlyProxy();
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as AddressInfo).port;
  // The checker dials loopback only on a node's proxy ports: the fake stands where a node's port is.
  const owner = await login(t, await createUser(t, { role: 0 }));
  const node = await t.inject({
    method: 'POST',
    url: '/api/sub-server/admin/create',
    token: owner.accessToken,
    payload: { name: 'v6', host: '127.0.0.1', portFrom: proxyPort, portTo: proxyPort },
  });
  expect(node.statusCode, node.body).toBe(200);
});
afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await echo.close();
  await t.close();
});

async function check(token: string, protocol: 'http' | 'socks5' | 'auto') {
  const res = await t.inject({
    method: 'POST',
    url: '/api/tools/check-proxy',
    token,
    payload: { lines: [`127.0.0.1:${proxyPort}`], protocol },
  });
  expect(res.statusCode).toBe(200);
  const out = res.body.trim().split('\n');
  expect(out.at(-1)).toBe('{"done":1}');
  return JSON.parse(out[0]!) as { live: boolean; protocol: string | null; exitIp: string | null; error?: string };
}

describe('the free checker and an IPv6 proxy', () => {
  it('should find the echo service on ::1', () => {
    // The checks below mean something only where the machine has an IPv6 loopback.
    expect(echo.host6).toBe('::1');
  });

  for (const protocol of ['http', 'socks5', 'auto'] as const) {
    it(`should call it live over ${protocol}, egressing from IPv6, and name the protocol it used`, async () => {
      const c = await customer(t);
      const r = await check(c.token, protocol);
      expect(r).toMatchObject({ live: true, exitIp: '::1', protocol: protocol === 'auto' ? 'socks5' : protocol });
    });
  }

  it('should still call a proxy dead that reaches neither target', async () => {
    const c = await customer(t);
    t.ctx.echo = { host: echo.host, port: echo.port };
    try {
      const r = await check(c.token, 'http');
      expect(r).toMatchObject({ live: false, error: 'http 502' });
    } finally {
      t.ctx.echo = { host: echo.host, port: echo.port, ...(echo.host6 ? { host6: echo.host6 } : {}) };
    }
  });
});
