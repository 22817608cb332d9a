/**
 * The relay of an established tunnel. Each chunk costs one shared listener call that adds its
 * length to the proxy's counter and writes the chunk to the other socket, pausing the source
 * while the destination's buffer is full (backpressure, as pipe() does). The listeners are
 * module-level functions that find their tunnel through a symbol on the socket, so a tunnel
 * allocates no closures of its own, and a chunk allocates nothing: it only stamps the gateway's
 * sweep count on its tunnel for the idle sweep.
 */
import type { Socket } from 'node:net';
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
function onUpstreamData(this: Socket, chunk: Buffer): void {
  const t = tunnelOf(this);
  t.seen = t.gw.sweeps;
  const rt = t.rt as ProxyRuntime;
  rt.counter.bytesOut += chunk.length;
  rt.used += chunk.length;
  if (rt.used >= rt.allowance) {
    rt.closeAll();
  } else if (!t.client.write(chunk)) {
    this.pause();
  }
}
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
  upstream.on('data', onUpstreamData);
  upstream.on('drain', onUpstreamDrain);
  upstream.on('end', onUpstreamEnd);
  client.resume();
}
