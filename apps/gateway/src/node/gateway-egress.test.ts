/** The gateway over real sockets: egress local ports and IPv6 egress. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addProxy, creds, echo, gw, testGateway, tunnel, useFixture } from '../../test/gateway-fixture.js';
import { httpConnect, socksConnect, startEcho, type Target } from '../../test/test-utils.js';

useFixture();

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
