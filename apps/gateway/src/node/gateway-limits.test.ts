/** The gateway over real sockets: deadlines, idle tunnels and connect timeouts (on a ManualClock), limits, backpressure. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../io/clock.js';
import { DnsCache, type DnsAnswer } from '../io/dns-cache.js';
import type { Gateway } from './gateway.js';
import {
  addProxy,
  creds,
  echo,
  gw,
  roundTrip,
  sleep,
  stalled,
  startServer,
  testGateway,
  tunnel,
  useFixture,
  writeAlone,
} from '../../test/gateway-fixture.js';
import { basic, connect, httpConnect, socksConnect } from '../../test/test-utils.js';

useFixture();

describe('limits', () => {
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

/**
 * Deadlines and the idle sweep run on a ManualClock: time moves only when a test advances it, so
 * these tests assert the exact moment something closes instead of inferring it from wall time.
 */
describe('timeouts (manual clock)', () => {
  // Over 80 lines: a describe block is as long as its tests, each of which is short.
  const timeouts = { headerMs: 400, socksHandshakeMs: 400, connectMs: 300, idleMs: 400 };
  let clock: ManualClock;
  let g: Gateway;

  beforeEach(() => {
    clock = new ManualClock();
    g = testGateway({ clock, timeouts });
  });

  afterEach(() => g.close());

  it('should close a client that does not finish its request head in time, however it trickles', async () => {
    const p = await addProxy(g);
    const silent = await connect(p.port);
    await vi.waitFor(() => expect(clock.pending()).toEqual([400]));
    clock.advance(399);
    expect(clock.pending()).toEqual([1]);
    clock.advance(1);
    await silent.closed;
    // Trickling bytes does not extend the deadline: it stays where accept put it.
    const slow = await connect(p.port);
    await vi.waitFor(() => expect(clock.pending()).toEqual([400]));
    for (let i = 0; i < 3; i++) {
      await writeAlone(slow.socket, 'X');
      // The gateway has read the byte before the clock moves: a bad request sent after it is
      // answered by the same event loop, which reads the sockets readable before it first. (A
      // tunnel would start the idle sweep on this clock; the refused probe leaves no timer.)
      const probe = await connect(p.port);
      probe.socket.write('NOT HTTP\r\n\r\n');
      expect((await probe.readAll()).toString()).toMatch(/^HTTP\/1\.1 400 /);
      await vi.waitFor(() => expect(clock.pending()).toEqual([400 - i * 100]));
      clock.advance(100);
      expect(clock.pending()).toEqual([300 - i * 100]);
    }
    clock.advance(100);
    await slow.closed;
  });

  it('should close a SOCKS5 client that stalls in the handshake', async () => {
    const p = await addProxy(g, { protocol: 'socks5' });
    const reader = await connect(p.port);
    reader.socket.write(Buffer.from([0x05, 0x01, 0x02]));
    expect([...(await reader.readBytes(2))]).toEqual([0x05, 0x02]);
    clock.advance(399);
    expect(reader.isClosed).toBe(false);
    clock.advance(1);
    await reader.closed;
  });

  it('should close a tunnel that carries no bytes for the idle time, and stop sweeping once none is left', async () => {
    const p = await addProxy(g);
    const t = await tunnel(p);
    expect(await roundTrip(t.reader, 'still here')).toBe('still here');
    // The sweep runs every idleMs / 8 = 50 ms; the tunnel goes within one period after idleMs.
    expect(clock.pending()).toEqual([50]);
    clock.advance(450);
    await t.reader.closed;
    await vi.waitFor(() => expect(g.stats().tunnels).toBe(0));
    clock.advance(50);
    expect(clock.pending()).toEqual([]);
  });

  it('should not count a tunnel whose client left before its 200, and go on sweeping the others', async () => {
    // The destination's name resolves when the test says so. The gateway reads nothing from the
    // client while it connects, so it learns of the reset only when its 200 cannot be written.
    const asked: Array<(answer: DnsAnswer) => void> = [];
    const dns = new DnsCache({ resolve: () => new Promise((resolve) => asked.push(resolve)) });
    const h = testGateway({ clock, timeouts, dns });
    try {
      const p = await addProxy(h);
      const gone = await connect(p.port);
      gone.socket.write(
        `CONNECT later.test:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${basic(...creds(p))}\r\n\r\n`,
      );
      await vi.waitFor(() => expect(asked).toHaveLength(1));
      gone.socket.resetAndDestroy();
      await gone.closed;
      asked[0]?.({ addresses: ['127.0.0.1'], ttlSec: 60 });
      await vi.waitFor(() => expect(h.stats().connections).toBe(0));
      expect(h.stats().tunnels).toBe(0);
      // The next tunnel is the only one open: the sweep runs until it has closed it.
      const t = await tunnel(p);
      expect(h.stats().tunnels).toBe(1);
      clock.advance(450);
      await t.reader.closed;
      await vi.waitFor(() => expect(h.stats().tunnels).toBe(0));
    } finally {
      await h.close();
    }
  });

  it('should close a tunnel at the idle time after its last byte, whichever way bytes went', async () => {
    const { idleMs } = timeouts;
    const targets: Socket[] = [];
    // A destination that sends only when the test says so.
    const ticker = await startServer((s) => targets.push(s));
    try {
      const p = await addProxy(g);
      const up = await tunnel(p);
      const down = await httpConnect(p.port, `127.0.0.1:${ticker.port}`, { auth: creds(p) });
      expect(down.status).toBe(200);
      await vi.waitFor(() => expect(targets).toHaveLength(1));
      // Quiet exactly as long as the other two; its answer shows their time is not up yet.
      const probe = await tunnel(p);
      // Three idle times of bytes: client to destination (and the echo back) on `up`,
      // destination to client alone on `down`. Both stay open.
      for (let i = 0; i < 12; i++) {
        clock.advance(idleMs / 4);
        expect(await roundTrip(up.reader, 'x')).toBe('x');
        (targets[0] as Socket).write('t');
        expect((await down.reader.readBytes(1)).toString()).toBe('t');
        expect(await roundTrip(probe.reader, 'p')).toBe('p');
      }
      clock.advance(idleMs);
      expect(await roundTrip(probe.reader, 'p')).toBe('p');
      // One sweep period later both are closed; the probe, which just moved a byte, is not.
      clock.advance(idleMs / 8);
      await Promise.all([up.reader.closed, down.reader.closed]);
      expect(probe.reader.isClosed).toBe(false);
    } finally {
      await ticker.close();
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
    try {
      const port = Number((await once(child.stdout, 'data')).toString());
      const queued = [await connect(port), await connect(port)];
      const p = await addProxy(g);
      const res = httpConnect(p.port, `127.0.0.1:${port}`, { auth: creds(p) });
      // The header deadline is replaced by the connect timer once the request is in.
      await vi.waitFor(() => expect(clock.pending()).toEqual([300]));
      clock.advance(299);
      expect(clock.pending()).toEqual([1]);
      clock.advance(1);
      expect((await res).status).toBe(504);
      const s = await addProxy(g, { protocol: 'socks5' });
      const socks = socksConnect(s.port, { ipv4: '127.0.0.1' }, port, { auth: creds(s) });
      await vi.waitFor(() => expect(clock.pending()).toContain(300));
      clock.advance(300);
      expect(await socks).toMatchObject({ step: 'request', code: 0x04 });
      queued.forEach((q) => q.socket.destroy());
    } finally {
      child.kill();
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

describe('relay buffers', () => {
  /** `size` bytes that differ from one position and one connection to the next. */
  function pattern(seed: number, size: number): Buffer {
    const b = Buffer.allocUnsafe(size);
    let x = seed >>> 0 || 1;
    for (let i = 0; i < size; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      b[i] = x & 0xff;
    }
    return b;
  }

  it('should deliver every byte in order to concurrent clients, fast and stalled, and meter them exactly', async () => {
    // The destination → client direction reads into buffers shared between sockets and reused
    // between reads (relay.ts); a byte written from a buffer that another read has overwritten
    // would show here as a different payload. Some clients stop reading for a while, so writes wait
    // and the gateway must keep their buffers; sizes mix small writes and bulk.
    const sizes = [1, 1_500, 2_048, 70_000, 3 * 2 ** 20, 9 * 2 ** 20, 1.5 * 2 ** 20, 1.5 * 2 ** 20];
    const source = await startServer((s) => {
      s.once('data', (d: Buffer) => {
        const i = d.readUInt8(0);
        const body = pattern(i + 1, sizes[i] as number);
        // Small writes, then the bulk, so each socket meets the shared buffer and its own; the
        // last two then trickle small writes, which land in a 64 KiB buffer while the stalled
        // client's writes wait below the high-water mark (no 'drain' is due then).
        s.write(body.subarray(0, 100));
        const bulkEnd = i >= 6 ? 2 ** 20 : body.length;
        setTimeout(() => {
          if (bulkEnd === body.length) {
            s.end(body.subarray(100));
            return;
          }
          s.write(body.subarray(100, bulkEnd));
          let at = bulkEnd;
          const trickle = () => {
            const to = Math.min(body.length, at + 3_000);
            s.write(body.subarray(at, to));
            at = to;
            if (at < body.length) {
              setImmediate(trickle);
            } else {
              s.end();
            }
          };
          trickle();
        }, 20);
      });
    });
    try {
      const p = await addProxy(gw);
      const before = gw.meter.unacked(p.id);
      const runs = sizes.map(async (size, i) => {
        const res = await httpConnect(p.port, `127.0.0.1:${source.port}`, { auth: creds(p) });
        expect(res.status).toBe(200);
        const socket = res.reader.socket;
        socket.write(Buffer.from([i]));
        if (i % 2 === 1) {
          socket.pause();
          await sleep(300);
          socket.resume();
        }
        return { i, got: await res.reader.readAll() };
      });
      for (const { i, got } of await Promise.all(runs)) {
        expect(got.length, `client ${i}`).toBe(sizes[i]);
        expect(got.equals(pattern(i + 1, sizes[i] as number)), `client ${i} payload`).toBe(true);
      }
      const total = sizes.reduce((a, b) => a + b, 0);
      // bytesOut: every byte the destinations sent; bytesIn: each client's one request byte.
      await vi.waitFor(() => expect(gw.meter.unacked(p.id) - before).toBe(total + sizes.length));
    } finally {
      await source.close();
    }
  }, 60_000);
});
