/**
 * Chained proxies over real sockets (docs/gateway-protocol.md#chaining): the customer connects to
 * our port as to any proxy, and the gateway dials the destination through a local fake upstream
 * (HTTP CONNECT or SOCKS5, with credentials), answering a clear refusal when the upstream fails.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import type { TGatewayUpstream } from '@proxy/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../io/clock.js';
import type { Gateway, GatewayLogger } from './gateway.js';
import {
  addProxy,
  creds,
  echo,
  gw,
  roundTrip,
  testGateway,
  tunnel,
  update,
  useFixture,
  web,
} from '../../test/gateway-fixture.js';
import { startFakeUpstream, type FakeUpstream } from '../../test/fake-upstream.js';
import { freePort, httpConnect, httpForward, socksConnect } from '../../test/test-utils.js';

useFixture();

const UPSTREAM_USER = 'supplier-user';
const UPSTREAM_PASS = 'supplier-secret-77';
/** The upstream's exit address: shown to the customer, never bound by the node. */
const EXIT_IP = '198.51.100.7';

let httpUp: FakeUpstream;
let socksUp: FakeUpstream;

beforeAll(async () => {
  httpUp = await startFakeUpstream({ protocol: 'http', auth: [UPSTREAM_USER, UPSTREAM_PASS] });
  socksUp = await startFakeUpstream({ protocol: 'socks5', auth: [UPSTREAM_USER, UPSTREAM_PASS] });
});

afterAll(async () => {
  await Promise.all([httpUp.close(), socksUp.close()]);
});

function via(
  up: { port: number },
  protocol: 'http' | 'socks5',
  over: Partial<TGatewayUpstream> = {},
): TGatewayUpstream {
  return { protocol, host: '127.0.0.1', port: up.port, username: UPSTREAM_USER, password: UPSTREAM_PASS, ...over };
}

function chained(upstream: TGatewayUpstream, protocol: 'http' | 'socks5' = 'http') {
  return addProxy(gw, { protocol, egressIp: EXIT_IP, upstream });
}

describe('chaining: traffic goes through the upstream', () => {
  for (const kind of ['http', 'socks5'] as const) {
    const up = () => (kind === 'http' ? httpUp : socksUp);

    it(`should tunnel CONNECT through a ${kind} upstream`, async () => {
      const p = await chained(via(up(), kind));
      const asked = up().targets().length;
      const t = await tunnel(p);
      // The echo sees the upstream's connection (loopback), not an egress address of this node.
      expect(t.seenFrom).toBe('127.0.0.1');
      expect(up().targets().slice(asked)).toEqual([`127.0.0.1:${echo.port}`]);
      expect(await roundTrip(t.reader, 'hello through the chain')).toBe('hello through the chain');
      t.reader.socket.end();
      await t.reader.closed;
    });

    it(`should carry a SOCKS5 client's domain target to a ${kind} upstream unresolved`, async () => {
      const p = await chained(via(up(), kind), 'socks5');
      const asked = up().targets().length;
      const res = await socksConnect(p.port, { domain: 'localhost' }, echo.port, { auth: creds(p) });
      expect(res).toMatchObject({ step: 'request', code: 0x00 });
      expect(await res.reader.readLine()).toBe('127.0.0.1');
      expect(up().targets().slice(asked)).toEqual([`localhost:${echo.port}`]);
      res.reader.socket.destroy();
    });

    it(`should forward an absolute-URI request through a ${kind} upstream`, async () => {
      const p = await chained(via(up(), kind));
      const res = await httpForward(p.port, `http://127.0.0.1:${web.port}/via?x=1`, { auth: creds(p), body: 'xyz' });
      expect(res.status).toBe(200);
      const seen = JSON.parse(res.body) as { url: string; body: string; headers: Record<string, string> };
      expect(seen.url).toBe('/via?x=1');
      expect(seen.body).toBe('xyz');
      expect(seen.headers['proxy-authorization']).toBeUndefined();
    });
  }

  it('should chain through an upstream that asks for no credentials', async () => {
    const open = await startFakeUpstream({ protocol: 'socks5' });
    try {
      const p = await chained(via(open, 'socks5', { username: null, password: null }));
      const t = await tunnel(p);
      expect(await roundTrip(t.reader, 'open upstream')).toBe('open upstream');
      t.reader.socket.destroy();
    } finally {
      await open.close();
    }
  });

  it("should meter the customer's bytes, not the upstream handshake", async () => {
    const p = await chained(via(socksUp, 'socks5'));
    const t = await tunnel(p);
    const greeting = t.seenFrom.length + 1;
    const payload = 'z'.repeat(50_000);
    expect(await roundTrip(t.reader, payload)).toBe(payload);
    t.reader.socket.end();
    await t.reader.closed;
    await vi.waitFor(() => expect(gw.meter.unacked(p.id)).toBe(greeting + 2 * payload.length));
  });

  it('should still refuse wrong customer credentials and special-purpose IP destinations', async () => {
    const p = await chained(via(httpUp, 'http'));
    const connections = httpUp.connections();
    const wrong = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: [p.username as string, 'nope'] });
    expect(wrong.status).toBe(407);
    const strict = testGateway({ allowPrivate: false });
    try {
      const q = await addProxy(strict, { egressIp: EXIT_IP, upstream: via(httpUp, 'http') });
      const res = await httpConnect(q.port, `10.1.2.3:80`, { auth: creds(q) });
      expect(res.status).toBe(403);
    } finally {
      await strict.close();
    }
    expect(httpUp.connections()).toBe(connections);
  });
});

describe('chaining: state changes', () => {
  it('should close tunnels through a replaced upstream and open new ones through the new one', async () => {
    const other = await startFakeUpstream({ protocol: 'http', auth: ['second', 'second-pass'] });
    try {
      const p = await chained(via(socksUp, 'socks5'));
      const old = await tunnel(p);
      const next = await update(gw, p, {
        upstream: via(other, 'http', { username: 'second', password: 'second-pass' }),
      });
      await old.reader.closed;
      const asked = socksUp.targets().length;
      const fresh = await tunnel(next);
      expect(await roundTrip(fresh.reader, 'new upstream')).toBe('new upstream');
      expect(other.targets()).toEqual([`127.0.0.1:${echo.port}`]);
      expect(socksUp.targets().length).toBe(asked);
      fresh.reader.socket.destroy();
    } finally {
      await other.close();
    }
  });

  it('should close tunnels on a password change and let only the new password in', async () => {
    const p = await chained(via(httpUp, 'http'));
    const t = await tunnel(p);
    const next = await update(gw, p, { password: 'a-new-password-9' });
    await t.reader.closed;
    expect((await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) })).status).toBe(407);
    const again = await tunnel(next);
    again.reader.socket.destroy();
  });

  it('should make a chained proxy direct again when its upstream is removed', async () => {
    const p = await chained(via(httpUp, 'http'));
    const direct = await update(gw, p, { upstream: null, egressIp: '127.0.0.5' });
    const t = await tunnel(direct);
    expect(t.seenFrom).toBe('127.0.0.5');
    t.reader.socket.destroy();
  });
});

describe('chaining: a failing upstream gets a clear answer', () => {
  const logged: string[] = [];
  const logger: GatewayLogger = {
    info: (o, m) => logged.push(JSON.stringify(o) + m),
    warn: (o, m) => logged.push(JSON.stringify(o) + m),
    error: (o, m) => logged.push(JSON.stringify(o) + m),
  };
  let g: Gateway;
  let garbage: FakeUpstream;
  let closedPort: number;

  beforeAll(async () => {
    g = testGateway({ logger });
    garbage = await startFakeUpstream({ protocol: 'http', mode: 'garbage' });
    closedPort = await freePort();
  });

  afterAll(async () => {
    await g.close();
    await garbage.close();
    // No log line, of any level, carries an upstream credential.
    expect(logged.join('\n')).not.toContain(UPSTREAM_PASS);
    expect(logged.join('\n')).not.toContain(UPSTREAM_USER);
  });

  const cases: Array<{ name: string; upstream: () => TGatewayUpstream; body: string; socks: number }> = [
    {
      name: 'down (connection refused)',
      upstream: () => via({ port: closedPort }, 'http'),
      body: 'Upstream proxy refused the connection.',
      socks: 0x05,
    },
    {
      name: 'refusing our credentials (HTTP)',
      upstream: () => via(httpUp, 'http', { password: 'wrong-supplier-pass' }),
      body: 'Upstream proxy authentication failed.',
      socks: 0x01,
    },
    {
      name: 'refusing our credentials (SOCKS5)',
      upstream: () => via(socksUp, 'socks5', { password: 'wrong-supplier-pass' }),
      body: 'Upstream proxy authentication failed.',
      socks: 0x01,
    },
    {
      name: 'answering garbage',
      upstream: () => via(garbage, 'http'),
      body: 'Upstream proxy sent an invalid reply.',
      socks: 0x01,
    },
    {
      name: 'unable to reach the destination',
      upstream: () => via(httpUp, 'http'),
      body: 'Upstream proxy could not reach the destination.',
      socks: 0x05,
    },
  ];

  for (const c of cases) {
    it(`should answer 502 and SOCKS5 0x${c.socks.toString(16).padStart(2, '0')} to an upstream ${c.name}`, async () => {
      // The last case's destination is a closed port; the others' is the echo.
      const port = c.name.startsWith('unable') ? closedPort : echo.port;
      const p = await addProxy(g, { egressIp: EXIT_IP, upstream: c.upstream() });
      const res = await httpConnect(p.port, `127.0.0.1:${port}`, { auth: creds(p) });
      expect(res.status).toBe(502);
      const body = (await res.reader.readAll()).toString();
      expect(body).toContain(c.body);
      expect(body).not.toContain(UPSTREAM_PASS);
      expect(body).not.toContain(String(c.upstream().port));
      const s = await addProxy(g, { protocol: 'socks5', egressIp: EXIT_IP, upstream: c.upstream() });
      const socks = await socksConnect(s.port, { ipv4: '127.0.0.1' }, port, { auth: creds(s) });
      expect(socks).toMatchObject({ step: 'request', code: c.socks });
    });
  }

  it('should answer 502 unreachable for an upstream on a private address unless private access is on', async () => {
    const strict = testGateway({ allowPrivate: false, logger });
    try {
      const connections = httpUp.connections();
      const p = await addProxy(strict, { egressIp: EXIT_IP, upstream: via(httpUp, 'http') });
      // A name goes to the upstream unresolved, so only the upstream's own address is judged here.
      const res = await httpConnect(p.port, 'example.com:443', { auth: creds(p) });
      expect(res.status).toBe(502);
      expect((await res.reader.readAll()).toString()).toContain('Upstream proxy unreachable.');
      expect(httpUp.connections()).toBe(connections);
    } finally {
      await strict.close();
    }
  });
});

describe('chaining: a silent upstream times out (manual clock)', () => {
  let clock: ManualClock;
  let g: Gateway;
  let silent: FakeUpstream;

  beforeEach(async () => {
    clock = new ManualClock();
    g = testGateway({ clock, timeouts: { headerMs: 400, socksHandshakeMs: 400, connectMs: 300, idleMs: 400 } });
    silent = await startFakeUpstream({ protocol: 'socks5', mode: 'silent' });
  });

  afterEach(async () => {
    await g.close();
    await silent.close();
  });

  it('should give up within the connect timeout, which covers the upstream handshake', async () => {
    const p = await addProxy(g, { egressIp: EXIT_IP, upstream: via(silent, 'socks5') });
    const res = httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) });
    await vi.waitFor(() => expect(silent.connections()).toBe(1));
    // Connected and handshaking: the one deadline still runs from the request.
    expect(clock.pending()).toEqual([300]);
    clock.advance(299);
    clock.advance(1);
    const answer = await res;
    expect(answer.status).toBe(502);
    expect((await answer.reader.readAll()).toString()).toContain('Upstream proxy timed out.');
    const s = await addProxy(g, { protocol: 'socks5', egressIp: EXIT_IP, upstream: via(silent, 'socks5') });
    const socks = socksConnect(s.port, { domain: 'example.com' }, 443, { auth: creds(s) });
    await vi.waitFor(() => expect(silent.connections()).toBe(2));
    clock.advance(300);
    expect(await socks).toMatchObject({ step: 'request', code: 0x01 });
  });
});

const CURL = '/usr/bin/curl';
const curlMissing = (() => {
  try {
    accessSync(CURL, constants.X_OK);
    return null;
  } catch {
    return `${CURL} is not installed`;
  }
})();
if (curlMissing !== null) {
  console.warn(`chaining curl tests skipped: ${curlMissing}`);
}

function curl(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      CURL,
      ['-sS', '--max-time', '10', '--noproxy', '', ...args],
      { env: { PATH: process.env.PATH ?? '' }, timeout: 15_000 },
      (err, stdout) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, out: stdout }),
    );
  });
}

describe.skipIf(curlMissing !== null)('chaining: curl through the gateway', () => {
  it('should fetch over HTTP, CONNECT and SOCKS5 with remote names through both upstream kinds', async () => {
    for (const [up, kind] of [
      [httpUp, 'http'],
      [socksUp, 'socks5'],
    ] as const) {
      const p = await chained(via(up, kind));
      const proxy = `${p.username}:${p.password}@127.0.0.1:${p.port}`;
      const url = `http://localhost:${web.port}/curl`;
      const plain = await curl(['-x', `http://${proxy}`, url]);
      expect(plain.code).toBe(0);
      expect(JSON.parse(plain.out)).toMatchObject({ url: '/curl' });
      const tunnelled = await curl(['-p', '-x', `http://${proxy}`, url]);
      expect(JSON.parse(tunnelled.out)).toMatchObject({ url: '/curl' });
      const socks = await curl(['-x', `socks5h://${proxy}`, url]);
      expect(JSON.parse(socks.out)).toMatchObject({ url: '/curl' });
      expect(up.targets()).toContain(`localhost:${web.port}`);
    }
  });
});
