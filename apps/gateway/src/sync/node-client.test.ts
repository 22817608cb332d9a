import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TNodeChange, TNodeState, TTrafficReport } from '@proxy/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Gateway } from '../node/gateway.js';
import { NodeClient, SseParser } from './node-client.js';
import { freePort, httpConnect, makeProxy, startEcho, type Target } from '../../test/test-utils.js';

const AUTH = 'Node node-1:s3cret';

/** Resolves with the `n`-th item of `list` once it is there; `wake(waiters)` after each push. */
function nth<T>(list: readonly T[], n: number, waiters: Array<() => void>): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      const item = list[n - 1];
      if (item !== undefined) {
        resolve(item);
      } else {
        waiters.push(check);
      }
    };
    check();
  });
}

function wake(waiters: Array<() => void>): void {
  for (const w of waiters.splice(0)) {
    w();
  }
}

/** A local stand-in for the panel's node endpoints, speaking the protocol of docs/gateway-protocol.md. */
class FakePanel {
  state: TNodeState = { proxies: [], version: 0 };
  /** While set, `node/state` answers 503. */
  down = false;
  /** The next traffic posts that fail with 500. */
  failReports = 0;
  /** While set, traffic posts are answered only once it resolves (they are recorded at once). */
  holdReports: Promise<void> | null = null;
  stateCalls = 0;
  readonly sinces: number[] = [];
  readonly reports: TTrafficReport[] = [];
  readonly streams: http.ServerResponse[] = [];
  private readonly streamWaiters: Array<() => void> = [];
  private readonly reportWaiters: Array<() => void> = [];
  readonly server = http.createServer((req, res) => this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  /** Resolves when the `n`-th change stream has been opened. */
  stream(n: number): Promise<http.ServerResponse> {
    return nth(this.streams, n, this.streamWaiters);
  }

  /** Resolves when the `n`-th traffic report has arrived (answered or not). */
  report(n: number): Promise<TTrafficReport> {
    return nth(this.reports, n, this.reportWaiters);
  }

  send(stream: http.ServerResponse, change: TNodeChange): void {
    // Split mid-event, with CRLF line ends, to exercise the client's parser.
    const text = `: keep-alive\r\nevent: change\r\ndata: ${JSON.stringify(change)}\r\n\r\n`;
    stream.write(text.slice(0, 25));
    stream.write(text.slice(25));
  }

  close(): Promise<void> {
    for (const s of this.streams) {
      s.destroy();
    }
    // The client's kept-alive connections too: close() alone waits for them to time out (seconds).
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.headers.authorization !== AUTH) {
      res.writeHead(401).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://panel');
    if (req.method === 'GET' && url.pathname === '/api/sub-server/node/state') {
      this.stateCalls += 1;
      if (this.down) {
        res.writeHead(503).end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.state));
      }
    } else if (req.method === 'GET' && url.pathname === '/api/sub-server/node/changes') {
      this.sinces.push(Number(url.searchParams.get('since')));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      this.streams.push(res);
      wake(this.streamWaiters);
    } else if (req.method === 'POST' && url.pathname === '/api/sub-server/node/traffic') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.reports.push(JSON.parse(Buffer.concat(chunks).toString()) as TTrafficReport);
        wake(this.reportWaiters);
        const fail = this.failReports > 0;
        if (fail) {
          this.failReports -= 1;
        }
        void (this.holdReports ?? Promise.resolve()).then(() => {
          if (fail) {
            res.writeHead(500).end();
          } else {
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
          }
        });
      });
    } else {
      res.writeHead(404).end();
    }
  }
}

let echo: Target;
let panel: FakePanel;
let gw: Gateway;
let client: NodeClient;

async function canTunnel(port: number, user: string): Promise<number> {
  const res = await httpConnect(port, `127.0.0.1:${echo.port}`, { auth: [user, 'secret-pass-1'] });
  res.reader.socket.destroy();
  return res.status;
}

beforeAll(async () => {
  echo = await startEcho();
});

afterAll(() => echo.close());

async function setup(
  state: TNodeState,
  { reportIntervalMs }: { reportIntervalMs?: number } = { reportIntervalMs: 60_000 },
): Promise<void> {
  panel = new FakePanel();
  panel.state = state;
  const url = await panel.start();
  gw = new Gateway({ host: '127.0.0.1', allowPrivate: true });
  client = new NodeClient({
    panelUrl: url,
    nodeId: 'node-1',
    secret: 's3cret',
    gateway: gw,
    backoffMinMs: 10,
    backoffMaxMs: 50,
    reportIntervalMs,
  });
}

/**
 * A synced client with proxy `a`, and a tunnel through it that has moved 5 bytes each way plus the
 * echo's greeting line (counted: 5 in, 15 out).
 */
async function syncedTunnelWithFiveBytes(): Promise<Awaited<ReturnType<typeof httpConnect>>> {
  const p1 = makeProxy({ id: 'a', port: await freePort() });
  await setup({ proxies: [p1], version: 1 });
  client.start();
  await panel.stream(1);
  const res = await httpConnect(p1.port, `127.0.0.1:${echo.port}`, { auth: ['user-a', 'secret-pass-1'] });
  expect(await res.reader.readLine()).toBe('127.0.0.2');
  res.reader.socket.write('12345');
  await res.reader.readBytes(5);
  return res;
}

afterEach(async () => {
  await client.stop();
  await gw.close();
  await panel.close();
});

describe('NodeClient', () => {
  it('should sync the full state, then apply streamed changes at once', async () => {
    const p1 = makeProxy({ id: 'a', port: await freePort() });
    await setup({ proxies: [p1], version: 3 });
    client.start();
    const stream = await panel.stream(1);
    expect(panel.sinces).toEqual([3]);
    expect(await canTunnel(p1.port, 'user-a')).toBe(200);

    const p2 = makeProxy({ id: 'b', port: await freePort() });
    panel.send(stream, { version: 4, upsert: p2 });
    await vi.waitFor(() => expect(gw.state.version).toBe(4));
    expect(await canTunnel(p2.port, 'user-b')).toBe(200);

    panel.send(stream, { version: 5, deleteId: 'a' });
    await vi.waitFor(() => expect(gw.state.get('a')).toBeUndefined());
    await expect(canTunnel(p1.port, 'user-a')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('should keep serving the last state while the panel is away, then resync in full', async () => {
    const p1 = makeProxy({ id: 'a', port: await freePort() });
    await setup({ proxies: [p1], version: 1 });
    client.start();
    const first = await panel.stream(1);

    panel.down = true;
    first.destroy();
    await vi.waitFor(() => expect(panel.stateCalls).toBeGreaterThanOrEqual(3));
    expect(await canTunnel(p1.port, 'user-a')).toBe(200);

    const p2 = makeProxy({ id: 'b', port: await freePort() });
    panel.state = { proxies: [p2], version: 9 };
    panel.down = false;
    await panel.stream(2);
    expect(panel.sinces).toEqual([1, 9]);
    expect(gw.state.get('a')).toBeUndefined();
    expect(await canTunnel(p2.port, 'user-b')).toBe(200);
  });

  it('should resync when an event cannot be read', async () => {
    await setup({ proxies: [], version: 1 });
    client.start();
    const stream = await panel.stream(1);
    stream.write('data: {"version": "not a number"}\n\n');
    await panel.stream(2);
    expect(panel.stateCalls).toBe(2);
  });

  it('should serve the readable proxies of a state that holds one it cannot read, and stop one changed so', async () => {
    const p1 = makeProxy({ id: 'a', port: await freePort() });
    const p2 = makeProxy({ id: 'b', port: await freePort() });
    // A supplier's exit address that is no address: the contract refuses it.
    const bad = { ...makeProxy({ id: 'c', port: await freePort() }), egressIp: 'not-an-ip' };
    await setup({ proxies: [p1, bad, p2] as TNodeState['proxies'], version: 2 });
    client.start();
    const stream = await panel.stream(1);
    expect(gw.state.version).toBe(2);
    expect(gw.state.get('c')).toBeUndefined();
    expect(await canTunnel(p1.port, 'user-a')).toBe(200);
    expect(await canTunnel(p2.port, 'user-b')).toBe(200);

    // The same, changed: the proxy stops, the stream goes on.
    panel.send(stream, { version: 3, upsert: { ...p2, egressIp: 'not-an-ip' } });
    await vi.waitFor(() => expect(gw.state.version).toBe(3));
    expect(gw.state.get('b')).toBeUndefined();
    await expect(canTunnel(p2.port, 'user-b')).rejects.toThrow(/ECONNREFUSED/);
    expect(panel.streams).toHaveLength(1);
    expect(panel.stateCalls).toBe(1);
  });

  it('should send a traffic report again with the same id until the panel takes it', async () => {
    const res = await syncedTunnelWithFiveBytes();

    panel.failReports = 1;
    expect(await client.flushTraffic()).toBe(false);
    expect(gw.meter.pending()).toHaveLength(1);
    expect(await client.flushTraffic()).toBe(true);
    expect(panel.reports).toHaveLength(2);
    expect(panel.reports[1]).toEqual(panel.reports[0]);
    expect(panel.reports[0]?.counters).toEqual([{ proxyId: 'a', bytesIn: 5, bytesOut: 15 }]);
    expect(gw.meter.pending()).toHaveLength(0);

    // What is counted after the last report goes out on stop().
    res.reader.socket.write('678');
    await res.reader.readBytes(3);
    await client.stop();
    expect(panel.reports).toHaveLength(3);
    expect(panel.reports[2]?.counters).toEqual([{ proxyId: 'a', bytesIn: 3, bytesOut: 3 }]);
    expect(panel.reports[2]?.reportId).not.toBe(panel.reports[0]?.reportId);
  });
});

describe('NodeClient flushes', () => {
  it('should send what was counted before a flush that comes while another is under way', async () => {
    const res = await syncedTunnelWithFiveBytes();

    let release = () => {};
    panel.holdReports = new Promise((resolve) => {
      release = resolve;
    });
    // The first flush has drained the counter and waits for the panel's answer…
    const first = client.flushTraffic();
    await panel.report(1);
    // …when more bytes are counted and someone (the tests, stop()) asks for a flush.
    res.reader.socket.write('678');
    await res.reader.readBytes(3);
    const second = client.flushTraffic();
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(panel.reports.map((r) => r.counters)).toEqual([
      [{ proxyId: 'a', bytesIn: 5, bytesOut: 15 }],
      [{ proxyId: 'a', bytesIn: 3, bytesOut: 3 }],
    ]);
    res.reader.socket.destroy();
  });
});

describe('NodeClient report cadence', () => {
  it('should report every second while a proxy has traffic, and nothing while it is idle', async () => {
    const p1 = makeProxy({ id: 'a', port: await freePort() });
    // The default interval (docs/gateway-protocol.md#traffic).
    await setup({ proxies: [p1], version: 1 }, {});
    // The report timer runs on a manual clock: each advance is one tick of it, whose report is
    // awaited to its end, so what a tick sent (or would have sent) has reached the panel.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ticks = vi.spyOn(client, 'flushTraffic');
    const tick = async (ms: number) => {
      const before = ticks.mock.results.length;
      vi.advanceTimersByTime(ms);
      const fired = ticks.mock.results.slice(before).map((r) => r.value as Promise<boolean>);
      return Promise.all(fired);
    };
    try {
      client.start();
      await panel.stream(1);
      const res = await httpConnect(p1.port, `127.0.0.1:${echo.port}`, { auth: ['user-a', 'secret-pass-1'] });
      expect(await res.reader.readLine()).toBe('127.0.0.2');

      // Three seconds of traffic, a different number of 10-byte pings in each, each echoed back:
      // one report a second, carrying that second's bytes.
      let sent = 0;
      for (const [second, pings] of [2, 5, 3].entries()) {
        for (let i = 0; i < pings; i++) {
          res.reader.socket.write('0123456789');
          await res.reader.readBytes(10);
          sent += 10;
        }
        // Just short of the second: no tick yet.
        expect(await tick(999)).toEqual([]);
        expect(await tick(1)).toEqual([true]);
        expect(panel.reports).toHaveLength(second + 1);
        expect(panel.reports[second]?.counters).toEqual([
          { proxyId: 'a', bytesIn: pings * 10, bytesOut: expect.any(Number) },
        ]);
      }
      expect(panel.reports.flatMap((r) => r.counters).reduce((n, c) => n + c.bytesIn, 0)).toBe(sent);

      // Idle (the tunnel still open): two more ticks, and no more reports.
      expect(await tick(2_000)).toEqual([true, true]);
      expect(panel.reports).toHaveLength(3);
      res.reader.socket.destroy();
    } finally {
      ticks.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('SseParser', () => {
  it('should join data lines, honour event types, skip comments and accept any line end', () => {
    const parser = new SseParser();
    // Chunks cut inside lines and between the CR and LF of a line end.
    const chunks = [
      ': hello\r\nevent: change\r\ndata: {"a":\r',
      '\ndata: 1}\r\n\r',
      '\ndata:x\n\ndata: y\r\r',
      'event: ping\n\n',
    ];
    expect(chunks.flatMap((c) => parser.push(c))).toEqual([
      { type: 'change', data: '{"a":\n1}' },
      { type: 'message', data: 'x' },
      { type: 'message', data: 'y' },
    ]);
    // An event whose blank line has arrived is handed over with that chunk.
    expect(parser.push('event: change\ndata: 2\n\n')).toEqual([{ type: 'change', data: '2' }]);
  });
});
