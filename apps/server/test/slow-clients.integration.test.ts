import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from './helper.js';

/*
 * Slow clients on the panel's listener (docs/operations.md#slow-clients): many connections from
 * one source that send nothing, trickle their headers or trickle their body. The bounds are made
 * small here; `npm run bench:slowloris` runs the full-size scenario against the real server.
 */

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const LIMIT = 40;
const FLOOD = 300;
/** Node looks for late requests every quarter of the headers bound; the rest is a loaded machine's slack. */
const BOUND_MS = REQUEST_TIMEOUT_MS + HEADERS_TIMEOUT_MS / 4 + 1_500;
/**
 * The server runs in this process, beside 300 clients' timers: on a busy machine its event loop can
 * run late, and the cut and its close event come that much later. The bound allows twice the worst
 * lateness measured (the server's check and the client's close event), so only a cut that did not
 * come when due fails, not a slow machine.
 */
const lateness = monitorEventLoopDelay({ resolution: 10 });
const boundMs = () => BOUND_MS + (2 * lateness.max) / 1e6;
/** The flood comes from a second loopback address; the other clients from 127.0.0.1. */
const FLOOD_SOURCE = '127.0.0.2';

type Kind = 'silent' | 'headers' | 'body';

interface Trickler {
  kind: Kind;
  openedAt: number;
  closedAt: number | null;
  received: string;
}

/** One connection that never completes its request: it sends a byte every 100 ms until cut. */
function trickle(port: number, kind: Kind): Promise<Trickler> {
  return new Promise((resolve) => {
    const t: Trickler = { kind, openedAt: 0, closedAt: null, received: '' };
    const socket: Socket = connect({ host: '127.0.0.1', port, localAddress: FLOOD_SOURCE });
    let timer: NodeJS.Timeout | undefined;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      t.openedAt = Date.now();
      if (kind === 'headers') {
        socket.write('GET /api/user/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      } else if (kind === 'body') {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        );
      }
      if (kind !== 'silent') {
        timer = setInterval(() => socket.writable && socket.write('a'), 100);
      }
      resolve(t);
    });
    socket.on('data', (chunk: Buffer) => {
      t.received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      t.closedAt ??= Date.now();
    });
  });
}

describe('slow clients on the panel listener', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await build({
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      MAX_CONNECTIONS_PER_IP: String(LIMIT),
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    lateness.enable();
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    lateness.disable();
    await t?.close();
  });

  it('should cut every trickling connection within the bound, refuse a source past its limit, and serve others', async () => {
    const c = await customer(t);
    const port = (t.app.server.address() as AddressInfo).port;
    const kinds: Kind[] = ['silent', 'headers', 'body'];
    const flood = await Promise.all(Array.from({ length: FLOOD }, (_, i) => trickle(port, kinds[i % 3]!)));

    // Another client is answered all along, until the last trickler is gone.
    let served = 0;
    while (flood.some((f) => f.closedAt === null)) {
      const res = await fetch(`${base}/api/user/me`, { headers: { authorization: `Bearer ${c.token}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { email: string }).email).toBe(c.email);
      served++;
      expect(Date.now() - Math.min(...flood.map((f) => f.openedAt))).toBeLessThan(boundMs() + 5_000);
    }
    expect(served).toBeGreaterThan(0);

    // An accepted trickler is answered 408 and cut within the bound; a refused one gets nothing.
    const accepted = flood.filter((f) => f.received !== '');
    const refused = flood.filter((f) => f.received === '');
    for (const f of accepted) {
      expect(f.received, f.kind).toMatch(/^HTTP\/1\.1 408 /);
      expect(f.closedAt! - f.openedAt, f.kind).toBeLessThan(boundMs());
    }
    for (const f of refused) {
      expect(f.closedAt! - f.openedAt, f.kind).toBeLessThan(boundMs());
    }
    // The limit counts open connections: a cut frees its slot, and a connection opened after it may
    // be accepted again. On a loaded machine the flood can take longer to open than the first cuts
    // take to come, so the slots freed before its last connection opened are allowed for (both
    // moments are seen late by at most the event loop's lateness).
    const lastOpened = Math.max(...flood.map((f) => f.openedAt));
    const freed = accepted.filter((f) => f.closedAt! < lastOpened + (2 * lateness.max) / 1e6).length;
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(LIMIT + freed);
    const counted = (await t.app.metrics.registry.getSingleMetric('panel_connections_refused_total')?.get())?.values[0]
      ?.value;
    expect(counted).toBe(refused.length);
    expect(refused.length).toBeGreaterThanOrEqual(FLOOD - LIMIT - freed);
  });

  it('should cut a connection that trickles its body even while bytes keep coming', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const f = await trickle(port, 'body');
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => f.closedAt !== null && (clearInterval(poll), resolve()), 20);
    });
    expect(f.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(f.closedAt! - f.openedAt).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(f.closedAt! - f.openedAt).toBeLessThan(boundMs());
  });
});
