/** The gateway over real sockets: live state changes, metering and quota, the destination policy. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caresResolver, DnsCache } from '../io/dns-cache.js';
import type { Gateway } from './gateway.js';
import {
  addProxy,
  creds,
  echo,
  gw,
  nextVersion,
  panel,
  roundTrip,
  testGateway,
  tunnel,
  update,
  useFixture,
  web,
} from '../../test/gateway-fixture.js';
import type { GatewayProxy } from '../sync/state.js';
import { connect, freePort, httpConnect, httpForward, socksConnect } from '../../test/test-utils.js';

useFixture();

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
    await gw.applyChange({ version: nextVersion(), deleteId: unlocked.id });
    await c.closed;
    await expect(connect(p.port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('should ignore a change that is not newer than the state', async () => {
    const p = await addProxy(gw);
    await gw.applyChange({ version: nextVersion(false), upsert: { ...p, password: 'stale-password' } });
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

  it('should say in the 403 body which destination was refused and why', async () => {
    const res = await httpConnect(httpProxy.port, `10.0.0.1:${echo.port}`, { auth: creds(httpProxy) });
    expect(res.status).toBe(403);
    expect(res.head).toMatch(/Content-Type: text\/plain/);
    expect((await res.reader.readAll()).toString('latin1')).toBe(
      `403 Forbidden\nDestination refused: 10.0.0.1 port ${echo.port} is in private address space; ` +
        'this proxy does not connect to private, loopback or other special-purpose addresses.\n',
    );
    // A name: what it resolved to, and the address that made it refused.
    const named = await httpConnect(httpProxy.port, `mixed.example:${echo.port}`, { auth: creds(httpProxy) });
    expect((await named.reader.readAll()).toString('latin1')).toContain(
      `Destination refused: mixed.example (127.0.0.1 port ${echo.port}) is in loopback address space`,
    );
    const forward = await httpForward(httpProxy.port, `http://[fe80::1]:${web.port}/`, { auth: creds(httpProxy) });
    expect(forward.status).toBe(403);
    expect(forward.body).toContain(`fe80:0:0:0:0:0:0:1 port ${web.port} is in link-local address space`);
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
    const own = await httpConnect(p.port, `127.0.0.1:${p.port}`, { auth: creds(p) });
    expect(own.status).toBe(403);
    expect((await own.reader.readAll()).toString('latin1')).toContain(
      `Destination refused: 127.0.0.1 port ${p.port} is a port of this proxy server itself.`,
    );
    const s = await addProxy(gw, { protocol: 'socks5' });
    const res = await socksConnect(s.port, { ipv4: '127.0.0.1' }, panel.port, { auth: creds(s) });
    expect(res).toMatchObject({ step: 'request', code: 0x02 });
  });
});
