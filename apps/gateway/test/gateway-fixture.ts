/**
 * What the gateway test files share: targets (an echo, an HTTP server, a stand-in for the panel),
 * a gateway as the tests run it, and helpers to add proxies and open tunnels through it.
 * `useFixture()` starts them before a file's tests and stops them after.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { Gateway } from '../src/node/gateway.js';
import type { GatewayProxy } from '../src/sync/state.js';
import { freePort, httpConnect, makeProxy, startEcho, startHttpTarget, type Target } from './test-utils.js';

export let echo: Target;
export let web: Target;
export let panel: Target;
/** The shared gateway; the panel's port is blocked on it. */
export let gw: Gateway;
let version = 0;
let seq = 0;

export function useFixture(): void {
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
}

/**
 * A gateway as the tests run it: loopback listeners, private destinations allowed. Its timeouts run
 * on the real clock, so they are nets a client on a loaded machine never meets (a thousand handshakes
 * fifty at a time can take seconds there); a test of a timeout sets its own on a manual clock.
 */
export function testGateway(extra: ConstructorParameters<typeof Gateway>[0] = {}): Gateway {
  return new Gateway({
    host: '127.0.0.1',
    allowPrivate: true,
    timeouts: { headerMs: 30_000, socksHandshakeMs: 30_000, connectMs: 3_000, idleMs: 30_000 },
    ...extra,
  });
}

export async function addProxy(g: Gateway, over: Partial<GatewayProxy> = {}): Promise<GatewayProxy> {
  seq += 1;
  const p = makeProxy({ id: `p${seq}`, port: await freePort(), ...over });
  await g.applyChange({ version: ++version, upsert: p });
  return p;
}

export function update(g: Gateway, p: GatewayProxy, over: Partial<GatewayProxy>): Promise<GatewayProxy> {
  const next = { ...p, ...over };
  return g.applyChange({ version: ++version, upsert: next }).then(() => next);
}

/** The state version for the next change (`newer: false`: one that is not newer than the state). */
export function nextVersion(newer = true): number {
  return newer ? ++version : version - 1;
}

export function creds(p: GatewayProxy): [string, string] {
  return [p.username as string, p.password as string];
}

/** Opens a CONNECT tunnel to the echo target and returns it after the echo's greeting line. */
export async function tunnel(p: GatewayProxy, localAddress?: string, port = echo.port) {
  const res = await httpConnect(p.port, `127.0.0.1:${port}`, { auth: creds(p), localAddress });
  expect(res.status).toBe(200);
  const seenFrom = await res.reader.readLine();
  return { ...res, seenFrom };
}

export async function roundTrip(reader: Awaited<ReturnType<typeof tunnel>>['reader'], text: string): Promise<string> {
  reader.socket.write(text);
  return (await reader.readBytes(Buffer.byteLength(text))).toString();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one piece of a request on its own: Nagle off, and resolved once the kernel has taken the
 * bytes, so the next write cannot join them in the client's buffer.
 */
export function writeAlone(socket: Socket, data: string | Uint8Array): Promise<void> {
  socket.setNoDelay(true);
  return new Promise((resolve, reject) => socket.write(data, (err) => (err ? reject(err) : resolve())));
}

/**
 * Resolves once the gateway has taken in every byte already sent to it: a fresh tunnel's round
 * trip goes through the gateway's event loop, which reads the sockets that were readable before
 * it (earlier bytes in the kernel) in the same turn or an earlier one. A condition, not a delay.
 */
export async function gatewayCaughtUp(p: GatewayProxy): Promise<void> {
  const probe = await tunnel(p);
  expect(await roundTrip(probe.reader, 'sync')).toBe('sync');
  probe.reader.socket.destroy();
}

/** A loopback TCP server for one test; `close()` also ends its connections. */
export async function startServer(
  onConnection: (s: Socket) => void,
): Promise<{ port: number; close(): Promise<void> }> {
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
export async function stalled(count: () => number, quietMs = 300): Promise<number> {
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
