import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { caresResolver, DnsCache } from './dns-cache.js';
import { Gateway } from './gateway.js';
import type { GatewayProxy } from './state.js';
import {
  basic,
  connect,
  freePort,
  httpConnect,
  httpForward,
  makeProxy,
  socksConnect,
  startEcho,
  startHttpTarget,
  type Target,
} from './test-utils.js';

let echo: Target;
let web: Target;
let panel: Target;
let version = 0;
let seq = 0;

/** A gateway as the tests run it: loopback listeners, private destinations allowed, short timeouts. */
function testGateway(extra: ConstructorParameters<typeof Gateway>[0] = {}): Gateway {
  return new Gateway({
    host: '127.0.0.1',
    allowPrivate: true,
    timeouts: { headerMs: 400, socksHandshakeMs: 400, connectMs: 3_000, idleMs: 30_000 },
    ...extra,
  });
}

async function addProxy(gw: Gateway, over: Partial<GatewayProxy> = {}): Promise<GatewayProxy> {
  seq += 1;
  const p = makeProxy({ id: `p${seq}`, port: await freePort(), ...over });
  await gw.applyChange({ version: ++version, upsert: p });
  return p;
}

function update(gw: Gateway, p: GatewayProxy, over: Partial<GatewayProxy>): Promise<GatewayProxy> {
  const next = { ...p, ...over };
  return gw.applyChange({ version: ++version, upsert: next }).then(() => next);
}

function creds(p: GatewayProxy): [string, string] {
  return [p.username as string, p.password as string];
}

/** Opens a CONNECT tunnel to the echo target and returns it after the echo's greeting line. */
async function tunnel(p: GatewayProxy, localAddress?: string) {
  const res = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p), localAddress });
  expect(res.status).toBe(200);
  const seenFrom = await res.reader.readLine();
  return { ...res, seenFrom };
}

async function roundTrip(reader: Awaited<ReturnType<typeof tunnel>>['reader'], text: string): Promise<string> {
  reader.socket.write(text);
  return (await reader.readBytes(Buffer.byteLength(text))).toString();
}

let gw: Gateway;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback TCP server for one test; `close()` also ends its connections. */
async function startServer(onConnection: (s: Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
    onConnection(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const s of sockets) {
        s.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves with `count()` once it has stopped changing for `quietMs`. */
async function stalled(count: () => number, quietMs = 300): Promise<number> {
  let last = count();
  for (;;) {
    await sleep(quietMs);
    const now = count();
    if (now === last) {
      return now;
    }
    last = now;
  }
}

beforeAll(async () => {
  echo = await startEcho();
  web = await startHttpTarget();
  panel = await startEcho();
  gw = testGateway({ blockedPorts: [panel.port] });
});

afterAll(async () => {
  await gw.close();
  await Promise.all([echo.close(), web.close(), panel.close()]);
});

describe('HTTP proxy', () => {
  it('should tunnel CONNECT to the target from the egress address', async () => {
    const p = await addProxy(gw, { egressIp: '127.0.0.2' });
    const t = await tunnel(p);
    expect(t.seenFrom).toBe('127.0.0.2');
    expect(await roundTrip(t.reader, 'hello through the tunnel')).toBe('hello through the tunnel');
    t.reader.socket.end();
    await t.reader.closed;
  });

  it('should forward an absolute-URI request in origin-form without the proxy headers', async () => {
    const p = await addProxy(gw, { egressIp: '127.0.0.3' });
    const res = await httpForward(p.port, `http://127.0.0.1:${web.port}/path/x?q=1`, { auth: creds(p), body: 'abc' });
    expect(res.status).toBe(200);
    const seen = JSON.parse(res.body) as {
      remoteAddress: string;
      url: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(seen.remoteAddress).toBe('127.0.0.3');
    expect(seen.url).toBe('/path/x?q=1');
    expect(seen.body).toBe('abc');
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers['proxy-connection']).toBeUndefined();
    expect(seen.headers.connection).toBe('close');
    expect(seen.headers.host).toBe(`127.0.0.1:${web.port}`);
  });

  it('should answer 407 to a wrong or missing password', async () => {
    const p = await addProxy(gw);
    const reached = web.connections() + echo.connections();
    const wrong = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: [p.username as string, 'wrong-pass'] });
    expect(wrong.status).toBe(407);
    expect(wrong.head).toMatch(/Proxy-Authenticate: Basic/);
    await wrong.reader.closed;
    const missing = await httpConnect(p.port, `127.0.0.1:${echo.port}`);
    expect(missing.status).toBe(407);
    const forward = await httpForward(p.port, `http://127.0.0.1:${web.port}/`, { auth: ['nobody', 'x'] });
    expect(forward.status).toBe(407);
    expect(web.connections() + echo.connections()).toBe(reached);
  });

  it('should refuse expired and locked proxies with 407', async () => {
    for (const status of ['expired', 'locked'] as const) {
      const p = await addProxy(gw, { status });
      const res = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) });
      expect(res.status).toBe(407);
    }
  });

  it('should let a whitelisted client IP in without credentials, and no one else', async () => {
    const p = await addProxy(gw, { authIps: ['127.0.0.9'], username: null, password: null });
    const ok = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { localAddress: '127.0.0.9' });
    expect(ok.status).toBe(200);
    expect(await ok.reader.readLine()).toBe('127.0.0.2');
    ok.reader.socket.destroy();
    const other = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { localAddress: '127.0.0.10' });
    expect(other.status).toBe(407);
  });

  it('should answer 400 to a request that is not a proxy request', async () => {
    const p = await addProxy(gw);
    const reader = await connect(p.port);
    reader.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await reader.readAll()).toString()).toMatch(/^HTTP\/1\.1 407/);
    const bad = await connect(p.port);
    bad.socket.write(
      `GET / HTTP/1.1\r\nProxy-Authorization: Basic ${Buffer.from(creds(p).join(':')).toString('base64')}\r\n\r\n`,
    );
    expect((await bad.readAll()).toString()).toMatch(/^HTTP\/1\.1 400/);
  });
  it('should carry a half-close through the tunnel and deliver the answer after it', async () => {
    const p = await addProxy(gw);
    const t = await tunnel(p);
    t.reader.socket.end('last words');
    expect((await t.reader.readAll()).toString()).toBe('last words');
  });

  it('should forward bytes the client sends before the tunnel is up', async () => {
    const p = await addProxy(gw);
    const reader = await connect(p.port);
    reader.socket.write(
      `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${basic(...creds(p))}\r\n\r\nearly bytes`,
    );
    expect((await reader.readUntil('\r\n\r\n')).toString()).toMatch(/^HTTP\/1\.1 200/);
    expect(await reader.readLine()).toBe('127.0.0.2');
    expect((await reader.readBytes(11)).toString()).toBe('early bytes');
  });

  it('should answer 431 to a request head beyond the limit', async () => {
    const p = await addProxy(gw);
    const reader = await connect(p.port);
    reader.socket.write(`CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}`);
    expect((await reader.readAll()).toString()).toMatch(/^HTTP\/1\.1 431/);
  });
});

describe('SOCKS5 proxy', () => {
  it('should connect with username/password to an IPv4 target from the egress address', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', egressIp: '127.0.0.3' });
    const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: creds(p) });
    expect(res).toMatchObject({ step: 'request', code: 0x00 });
    expect(await res.reader.readLine()).toBe('127.0.0.3');
    expect(await roundTrip(res.reader, 'socks payload')).toBe('socks payload');
  });

  it('should connect to a domain-name target (ATYP 3)', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const res = await socksConnect(p.port, { domain: 'localhost' }, echo.port, { auth: creds(p) });
    expect(res).toMatchObject({ step: 'request', code: 0x00 });
    expect(await res.reader.readLine()).toBe('127.0.0.2');
  });

  it('should offer "no auth" to a whitelisted client IP and refuse it to others', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', authIps: ['127.0.0.9'] });
    const ok = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.9' });
    expect(ok).toMatchObject({ step: 'request', code: 0x00 });
    expect(await ok.reader.readLine()).toBe('127.0.0.2');
    const other = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.10' });
    expect(other).toMatchObject({ step: 'method', code: 0xff });
    await other.reader.closed;
    // The password still works from anywhere.
    const withPass = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, {
      auth: creds(p),
      localAddress: '127.0.0.10',
    });
    expect(withPass).toMatchObject({ step: 'request', code: 0x00 });
  });

  it('should answer a wrong password with the RFC 1929 failure status', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: [p.username as string, 'nope'] });
    expect(res).toMatchObject({ step: 'auth', code: 0x01 });
    await res.reader.closed;
  });

  it('should refuse expired and locked proxies', async () => {
    for (const status of ['expired', 'locked'] as const) {
      const p = await addProxy(gw, { protocol: 'socks5', status, authIps: ['127.0.0.9'] });
      const pass = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: creds(p) });
      expect(pass).toMatchObject({ step: 'auth', code: 0x01 });
      const ip = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.9' });
      expect(ip).toMatchObject({ step: 'method', code: 0xff });
    }
  });

  it('should answer "connection refused" when nothing listens at the target', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const closedPort = await freePort();
    const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, closedPort, { auth: creds(p) });
    expect(res).toMatchObject({ step: 'request', code: 0x05 });
    const http = await addProxy(gw);
    expect((await httpConnect(http.port, `127.0.0.1:${closedPort}`, { auth: creds(http) })).status).toBe(502);
  });
  it('should handle greeting, auth and request arriving in one write', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const [user, pass] = creds(p).map((x) => Buffer.from(x)) as [Buffer, Buffer];
    const port = Buffer.alloc(2);
    port.writeUInt16BE(echo.port);
    const reader = await connect(p.port);
    reader.socket.write(
      Buffer.concat([
        Buffer.from([0x05, 0x01, 0x02, 0x01, user.length]),
        user,
        Buffer.from([pass.length]),
        pass,
        Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1]),
        port,
      ]),
    );
    expect([...(await reader.readBytes(2 + 2 + 10))].slice(0, 6)).toEqual([0x05, 0x02, 0x01, 0x00, 0x05, 0x00]);
    expect(await reader.readLine()).toBe('127.0.0.2');
  });

  it('should refuse commands other than CONNECT with reply 0x07', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', authIps: ['127.0.0.9'] });
    const reader = await connect(p.port, { localAddress: '127.0.0.9' });
    reader.socket.write(Buffer.from([0x05, 0x01, 0x00]));
    expect([...(await reader.readBytes(2))]).toEqual([0x05, 0x00]);
    reader.socket.write(Buffer.from([0x05, 0x02, 0x00, 0x01, 127, 0, 0, 1, 0, 80]));
    expect((await reader.readAll())[1]).toBe(0x07);
  });
});

describe('live changes', () => {
  it('should apply a password change at once and close the tunnels of the old one', async () => {
    const p = await addProxy(gw);
    const open = await tunnel(p);
    const changed = await update(gw, p, { password: 'a-new-password' });
    await open.reader.closed;
    expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(407);
    const fresh = await tunnel(changed);
    expect(fresh.seenFrom).toBe('127.0.0.2');
  });

  it('should use a new egress address for new connections', async () => {
    const p = await addProxy(gw, { egressIp: '127.0.0.2' });
    const before = await tunnel(p);
    expect(before.seenFrom).toBe('127.0.0.2');
    const moved = await update(gw, p, { egressIp: '127.0.0.5' });
    await before.reader.closed;
    expect((await tunnel(moved)).seenFrom).toBe('127.0.0.5');
  });

  it('should close open tunnels when a proxy is locked, loses its auth IP or is deleted', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', authIps: ['127.0.0.9'] });
    const open = async () => {
      const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.9' });
      expect(res.code).toBe(0x00);
      return res.reader;
    };
    const a = await open();
    const withoutIp = await update(gw, p, { authIps: [] });
    await a.closed;
    const restored = await update(gw, withoutIp, { authIps: ['127.0.0.9'] });
    const b = await open();
    await update(gw, restored, { status: 'locked' });
    await b.closed;
    const unlocked = await update(gw, restored, { status: 'using' });
    const c = await open();
    await gw.applyChange({ version: ++version, deleteId: unlocked.id });
    await c.closed;
    await expect(connect(p.port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('should ignore a change that is not newer than the state', async () => {
    const p = await addProxy(gw);
    await gw.applyChange({ version: version - 1, upsert: { ...p, password: 'stale-password' } });
    expect((await tunnel(p)).seenFrom).toBe('127.0.0.2');
  });
  it('should open a listener that failed once its port is free again', async () => {
    const port = await freePort();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    const p = await addProxy(gw, { port });
    expect(gw.stats().failedPorts).toContain(port);
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
    // The next state change retries it.
    await addProxy(gw);
    expect(gw.stats().failedPorts).not.toContain(port);
    expect((await tunnel(p)).seenFrom).toBe('127.0.0.2');
  });
});

describe('metering and quota', () => {
  it('should count bytes both ways and hand them out once per report id', async () => {
    const p = await addProxy(gw);
    const earlier = gw.meter.drain();
    if (earlier !== null) {
      gw.meter.ack(earlier.reportId);
    }
    const t = await tunnel(p);
    const payload = 'x'.repeat(100_000);
    expect(await roundTrip(t.reader, payload)).toBe(payload);
    const greeting = '127.0.0.2\n'.length;
    const first = gw.meter.drain();
    expect(first?.counters.find((c) => c.proxyId === p.id)).toEqual({
      proxyId: p.id,
      bytesIn: 100_000,
      bytesOut: 100_000 + greeting,
    });
    expect(gw.meter.pending()).toEqual([first]);
    expect(gw.meter.unacked(p.id)).toBe(200_000 + greeting);

    expect(await roundTrip(t.reader, 'abc')).toBe('abc');
    const second = gw.meter.drain();
    expect(second?.reportId).not.toBe(first?.reportId);
    expect(second?.counters.find((c) => c.proxyId === p.id)).toEqual({ proxyId: p.id, bytesIn: 3, bytesOut: 3 });
    expect(gw.meter.drain()).toBeNull();

    expect(gw.meter.ack(first?.reportId as string)).toBe(true);
    expect(gw.meter.ack(first?.reportId as string)).toBe(false);
    expect(gw.meter.pending()).toEqual([second]);
    expect(gw.meter.ack(second?.reportId as string)).toBe(true);
    expect(gw.meter.unacked(p.id)).toBe(0);
  });

  it('should cut a proxy at its quota and serve it again when the quota grows', async () => {
    const limit = 50_000;
    const p = await addProxy(gw, { bandwidthLimitBytes: limit, bandwidthUsedBytes: 0 });
    const before = echo.received();
    const t = await tunnel(p);
    t.reader.socket.write(Buffer.alloc(300_000, 1));
    await t.reader.closed;
    // The chunk that crosses the quota is not forwarded.
    expect(echo.received() - before).toBeLessThan(limit);
    expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(407);

    const raised = await update(gw, p, { bandwidthLimitBytes: 10_000_000 });
    const again = await tunnel(raised);
    expect(await roundTrip(again.reader, 'served again')).toBe('served again');
  });

  it('should count usage the server already knows against the quota', async () => {
    const p = await addProxy(gw, { bandwidthLimitBytes: 1_000, bandwidthUsedBytes: 1_000 });
    expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(407);
    const grown = await update(gw, p, { bandwidthLimitBytes: 2_000 });
    expect((await tunnel(grown)).seenFrom).toBe('127.0.0.2');
  });
});

describe('destination policy (SSRF)', () => {
  let strict: Gateway;
  let httpProxy: GatewayProxy;
  let socksProxy: GatewayProxy;

  beforeAll(async () => {
    const real = caresResolver(1_000);
    strict = testGateway({
      allowPrivate: false,
      dns: new DnsCache({
        resolve: (name, family) =>
          name === 'mixed.example'
            ? Promise.resolve({ addresses: ['93.184.216.34', '127.0.0.1'], ttlSec: 60 })
            : real(name, family),
      }),
    });
    httpProxy = await addProxy(strict);
    socksProxy = await addProxy(strict, { protocol: 'socks5' });
  });

  afterAll(() => strict.close());

  it.each([
    '127.1',
    '2130706433',
    '0x7f.1',
    '0177.0.0.1',
    '127.0.0.1.',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '169.254.169.254',
    '10.0.0.1',
    '100.64.0.1',
    '[::1]',
    '[fe80::1]',
    'localhost',
    'mixed.example',
  ])('should refuse CONNECT to %s with 403', async (host) => {
    const res = await httpConnect(httpProxy.port, `${host}:${echo.port}`, { auth: creds(httpProxy) });
    expect(res.status).toBe(403);
  });

  it('should refuse an absolute-URI request to a loopback address in decimal form', async () => {
    const res = await httpForward(httpProxy.port, `http://2130706433:${web.port}/`, { auth: creds(httpProxy) });
    expect(res.status).toBe(403);
  });

  it.each([
    ['IPv4 127.0.0.1', { ipv4: '127.0.0.1' }],
    ['IPv4 169.254.169.254', { ipv4: '169.254.169.254' }],
    ['IPv6 ::ffff:127.0.0.1', { ipv6: '::ffff:7f00:1' }],
    ['domain 127.1', { domain: '127.1' }],
    ['domain localhost', { domain: 'localhost' }],
  ] as const)('should refuse SOCKS5 CONNECT to %s with reply 0x02', async (_label, target) => {
    const res = await socksConnect(socksProxy.port, target, echo.port, { auth: creds(socksProxy) });
    expect(res).toMatchObject({ step: 'request', code: 0x02 });
  });

  it('should reach loopback through odd address forms when private destinations are allowed', async () => {
    const p = await addProxy(gw);
    for (const host of ['127.1', '2130706433', '[::ffff:127.0.0.1]']) {
      const res = await httpConnect(p.port, `${host}:${echo.port}`, { auth: creds(p) });
      expect(res.status).toBe(200);
      expect(await res.reader.readLine()).toBe('127.0.0.2');
      res.reader.socket.destroy();
    }
  });

  it("should refuse the panel's port and the gateway's own ports even when private destinations are allowed", async () => {
    const p = await addProxy(gw);
    expect((await httpConnect(p.port, `127.0.0.1:${panel.port}`, { auth: creds(p) })).status).toBe(403);
    expect((await httpConnect(p.port, `127.0.0.1:${p.port}`, { auth: creds(p) })).status).toBe(403);
    const s = await addProxy(gw, { protocol: 'socks5' });
    const res = await socksConnect(s.port, { ipv4: '127.0.0.1' }, panel.port, { auth: creds(s) });
    expect(res).toMatchObject({ step: 'request', code: 0x02 });
  });
});

describe('timeouts and limits', () => {
  it('should close a client that does not finish its request head in time', async () => {
    const p = await addProxy(gw);
    const silent = await connect(p.port);
    await silent.closed;
    // Trickling bytes does not extend the deadline.
    const slow = await connect(p.port);
    const drip = setInterval(() => slow.socket.write('X'), 50);
    await slow.closed;
    clearInterval(drip);
  });

  it('should close a SOCKS5 client that stalls in the handshake', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const reader = await connect(p.port);
    reader.socket.write(Buffer.from([0x05, 0x01, 0x02]));
    expect([...(await reader.readBytes(2))]).toEqual([0x05, 0x02]);
    await reader.closed;
  });

  it('should close a tunnel that carries no bytes for the idle time', async () => {
    const quick = testGateway({ timeouts: { idleMs: 300 } });
    try {
      const p = await addProxy(quick);
      const t = await tunnel(p);
      expect(await roundTrip(t.reader, 'still here')).toBe('still here');
      await t.reader.closed;
    } finally {
      await quick.close();
    }
  });

  it('should close a tunnel at the idle time after its last byte, whichever way bytes went', async () => {
    const idleMs = 400;
    const quick = testGateway({ timeouts: { idleMs } });
    // Sends a byte every idleMs / 4, twelve times (three idle times), then stays silent.
    const ticker = await startServer((s) => {
      let ticks = 0;
      const timer = setInterval(() => {
        s.write('t');
        ticks += 1;
        if (ticks === 12) {
          clearInterval(timer);
        }
      }, idleMs / 4);
      s.on('close', () => clearInterval(timer));
    });
    try {
      const p = await addProxy(quick);
      // Client to destination (and the echo back) keeps the tunnel open past the idle time.
      const t = await tunnel(p);
      const until = performance.now() + 3 * idleMs;
      let clientLast = 0;
      for (;;) {
        expect(await roundTrip(t.reader, 'x')).toBe('x');
        clientLast = performance.now();
        if (clientLast > until) {
          break;
        }
        await sleep(idleMs / 4);
      }
      // Destination to client alone does too.
      const down = await httpConnect(p.port, `127.0.0.1:${ticker.port}`, { auth: creds(p) });
      expect(down.status).toBe(200);
      let downLast = performance.now();
      let ticks = 0;
      down.reader.socket.on('data', (chunk: Buffer) => {
        ticks += chunk.length;
        downLast = performance.now();
      });
      await t.reader.closed;
      const clientQuiet = performance.now() - clientLast;
      await down.reader.closed;
      const downQuiet = performance.now() - downLast;
      expect(ticks).toBe(12);
      for (const quiet of [clientQuiet, downQuiet]) {
        expect(quiet).toBeGreaterThanOrEqual(idleMs - 50);
        expect(quiet).toBeLessThan(idleMs + 300);
      }
    } finally {
      await ticker.close();
      await quick.close();
    }
  });

  it('should give up on a destination that does not answer within the connect timeout', async () => {
    // A listener whose process never accepts: once its queue is full, the kernel drops new SYNs.
    const child = spawn(process.execPath, [
      '-e',
      `const s = require('net').createServer();
       s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
         process.stdout.write(s.address().port + '\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
       });`,
    ]);
    const slow = testGateway({ timeouts: { connectMs: 300 } });
    try {
      const port = Number((await once(child.stdout, 'data')).toString());
      const queued = [await connect(port), await connect(port)];
      const p = await addProxy(slow);
      expect((await httpConnect(p.port, `127.0.0.1:${port}`, { auth: creds(p) })).status).toBe(504);
      const s = await addProxy(slow, { protocol: 'socks5' });
      expect(await socksConnect(s.port, { ipv4: '127.0.0.1' }, port, { auth: creds(s) })).toMatchObject({
        step: 'request',
        code: 0x04,
      });
      queued.forEach((q) => q.socket.destroy());
    } finally {
      child.kill();
      await slow.close();
    }
  });

  it('should cap unauthenticated sockets per client IP', async () => {
    const limited = testGateway({ limits: { unauthenticatedPerIp: 2 }, timeouts: { headerMs: 10_000 } });
    try {
      const p = await addProxy(limited);
      const a = await connect(p.port, { localAddress: '127.0.0.20' });
      const b = await connect(p.port, { localAddress: '127.0.0.20' });
      const c = await connect(p.port, { localAddress: '127.0.0.20' });
      await c.closed;
      expect(a.isClosed || b.isClosed).toBe(false);
      // Another IP is not affected, and the held sockets still work.
      const other = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p), localAddress: '127.0.0.21' });
      expect(other.status).toBe(200);
      a.socket.write(
        `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: Basic ${Buffer.from(creds(p).join(':')).toString('base64')}\r\n\r\n`,
      );
      expect((await a.readUntil('\r\n\r\n')).toString()).toMatch(/^HTTP\/1\.1 200/);
      // `a` authenticated, so the IP has room for one more.
      const d = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p), localAddress: '127.0.0.20' });
      expect(d.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('should cap open tunnels per proxy', async () => {
    const limited = testGateway({ limits: { connectionsPerProxy: 1 } });
    try {
      const p = await addProxy(limited);
      const first = await tunnel(p);
      expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(429);
      first.reader.socket.destroy();
      await vi.waitFor(() => expect(limited.stats().tunnels).toBe(0));
      expect((await tunnel(p)).seenFrom).toBe('127.0.0.2');
    } finally {
      await limited.close();
    }
  });
});

describe('backpressure', () => {
  const total = 256 * 2 ** 20;
  const chunk = Buffer.alloc(64 * 1024, 0x61);

  it('should stop reading the destination while the client reads nothing, then deliver it all', async () => {
    let sent = 0;
    // Sends `total` bytes once it reads a byte, as fast as its peer takes them.
    const source = await startServer((s) => {
      s.once('data', () => {
        const pump = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!s.write(chunk)) {
              s.once('drain', pump);
              return;
            }
          }
          s.end();
        };
        pump();
      });
    });
    try {
      const p = await addProxy(gw);
      const { status, reader } = await httpConnect(p.port, `127.0.0.1:${source.port}`, { auth: creds(p) });
      expect(status).toBe(200);
      const client = reader.socket;
      client.pause();
      client.removeAllListeners('data');
      client.write('g');
      await vi.waitFor(() => expect(sent).toBeGreaterThan(0));
      // Without backpressure the gateway would take it all into memory; kernel buffers hold a few MB.
      expect(await stalled(() => sent)).toBeLessThan(total / 4);
      let got = 0;
      client.on('data', (c: Buffer) => {
        got += c.length;
      });
      client.resume();
      await reader.closed;
      expect(got).toBe(total);
    } finally {
      await source.close();
    }
  });

  it('should stop reading the client while the destination reads nothing, then deliver it all', async () => {
    let received = 0;
    const held: Socket[] = [];
    const sink = await startServer((s) => {
      s.pause();
      held.push(s);
      s.on('data', (c: Buffer) => {
        received += c.length;
      });
    });
    try {
      const s = await addProxy(gw, { protocol: 'socks5' });
      const res = await socksConnect(s.port, { ipv4: '127.0.0.1' }, sink.port, { auth: creds(s) });
      expect(res).toMatchObject({ step: 'request', code: 0x00 });
      const client = res.reader.socket;
      let written = 0;
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!client.write(chunk)) {
            client.once('drain', pump);
            return;
          }
        }
      };
      pump();
      expect(await stalled(() => written)).toBeLessThan(total / 4);
      expect(held).toHaveLength(1);
      held[0]?.resume();
      await vi.waitFor(() => expect(received).toBe(total), { timeout: 15_000 });
    } finally {
      await sink.close();
    }
  });
});

describe('egress ports', () => {
  it('should share local ports across destinations and report exhaustion per destination', async () => {
    // Three local ports only, so exhaustion is reached at once; see README "Ephemeral ports".
    const narrow = testGateway({ egressPorts: [47101, 47103] });
    const other = await startEcho();
    try {
      const p = await addProxy(narrow, { egressIp: '127.0.0.44' });
      const open = [await tunnel(p), await tunnel(p), await tunnel(p)];
      expect(open.map((t) => t.seenFrom)).toEqual(['127.0.0.44', '127.0.0.44', '127.0.0.44']);
      expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(503);
      expect(narrow.stats().egressPortsExhausted).toBe(1);

      // The same three ports still reach another destination.
      const elsewhere = await httpConnect(p.port, `127.0.0.1:${other.port}`, { auth: creds(p) });
      expect(elsewhere.status).toBe(200);
      expect(await elsewhere.reader.readLine()).toBe('127.0.0.44');

      // A closed tunnel's port is reused at once, TIME_WAIT notwithstanding.
      const closing = open[0] as (typeof open)[number];
      closing.reader.socket.end();
      await closing.reader.closed;
      await vi.waitFor(() => expect(narrow.stats().tunnels).toBe(3));
      expect((await tunnel(p)).seenFrom).toBe('127.0.0.44');
    } finally {
      await narrow.close();
      await other.close();
    }
  });
  it('should answer 502 and log once when the egress address is not on this host', async (ctx) => {
    if (readFileSync('/proc/sys/net/ipv4/ip_nonlocal_bind', 'utf8').trim() !== '0') {
      return skipWith(ctx, 'net.ipv4.ip_nonlocal_bind is on: any address can be bound here');
    }
    const errors: string[] = [];
    const log = { info() {}, warn() {}, error: (_obj: object, msg: string) => errors.push(msg) };
    const misconfigured = testGateway({ logger: log });
    try {
      const p = await addProxy(misconfigured, { egressIp: '192.0.2.250' });
      expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(502);
      expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(502);
      expect(errors).toEqual(['egress address is not configured on this host (bind: EADDRNOTAVAIL)']);
    } finally {
      await misconfigured.close();
    }
  });
});

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' }).trim();
}

function skipWith(ctx: { skip: (note?: string) => never }, reason: string): never {
  console.warn(`SKIPPED: ${reason}`);
  return ctx.skip(reason);
}

describe('IPv6 egress', () => {
  const PREFIX = '2001:db8:77::/64';
  let echo6: Target | null = null;
  let noIpv6: string | null = null;
  let noPrefix: string | null = null;
  let addedRoute = false;
  let nonlocalBefore: string | null = null;

  beforeAll(async () => {
    try {
      echo6 = await startEcho('::1');
    } catch (err) {
      noIpv6 = `no IPv6 loopback (::1): ${String(err)}`;
      noPrefix = noIpv6;
      return;
    }
    // A routed prefix the way IPv6 sellers run it (README "IPv6 egress"); needs CAP_NET_ADMIN.
    try {
      if (!run('ip', ['-6', 'route', 'show', 'table', 'local', PREFIX]).includes('2001:db8:77::')) {
        run('ip', ['-6', 'route', 'add', 'local', PREFIX, 'dev', 'lo']);
        addedRoute = true;
      }
      nonlocalBefore = run('sysctl', ['-n', 'net.ipv6.ip_nonlocal_bind']);
      run('sysctl', ['-w', 'net.ipv6.ip_nonlocal_bind=1']);
    } catch (err) {
      const stderr = (err as { stderr?: string }).stderr ?? String(err);
      noPrefix = `cannot route ${PREFIX} to this host (ip route add local / sysctl ip_nonlocal_bind): ${stderr.trim()}`;
    }
  });

  afterAll(async () => {
    await echo6?.close();
    if (nonlocalBefore !== null) {
      run('sysctl', ['-w', `net.ipv6.ip_nonlocal_bind=${nonlocalBefore}`]);
    }
    if (addedRoute) {
      run('ip', ['-6', 'route', 'del', 'local', PREFIX, 'dev', 'lo']);
    }
  });

  it('should egress from ::1 to an IPv6 target over HTTP CONNECT and SOCKS5', async (ctx) => {
    if (noIpv6 !== null || echo6 === null) {
      return skipWith(ctx, noIpv6 ?? 'no IPv6 echo');
    }
    const p = await addProxy(gw, { egressIp: '::1' });
    const res = await httpConnect(p.port, `[::1]:${echo6.port}`, { auth: creds(p) });
    expect(res.status).toBe(200);
    expect(await res.reader.readLine()).toBe('::1');
    // An IPv6 proxy cannot reach an IPv4 destination: the family follows the egress address.
    expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(502);
    const s = await addProxy(gw, { protocol: 'socks5', egressIp: '::1' });
    const socks = await socksConnect(s.port, { ipv6: '::1' }, echo6.port, { auth: creds(s) });
    expect(socks).toMatchObject({ step: 'request', code: 0x00 });
    expect(await socks.reader.readLine()).toBe('::1');
  });

  it('should egress two proxies from two addresses of a routed IPv6 prefix', async (ctx) => {
    if (noPrefix !== null || echo6 === null) {
      return skipWith(ctx, noPrefix ?? 'no IPv6 echo');
    }
    const a = await addProxy(gw, { egressIp: '2001:db8:77::a' });
    const b = await addProxy(gw, { protocol: 'socks5', egressIp: '2001:db8:77::b' });
    const viaA = await httpConnect(a.port, `[::1]:${echo6.port}`, { auth: creds(a) });
    expect(viaA.status).toBe(200);
    expect(await viaA.reader.readLine()).toBe('2001:db8:77::a');
    const viaB = await socksConnect(b.port, { domain: 'localhost' }, echo6.port, { auth: creds(b) });
    expect(viaB).toMatchObject({ step: 'request', code: 0x00 });
    expect(await viaB.reader.readLine()).toBe('2001:db8:77::b');
  });
});
