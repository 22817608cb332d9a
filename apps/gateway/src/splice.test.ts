/**
 * The splice(2) relay (splice.ts, native/splice.c) over real sockets: data both ways, exact byte
 * counts, closing from either side, the idle timeout, and the proxies it must leave to the
 * JavaScript relay. It runs when the addon is built (`npm run build:splice`); otherwise every test
 * is skipped and the reason is printed. `splice-env.ts` turns GATEWAY_SPLICE on before the gateway's
 * modules load.
 */
import './splice-env.js';
import { createHash, randomBytes } from 'node:crypto';
import net, { type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from './clock.js';
import type { Gateway } from './gateway.js';
import {
  addProxy,
  creds,
  gw,
  roundTrip,
  startServer,
  testGateway,
  tunnel,
  update,
  useFixture,
} from './gateway-fixture.js';
import { selectSplice, splicedCount, spliceKind, spliceReason } from './splice.js';
import { basic, httpConnect, socksConnect } from './test-utils.js';

const built = spliceKind === 'splice';
if (!built) {
  console.warn(`splice.test.ts: skipped, the splice relay is not in use here: ${spliceReason}`);
}

useFixture();

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Sums what the meter reports for a proxy from now on (drains everything). */
function usage(g: Gateway, proxyId: string): { bytesIn: number; bytesOut: number } {
  const total = { bytesIn: 0, bytesOut: 0 };
  const report = g.meter.drain();
  for (const row of report?.counters ?? []) {
    if (row.proxyId === proxyId) {
      total.bytesIn += row.bytesIn;
      total.bytesOut += row.bytesOut;
    }
  }
  if (report !== null) {
    g.meter.ack(report.reportId);
  }
  return total;
}

/**
 * A CONNECT through the gateway on a plain socket, its bytes after the `200` hashed as they come
 * (a big payload would be copied again and again by the shared Reader).
 */
async function rawTunnel(port: number, target: number, auth: [string, string]) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.write(`CONNECT 127.0.0.1:${target} HTTP/1.1\r\nProxy-Authorization: ${basic(...auth)}\r\n\r\n`);
  const hash = createHash('sha256');
  let head: Buffer | null = Buffer.alloc(0);
  let received = 0;
  let ready!: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  socket.on('data', (data: Buffer) => {
    let chunk: Buffer = data;
    if (head !== null) {
      head = Buffer.concat([head, chunk]);
      const i = head.indexOf('\r\n\r\n');
      if (i === -1) {
        return;
      }
      expect(head.subarray(0, i).toString()).toMatch(/^HTTP\/1\.1 200/);
      chunk = head.subarray(i + 4);
      head = null;
      ready();
    }
    received += chunk.length;
    hash.update(chunk);
  });
  const ended = new Promise<void>((resolve) => socket.on('end', resolve));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await connected;
  return { socket, ended, closed, received: () => received, digest: () => hash.digest('hex') };
}

/** A destination that sends `payload`, ends, and hashes everything it gets until the client ends. */
async function exchangeTarget(payload: Buffer) {
  const got: Array<{ digest: string; length: number }> = [];
  const sockets: Socket[] = [];
  const server = await startServer((s) => {
    sockets.push(s);
    const hash = createHash('sha256');
    let length = 0;
    s.on('data', (c: Buffer) => {
      hash.update(c);
      length += c.length;
    });
    s.on('end', () => got.push({ digest: hash.digest('hex'), length }));
    s.end(payload);
  });
  return { ...server, got, sockets };
}

describe.skipIf(!built)('splice relay', () => {
  it('should carry a large random payload both ways intact, count it exactly and close on both FINs', async () => {
    const up = randomBytes(24 * 2 ** 20 + 7);
    const down = randomBytes(40 * 2 ** 20 + 13);
    const target = await exchangeTarget(down);
    try {
      const p = await addProxy(gw);
      usage(gw, p.id);
      const t = await rawTunnel(p.port, target.port, creds(p));
      await vi.waitFor(() => expect(splicedCount()).toBe(1));
      t.socket.end(up);
      await t.ended;
      await vi.waitFor(() => expect(target.got).toHaveLength(1));
      expect(target.got[0]).toEqual({ digest: sha(up), length: up.length });
      expect(t.received()).toBe(down.length);
      expect(t.digest()).toBe(sha(down));
      // Both FINs passed: the gateway closes the tunnel and reports the final counts.
      await t.closed;
      await vi.waitFor(() => expect(splicedCount()).toBe(0));
      await vi.waitFor(() => expect(gw.stats().tunnels).toBe(0));
      expect(usage(gw, p.id)).toEqual({ bytesIn: up.length, bytesOut: down.length });
    } finally {
      await target.close();
    }
  });

  it('should report its counts while relaying, not only at the end', async () => {
    const p = await addProxy(gw);
    usage(gw, p.id);
    const t = await tunnel(p);
    const greeting = t.seenFrom.length + 1;
    expect(await roundTrip(t.reader, 'a'.repeat(1000))).toBe('a'.repeat(1000));
    expect(usage(gw, p.id)).toEqual({ bytesIn: 1000, bytesOut: greeting + 1000 });
    expect(await roundTrip(t.reader, 'b'.repeat(10))).toBe('b'.repeat(10));
    expect(usage(gw, p.id)).toEqual({ bytesIn: 10, bytesOut: 10 });
    t.reader.socket.destroy();
    await vi.waitFor(() => expect(gw.stats().tunnels).toBe(0));
    expect(usage(gw, p.id)).toEqual({ bytesIn: 0, bytesOut: 0 });
  });

  it('should pass a half-close on and close when the client goes away', async () => {
    const targets: Socket[] = [];
    // A destination that keeps writing after the client's FIN.
    const half = net.createServer({ allowHalfOpen: true }, (s) => {
      s.on('error', () => {});
      targets.push(s);
    });
    await new Promise<void>((resolve) => half.listen(0, '127.0.0.1', resolve));
    const server = {
      port: (half.address() as net.AddressInfo).port,
      close: () => {
        targets.forEach((s) => s.destroy());
        return new Promise<void>((resolve) => half.close(() => resolve()));
      },
    };
    try {
      const p = await addProxy(gw);
      const t = await httpConnect(p.port, `127.0.0.1:${server.port}`, { auth: creds(p) });
      expect(t.status).toBe(200);
      await vi.waitFor(() => expect(targets).toHaveLength(1));
      const target = targets[0] as Socket;
      const targetEnded = new Promise<void>((resolve) => target.on('end', resolve));
      // The client's FIN reaches the destination, which can still answer.
      t.reader.socket.end();
      await targetEnded;
      target.write('after your FIN');
      expect((await t.reader.readBytes(14)).toString()).toBe('after your FIN');
      expect(t.reader.isClosed).toBe(false);
      target.end();
      await t.reader.closed;
      await vi.waitFor(() => expect(gw.stats().tunnels).toBe(0));

      // A client that vanishes: the destination reads its end of stream; once it ends too, the
      // tunnel is gone.
      const u = await httpConnect(p.port, `127.0.0.1:${server.port}`, { auth: creds(p) });
      expect(u.status).toBe(200);
      await vi.waitFor(() => expect(targets).toHaveLength(2));
      const second = targets[1] as Socket;
      const gone = new Promise<void>((resolve) => second.on('end', resolve));
      u.reader.socket.destroy();
      await gone;
      second.end();
      await vi.waitFor(() => expect(gw.stats().tunnels).toBe(0));
      expect(splicedCount()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('should close the client when the destination resets, over SOCKS5 too', async () => {
    const targets: Socket[] = [];
    const server = await startServer((s) => targets.push(s));
    try {
      const p = await addProxy(gw, { protocol: 'socks5' });
      const s = await socksConnect(p.port, { ipv4: '127.0.0.1' }, server.port, { auth: creds(p) });
      expect(s).toMatchObject({ step: 'request', code: 0 });
      await vi.waitFor(() => expect(splicedCount()).toBe(1));
      await vi.waitFor(() => expect(targets).toHaveLength(1));
      (targets[0] as Socket).write('hello');
      expect((await s.reader.readBytes(5)).toString()).toBe('hello');
      (targets[0] as Socket).resetAndDestroy();
      await s.reader.closed;
      await vi.waitFor(() => expect(splicedCount()).toBe(0));
    } finally {
      await server.close();
    }
  });

  it('should leave tunnels of a proxy with a byte limit to the JavaScript relay, and close spliced ones when a limit comes', async () => {
    const limited = await addProxy(gw, { bandwidthLimitBytes: 50_000, bandwidthUsedBytes: 0 });
    const cut = await tunnel(limited);
    expect(splicedCount()).toBe(0);
    cut.reader.socket.write(Buffer.alloc(300_000, 1));
    await cut.reader.closed;

    const p = await addProxy(gw);
    const t = await tunnel(p);
    expect(splicedCount()).toBe(1);
    await update(gw, p, { bandwidthLimitBytes: 10_000_000 });
    await t.reader.closed;
    // The relay's thread reports its end (and final counts) once it has stopped.
    await vi.waitFor(() => expect(splicedCount()).toBe(0));
  });

  describe('idle timeout (manual clock)', () => {
    const idleMs = 400;
    let clock: ManualClock;
    let g: Gateway;

    beforeEach(() => {
      clock = new ManualClock();
      g = testGateway({ clock, timeouts: { idleMs } });
    });
    afterEach(() => g.close());

    it('should close a spliced tunnel at the idle time after its last byte, whichever way', async () => {
      const targets: Socket[] = [];
      const ticker = await startServer((s) => targets.push(s));
      try {
        const p = await addProxy(g);
        const up = await tunnel(p);
        const down = await httpConnect(p.port, `127.0.0.1:${ticker.port}`, { auth: creds(p) });
        expect(down.status).toBe(200);
        await vi.waitFor(() => expect(targets).toHaveLength(1));
        const probe = await tunnel(p);
        expect(splicedCount()).toBe(3);
        // Three idle times of bytes, client → destination on `up`, destination → client on `down`.
        for (let i = 0; i < 12; i++) {
          clock.advance(idleMs / 4);
          expect(await roundTrip(up.reader, 'x')).toBe('x');
          (targets[0] as Socket).write('t');
          expect((await down.reader.readBytes(1)).toString()).toBe('t');
          expect(await roundTrip(probe.reader, 'p')).toBe('p');
        }
        clock.advance(idleMs);
        expect(await roundTrip(probe.reader, 'p')).toBe('p');
        expect(up.reader.isClosed || down.reader.isClosed).toBe(false);
        // One sweep period later both are closed; the probe, which just moved a byte, is not.
        clock.advance(idleMs / 8);
        await Promise.all([up.reader.closed, down.reader.closed]);
        expect(probe.reader.isClosed).toBe(false);
        await vi.waitFor(() => expect(splicedCount()).toBe(1));
      } finally {
        await ticker.close();
      }
    });
  });
});

describe('splice relay selection', () => {
  it('should stay off unless GATEWAY_SPLICE=1 and the addon loads', () => {
    expect(selectSplice({})).toEqual({ addon: null, reason: 'GATEWAY_SPLICE not set' });
    expect(selectSplice({ GATEWAY_SPLICE: '0' }).addon).toBeNull();
    expect(() => selectSplice({ GATEWAY_SPLICE: 'yes' })).toThrow(/unknown value yes/);
    const missing = selectSplice({ GATEWAY_SPLICE: '1', GATEWAY_SPLICE_ADDON: '/nonexistent/splice.node' });
    expect(missing.addon).toBeNull();
    expect(missing.reason).toMatch(/the addon did not load|net\.Socket wire|Linux only/);
  });
});
