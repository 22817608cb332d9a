/**
 * The relay of an established tunnel. Each chunk costs one shared function call that adds its
 * length to the proxy's counter and writes the chunk to the other socket, pausing the source
 * while the destination's buffer is full (backpressure, as pipe() does). The functions are
 * module-level and find their tunnel through a symbol on the socket, so a tunnel allocates no
 * closures of its own; a chunk stamps the gateway's sweep count on its tunnel for the idle sweep.
 * Client → destination chunks come as 'data' events; destination → client reads land in buffers
 * the gateway reuses (see onUpstreamRead).
 */
import type { OnReadOpts, Socket } from 'node:net';
import type { ProxyRuntime } from './runtime.js';
import type { Tunnel } from './tunnel.js';

const kTunnel = Symbol('tunnel');
type TunnelSocket = Socket & { [kTunnel]: Tunnel };

export function attachTunnel(socket: Socket, t: Tunnel): void {
  (socket as TunnelSocket)[kTunnel] = t;
}

export function tunnelOf(socket: Socket): Tunnel {
  return (socket as TunnelSocket)[kTunnel];
}

// The pump: count the chunk, forward it, and pause the source while the other side's buffer is
// full (its 'drain' resumes it). This is what pipe() does, without pipe()'s closures per stream.
function onClientData(this: Socket, chunk: Buffer): void {
  const t = tunnelOf(this);
  t.seen = t.gw.sweeps;
  const rt = t.rt as ProxyRuntime;
  rt.counter.bytesIn += chunk.length;
  rt.used += chunk.length;
  if (rt.used >= rt.allowance) {
    // The chunk that crosses the quota is dropped, not forwarded.
    rt.closeAll();
  } else if (!(t.upstream as Socket).write(chunk)) {
    this.pause();
  }
}

/**
 * Destination → client, the bulk direction, reads into buffers the gateway owns (the socket's
 * `onread` option) instead of a fresh 64 KiB buffer per read that Node would allocate, trim by a
 * copy when the read is short, and hand to the garbage collector:
 * - every upstream socket starts on one small buffer shared by all of them; what lands there is
 *   copied (a small slice of Node's buffer pool) before it is written, since the next read of any
 *   socket overwrites it. Idle tunnels and small exchanges cost no memory of their own;
 * - a read that fills the small buffer means bulk: the socket moves to a 64 KiB buffer of its own
 *   (from a small free list), written from without a copy. While such a write is pending, the
 *   socket holds that buffer and stays paused until the client drains; a short read later, with
 *   nothing pending, gives the buffer back to the free list and the socket returns to the shared one.
 * Node asks for the next buffer right after each read callback without saying for which socket, so
 * the callback leaves its answer in `nextBuffer`.
 */
const SMALL = 2048;
const BIG = 64 * 1024;
const FREE_MAX = 64;
const sharedSmall = Buffer.allocUnsafe(SMALL);
const freeBig: Buffer[] = [];
let nextBuffer: Buffer = sharedSmall;

function takeBig(): Buffer {
  return freeBig.pop() ?? Buffer.allocUnsafe(BIG);
}

function giveBig(buf: Buffer): void {
  if (freeBig.length < FREE_MAX) {
    freeBig.push(buf);
  }
}

function upstreamBuffer(): Buffer {
  const b = nextBuffer;
  nextBuffer = sharedSmall;
  return b;
}

function onUpstreamRead(this: Socket, n: number, buf: Buffer): boolean {
  const t = tunnelOf(this);
  t.seen = t.gw.sweeps;
  const rt = t.rt as ProxyRuntime;
  rt.counter.bytesOut += n;
  rt.used += n;
  if (rt.used >= rt.allowance) {
    // The chunk that crosses the quota is dropped, not forwarded.
    nextBuffer = buf;
    rt.closeAll();
    return false;
  }
  const client = t.client;
  if (buf === sharedSmall) {
    const copy = Buffer.allocUnsafe(n);
    buf.copy(copy, 0, 0, n);
    nextBuffer = n === SMALL ? takeBig() : sharedSmall;
    return client.write(copy);
  }
  const ok = client.write(n === buf.length ? buf : buf.subarray(0, n));
  if (client.writableLength > 0) {
    // The write waits for the client and points into `buf`. Over the high-water mark 'drain'
    // will come: keep `buf` and read nothing until then. Under it no 'drain' is due, so keep
    // reading, into another buffer; `buf` stays with the pending write.
    nextBuffer = ok ? takeBig() : buf;
    return ok;
  }
  if (n < SMALL) {
    giveBig(buf);
    nextBuffer = sharedSmall;
  } else {
    nextBuffer = buf;
  }
  return true;
}

/** The `onread` option of every upstream socket (see onUpstreamRead). */
export const UPSTREAM_READ: OnReadOpts = { buffer: upstreamBuffer, callback: onUpstreamRead };
function onClientDrain(this: Socket): void {
  tunnelOf(this).upstream?.resume();
}
function onUpstreamDrain(this: Socket): void {
  tunnelOf(this).client.resume();
}
/** Half-close travels through: the client's FIN becomes ours towards the destination, and back. */
function onClientEnd(this: Socket): void {
  tunnelOf(this).upstream?.end();
}
function onUpstreamEnd(this: Socket): void {
  tunnelOf(this).client.end();
}

/** Starts relaying between the tunnel's client and `upstream` (the client was paused). */
export function startRelay(client: Socket, upstream: Socket): void {
  client.on('data', onClientData);
  client.on('drain', onClientDrain);
  client.on('end', onClientEnd);
  // The upstream's bytes come through UPSTREAM_READ, which it was created with.
  upstream.on('drain', onUpstreamDrain);
  upstream.on('end', onUpstreamEnd);
  client.resume();
}
