/**
 * IPv6 egress from a routed prefix, end to end: the panel built with IPV6_PREFIX, v6 proxies
 * bought through the API, and tunnels through the embedded gateway to an IPv6 target that reports
 * the address each connection came from. Each proxy must egress from its own address of the prefix.
 *
 * The host is set up the way docs/operations.md#ipv6-egress says (and restored after):
 *   ip -6 route add local PREFIX dev lo
 *   sysctl -w net.ipv6.ip_nonlocal_bind=1
 * That needs CAP_NET_ADMIN (root) and IPv6; without them the test says why and is reported skipped.
 *
 * The prefix is not the 2001:db8:77::/64 of the gateway's unit test: that test adds and removes its
 * route around its own run, and vitest may run both files at once.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIp, parseIp } from '../../gateway/src/protocol/ssrf.js';
import { httpConnect, socksConnect, startEcho, type Target } from '../../gateway/test/test-utils.js';
import { build, customer, livePorts, startLive, waitForListening, type LiveStack, type TestApp } from './helper.js';

const PREFIX = '2001:db8:78::/64';
const NONLOCAL_BIND = '/proc/sys/net/ipv6/ip_nonlocal_bind';
const CAP_NET_ADMIN = 12;

function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' }).trim();
}

/** Why this host cannot run the test, or null. Probed when the file is collected, changing nothing. */
async function unsupported(): Promise<string | null> {
  const ipv6 = await new Promise<string | null>((resolve) => {
    const probe = net.createServer();
    probe.once('error', (err) => resolve(String(err)));
    probe.listen(0, '::1', () => probe.close(() => resolve(null)));
  });
  if (ipv6 !== null) {
    return `no IPv6 loopback (cannot listen on ::1: ${ipv6})`;
  }
  const capEff = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (capEff === undefined || (BigInt(`0x${capEff}`) & (1n << BigInt(CAP_NET_ADMIN))) === 0n) {
    return `no CAP_NET_ADMIN (uid ${process.getuid?.()}, CapEff ${capEff ?? '?'}): cannot add a local route for ${PREFIX}`;
  }
  try {
    run('ip', ['-6', 'route', 'show', 'table', 'local']);
    run('sysctl', ['-n', 'net.ipv6.ip_nonlocal_bind']);
  } catch (err) {
    return `the ip or sysctl command is missing or fails: ${String(err)}`;
  }
  try {
    accessSync(NONLOCAL_BIND, constants.W_OK);
  } catch (err) {
    return `${NONLOCAL_BIND} is not writable here: ${String(err)}`;
  }
  return null;
}

const skipReason = await unsupported();
if (skipReason !== null) {
  console.warn(`SKIPPED ipv6.integration.test.ts: ${skipReason}`);
}

let t: TestApp | null = null;
let live: LiveStack | null = null;
let echo6: Target | null = null;
let addedRoute = false;
let nonlocalBefore: string | null = null;

beforeAll(async () => {
  if (skipReason !== null) {
    return;
  }
  if (!run('ip', ['-6', 'route', 'show', 'table', 'local', PREFIX]).includes('2001:db8:78::')) {
    run('ip', ['-6', 'route', 'add', 'local', PREFIX, 'dev', 'lo']);
    addedRoute = true;
  }
  nonlocalBefore = run('sysctl', ['-n', 'net.ipv6.ip_nonlocal_bind']);
  if (nonlocalBefore !== '1') {
    run('sysctl', ['-w', 'net.ipv6.ip_nonlocal_bind=1']);
  }
  echo6 = await startEcho('::1');
  t = await build({ IPV6_PREFIX: PREFIX, GATEWAY_ALLOW_PRIVATE: '1', ...livePorts() });
  live = await startLive(t);
}, 60_000);

afterAll(async () => {
  const errors: unknown[] = [];
  const steps: Array<() => unknown> = [
    () => live?.stop(),
    () => t?.close(),
    () => echo6?.close(),
    () => {
      if (nonlocalBefore !== null && nonlocalBefore !== '1') {
        run('sysctl', ['-w', `net.ipv6.ip_nonlocal_bind=${nonlocalBefore}`]);
      }
    },
    () => {
      if (addedRoute) {
        run('ip', ['-6', 'route', 'del', 'local', PREFIX, 'dev', 'lo']);
      }
    },
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) {
    throw new AggregateError(errors, 'cleanup failed');
  }
}, 30_000);

/** An address as the target reports it (Node's compressed form). */
function canonical(address: string): string {
  const ip = parseIp(address);
  if (ip === null) {
    throw new Error(`not an IP address: ${address}`);
  }
  return formatIp(ip);
}

/** The first 64 bits of an IPv6 address, for "inside the /64" checks. */
function network64(address: string): string {
  const ip = parseIp(address);
  if (ip === null || ip.family !== 6) {
    throw new Error(`not an IPv6 address: ${address}`);
  }
  return ip.v6.slice(0, 4).join(':');
}

interface Bought {
  id: string;
  port: number;
  protocol: 'http' | 'socks5';
  username: string;
  password: string;
  egressIp: string;
}

describe('IPv6 egress from a routed prefix', () => {
  it.skipIf(skipReason !== null)(
    'should egress two bought v6 proxies from two different addresses inside IPV6_PREFIX',
    async () => {
      const app = t as TestApp;
      const target = echo6 as Target;
      const c = await customer(app, 1_000_000);
      // v6 retail is sold in steps of 50 in the demo catalogue.
      const res = await app.inject({
        method: 'POST',
        url: '/api/v6-proxy/buy-retail',
        token: c.token,
        payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const proxies = res.json<{ proxies: Bought[] }>().proxies;
      expect(proxies).toHaveLength(50);
      for (const p of proxies) {
        expect(network64(p.egressIp), p.egressIp).toBe(network64(PREFIX.split('/')[0] as string));
      }
      const a = proxies[0] as Bought;
      const b = proxies.find((p) => canonical(p.egressIp) !== canonical(a.egressIp)) as Bought;
      expect(b).toBeDefined();
      await waitForListening(a.port);
      await waitForListening(b.port);

      // HTTP CONNECT to the IPv6 target through each proxy: the target sees each proxy's own address.
      const seen: string[] = [];
      for (const p of [a, b]) {
        const r = await httpConnect(p.port, `[::1]:${target.port}`, { auth: [p.username, p.password] });
        expect(r.status, r.head).toBe(200);
        seen.push(await r.reader.readLine());
        r.reader.socket.destroy();
      }
      console.info(`egress through two v6 proxies: ${seen.join(', ')} (prefix ${PREFIX})`);
      expect(seen[0]).toBe(canonical(a.egressIp));
      expect(seen[1]).toBe(canonical(b.egressIp));
      expect(seen[0]).not.toBe(seen[1]);
      for (const address of seen) {
        expect(network64(address)).toBe(network64('2001:db8:78::'));
      }

      // And over SOCKS5: a proxy of a SOCKS5 order egresses from its own address of the prefix too.
      const socksRes = await app.inject({
        method: 'POST',
        url: '/api/v6-proxy/buy-retail',
        token: c.token,
        payload: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 }, protocol: 'socks5' },
      });
      expect(socksRes.statusCode, socksRes.body).toBe(200);
      const s = socksRes.json<{ proxies: Bought[] }>().proxies[0] as Bought;
      await waitForListening(s.port);
      const socks = await socksConnect(s.port, { ipv6: '::1' }, target.port, { auth: [s.username, s.password] });
      expect(socks).toMatchObject({ step: 'request', code: 0x00 });
      const viaSocks = await socks.reader.readLine();
      socks.reader.socket.destroy();
      expect(viaSocks).toBe(canonical(s.egressIp));
      expect(network64(viaSocks)).toBe(network64('2001:db8:78::'));
      expect(seen).not.toContain(viaSocks);
    },
    60_000,
  );
});
