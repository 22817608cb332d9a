/** SOCKS5 UDP ASSOCIATE (RFC 1928 §7) over real TCP and UDP sockets: the relay, its rules, its end. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../io/clock.js';
import { DnsCache } from '../io/dns-cache.js';
import { MAX_LOOKUPS } from '../io/udp.js';
import { addProxy, creds, gw, testGateway, useFixture } from '../../test/gateway-fixture.js';
import { socksConnect } from '../../test/test-utils.js';
import { parseRelayed, startUdpEcho, udpDatagram, UdpClient, type UdpEcho } from '../../test/udp-utils.js';
import type { GatewayProxy } from '../sync/state.js';

useFixture();

let udpEcho: UdpEcho;
beforeAll(async () => {
  udpEcho = await startUdpEcho();
});
afterAll(() => udpEcho.close());

/** UDP ASSOCIATE on `p` with its credentials; `port` is the source port the client announces. */
function associate(p: GatewayProxy, port = 0, auth: [string, string] | undefined = creds(p)) {
  return socksConnect(p.port, { ipv4: '0.0.0.0' }, port, { auth, command: 0x03 });
}

/** Sends `text` to the UDP echo through the relay and returns what came back. */
async function exchange(client: UdpClient, relayPort: number, text: string, host = '127.0.0.1', port = udpEcho.port) {
  client.send(udpDatagram(host, port, text), relayPort);
  return parseRelayed((await client.next()).msg);
}

describe('SOCKS5 UDP ASSOCIATE', () => {
  it('should relay datagrams both ways from the egress address, with the source in the header', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', egressIp: '127.0.0.2' });
    const client = await UdpClient.open();
    const res = await associate(p, client.port);
    expect(res).toMatchObject({ step: 'request', code: 0x00, bound: { address: '127.0.0.1' } });
    const relayPort = res.bound?.port as number;
    const back = await exchange(client, relayPort, 'ping over udp');
    expect(back).toMatchObject({ host: '127.0.0.1', port: udpEcho.port });
    expect(back.data.toString()).toBe('ping over udp');
    expect(udpEcho.sources.at(-1)).toBe('127.0.0.2');
    // A name is resolved in the proxy's family, as on the TCP path.
    const named = await exchange(client, relayPort, 'by name', 'localhost');
    expect(named.data.toString()).toBe('by name');
    res.reader.socket.destroy();
    await client.close();
  });

  it('should let a whitelisted client IP in without credentials, and refuse a wrong password', async () => {
    const p = await addProxy(gw, { authIps: ['127.0.0.1'] });
    const client = await UdpClient.open();
    const res = await associate(p, 0, undefined);
    expect(res.code).toBe(0x00);
    expect((await exchange(client, res.bound?.port as number, 'by ip')).data.toString()).toBe('by ip');
    const q = await addProxy(gw);
    expect(await associate(q, 0, [q.username as string, 'wrong'])).toMatchObject({ step: 'auth', code: 0x01 });
    res.reader.socket.destroy();
    await client.close();
  });

  it('should drop fragments and datagrams from another address, and count only relayed bytes', async () => {
    const p = await addProxy(gw);
    const client = await UdpClient.open();
    const intruder = await UdpClient.open('127.0.0.3');
    const other = await UdpClient.open();
    const res = await associate(p);
    const relayPort = res.bound?.port as number;
    const before = gw.stats().udpDropped;
    const received = udpEcho.received();
    gw.meter.drain();
    // The first datagram fixes the client's port; the fragment is dropped, the next one relayed.
    expect((await exchange(client, relayPort, 'first')).data.toString()).toBe('first');
    client.send(udpDatagram('127.0.0.1', udpEcho.port, 'fragment', 1), relayPort);
    intruder.send(udpDatagram('127.0.0.1', udpEcho.port, 'intruder'), relayPort);
    other.send(udpDatagram('127.0.0.1', udpEcho.port, 'other port'), relayPort);
    await vi.waitFor(() => {
      const now = gw.stats().udpDropped;
      expect(now.frag).toBe(before.frag + 1);
      expect(now.source).toBe(before.source + 2);
    });
    expect((await exchange(client, relayPort, 'second')).data.toString()).toBe('second');
    expect(udpEcho.received() - received).toBe('firstsecond'.length);
    expect(intruder.count + other.count).toBe(0);
    const counted = gw.meter.drain()?.counters.find((c) => c.proxyId === p.id);
    expect(counted).toMatchObject({ bytesIn: 11, bytesOut: 11 });
    res.reader.socket.destroy();
    await Promise.all([client.close(), intruder.close(), other.close()]);
  });

  it('should end the association with its TCP connection', async () => {
    const p = await addProxy(gw);
    const client = await UdpClient.open();
    const res = await associate(p);
    const relayPort = res.bound?.port as number;
    expect((await exchange(client, relayPort, 'alive')).data.toString()).toBe('alive');
    const tunnels = gw.stats().tunnels;
    res.reader.socket.end();
    await res.reader.closed;
    await vi.waitFor(() => expect(gw.stats().tunnels).toBe(tunnels - 1));
    // The relay's port is free again: its socket is closed.
    const taker = await UdpClient.openOn(relayPort);
    await taker.close();
    await client.close();
  });

  it('should refuse special-purpose destinations and the node’s own ports', async () => {
    const strict = testGateway({ allowPrivate: false });
    try {
      const p = await addProxy(strict);
      const client = await UdpClient.open();
      const res = await associate(p);
      client.send(udpDatagram('127.0.0.1', udpEcho.port, 'to loopback'), res.bound?.port as number);
      client.send(udpDatagram('10.0.0.1', 53, 'to private'), res.bound?.port as number);
      await vi.waitFor(() => expect(strict.stats().udpDropped.forbidden).toBe(2));
      res.reader.socket.destroy();
      await client.close();
    } finally {
      await strict.close();
    }
    const p = await addProxy(gw);
    const client = await UdpClient.open();
    const res = await associate(p);
    const before = gw.stats().udpDropped.forbidden;
    client.send(udpDatagram('127.0.0.1', p.port, 'to itself'), res.bound?.port as number);
    await vi.waitFor(() => expect(gw.stats().udpDropped.forbidden).toBe(before + 1));
    res.reader.socket.destroy();
    await client.close();
  });

  it('should judge an IPv4-mapped IPv6 destination as the IPv4 address it carries', async () => {
    const strict = testGateway({ allowPrivate: false });
    try {
      const received = udpEcho.received();
      // An IPv4 proxy, and an IPv6 one whose socket is bound to a mapped address: from that one a
      // mapped destination would leave over IPv4, to loopback.
      for (const egressIp of ['127.0.0.2', '::ffff:127.0.0.2']) {
        const p = await addProxy(strict, { egressIp });
        const client = await UdpClient.open();
        const res = await associate(p, client.port);
        const before = strict.stats().udpDropped.forbidden;
        client.send(udpDatagram('::ffff:7f00:1', udpEcho.port, 'to mapped loopback'), res.bound?.port as number);
        await vi.waitFor(() => expect(strict.stats().udpDropped.forbidden).toBe(before + 1));
        res.reader.socket.destroy();
        await client.close();
      }
      // Each was dropped before any send.
      expect(udpEcho.received()).toBe(received);
      expect(strict.stats().udpDropped.family).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it('should drop datagrams, never sending from another address, when the egress address is not on this host', async (ctx) => {
    if (readFileSync('/proc/sys/net/ipv4/ip_nonlocal_bind', 'utf8').trim() !== '0') {
      return ctx.skip('net.ipv4.ip_nonlocal_bind is on: any address can be bound here');
    }
    const errors: string[] = [];
    const log = { info() {}, warn() {}, error: (_obj: object, msg: string) => errors.push(msg) };
    const misconfigured = testGateway({ logger: log });
    try {
      const p = await addProxy(misconfigured, { egressIp: '192.0.2.7' });
      const client = await UdpClient.open();
      const res = await associate(p, client.port);
      expect(res.code).toBe(0x00);
      const received = udpEcho.received();
      // The first datagram opens the egress socket, whose bind fails; the second finds it failed.
      client.send(udpDatagram('127.0.0.1', udpEcho.port, 'first'), res.bound?.port as number);
      client.send(udpDatagram('127.0.0.1', udpEcho.port, 'second'), res.bound?.port as number);
      await vi.waitFor(() => expect(misconfigured.stats().udpDropped.egress).toBe(2));
      expect(udpEcho.received()).toBe(received);
      expect(errors).toEqual(['egress address is not configured on this host (bind: EADDRNOTAVAIL)']);
      res.reader.socket.destroy();
      await client.close();
    } finally {
      await misconfigured.close();
    }
  });

  it('should cap the name lookups in flight per association, dropping the datagrams beyond', async () => {
    const asked: string[] = [];
    // A resolver that never answers: every lookup stays in flight, holding its datagram.
    const dns = new DnsCache({
      resolve: (name) => {
        asked.push(name);
        return new Promise(() => {});
      },
    });
    const g = testGateway({ dns });
    try {
      const p = await addProxy(g);
      const client = await UdpClient.open();
      const res = await associate(p, client.port);
      const n = MAX_LOOKUPS + 24;
      for (let i = 0; i < n; i++) {
        client.send(udpDatagram(`n${i}.test`, 53, 'query'), res.bound?.port as number);
      }
      await vi.waitFor(() => expect(asked.length + g.stats().udpDropped.dns).toBe(n));
      expect(asked).toHaveLength(MAX_LOOKUPS);
      expect(g.stats().udpDropped.dns).toBe(n - MAX_LOOKUPS);
      res.reader.socket.destroy();
      await client.close();
    } finally {
      await g.close();
    }
  });

  it('should answer each destination with its own header while the client switches between them', async () => {
    // The relay remembers the last destination (no parse, no rule, no lookup for the next datagram
    // to it): switching must still give every reply its own source, and judge every new target.
    const other = await startUdpEcho();
    try {
      const p = await addProxy(gw);
      const client = await UdpClient.open();
      const res = await associate(p, client.port);
      const relayPort = res.bound?.port as number;
      for (const [port, text] of [
        [udpEcho.port, 'a1'],
        [udpEcho.port, 'a2'],
        [other.port, 'b1'],
        [udpEcho.port, 'a3'],
        [other.port, 'b2'],
        [other.port, 'b3'],
      ] as const) {
        const back = await exchange(client, relayPort, text, '127.0.0.1', port);
        expect(back).toMatchObject({ host: '127.0.0.1', port });
        expect(back.data.toString()).toBe(text);
      }
      // Two in flight: the first reply comes back while the other destination is the last one.
      client.send(udpDatagram('127.0.0.1', udpEcho.port, 'a4'), relayPort);
      client.send(udpDatagram('127.0.0.1', other.port, 'b4'), relayPort);
      const both = [parseRelayed((await client.next()).msg), parseRelayed((await client.next()).msg)];
      expect(Object.fromEntries(both.map((r) => [r.data.toString(), r.port]))).toEqual({
        a4: udpEcho.port,
        b4: other.port,
      });
      const before = gw.stats().udpDropped.forbidden;
      client.send(udpDatagram('127.0.0.1', p.port, 'to itself after an allowed one'), relayPort);
      await vi.waitFor(() => expect(gw.stats().udpDropped.forbidden).toBe(before + 1));
      expect((await exchange(client, relayPort, 'b5', '127.0.0.1', other.port)).data.toString()).toBe('b5');
      res.reader.socket.destroy();
      await client.close();
    } finally {
      await other.close();
    }
  });

  it('should close the association at the quota, dropping the datagram that crosses it', async () => {
    const p = await addProxy(gw, { bandwidthLimitBytes: 100, bandwidthUsedBytes: 0 });
    const client = await UdpClient.open();
    const res = await associate(p);
    const relayPort = res.bound?.port as number;
    expect((await exchange(client, relayPort, 'x'.repeat(40))).data.length).toBe(40);
    const received = udpEcho.received();
    client.send(udpDatagram('127.0.0.1', udpEcho.port, 'y'.repeat(40)), relayPort);
    await res.reader.closed;
    expect(udpEcho.received()).toBe(received);
    await client.close();
  });

  it('should refuse UDP ASSOCIATE on a chained proxy with 0x07', async () => {
    const p = await addProxy(gw, {
      upstream: { protocol: 'socks5', host: '127.0.0.1', port: 9, username: null, password: null },
    });
    expect(await associate(p)).toMatchObject({ step: 'request', code: 0x07 });
  });

  it('should reach IPv4 destinations from an IPv6 proxy only with its IPv4 fallback on', async () => {
    const p = await addProxy(gw, { egressIp: '::1' });
    const client = await UdpClient.open();
    const res = await associate(p);
    const before = gw.stats().udpDropped.family;
    client.send(udpDatagram('127.0.0.1', udpEcho.port, 'v4 please'), res.bound?.port as number);
    await vi.waitFor(() => expect(gw.stats().udpDropped.family).toBe(before + 1));
    res.reader.socket.destroy();
    const q = await addProxy(gw, { egressIp: '::1', ipv4Fallback: true });
    const res2 = await associate(q);
    expect((await exchange(client, res2.bound?.port as number, 'v4 fallback')).data.toString()).toBe('v4 fallback');
    res2.reader.socket.destroy();
    await client.close();
  });

  it('should close an association idle for the idle time', async () => {
    const clock = new ManualClock();
    const g = testGateway({ clock, timeouts: { idleMs: 400 } });
    try {
      const p = await addProxy(g);
      const client = await UdpClient.open();
      const res = await associate(p);
      expect((await exchange(client, res.bound?.port as number, 'once')).data.toString()).toBe('once');
      clock.advance(200);
      expect(res.reader.isClosed).toBe(false);
      clock.advance(250);
      await res.reader.closed;
      await client.close();
    } finally {
      await g.close();
    }
  });

  it('should hold 1,000 concurrent associations on one node, each relaying', async () => {
    const g = testGateway({ limits: { connectionsPerProxy: 2_000, unauthenticatedPerIp: 2_000 } });
    const N = 1_000;
    const open: Array<{ client: UdpClient; res: Awaited<ReturnType<typeof associate>> }> = [];
    try {
      const p = await addProxy(g);
      // A real client loop: 50 handshakes in flight at a time.
      for (let i = 0; i < N; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, N - i) }, async () => {
            const client = await UdpClient.open();
            const res = await associate(p, client.port);
            expect(res.code).toBe(0x00);
            return { client, res };
          }),
        );
        open.push(...batch);
      }
      expect(g.stats().tunnels).toBe(N);
      // Every association relays while all are open (in batches: the one echo socket's receive
      // buffer would overflow with a thousand datagrams at once).
      const answers: string[] = [];
      for (let i = 0; i < N; i += 50) {
        const batch = open.slice(i, i + 50);
        const got = await Promise.all(
          batch.map(
            async ({ client, res }, j) => (await exchange(client, res.bound?.port as number, `n${i + j}`)).data,
          ),
        );
        answers.push(...got.map(String));
      }
      expect(answers).toEqual(open.map((_, i) => `n${i}`));
    } finally {
      for (const { client, res } of open) {
        res.reader.socket.destroy();
        await client.close();
      }
      await g.close();
    }
  }, 60_000);
});
