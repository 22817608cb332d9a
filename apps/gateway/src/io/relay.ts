/**
 * The relay of an established tunnel, on raw TCP handles (wire.ts). Each read calls one shared
 * function that adds its length to the proxy's counter, stamps the tunnel for the idle sweep and
 * writes the bytes to the other handle; when the kernel cannot take them at once the reading side
 * stops until the write is done (backpressure, with nothing queued in JS). The functions are
 * module-level and find their tunnel through the Side each handle carries, so a tunnel allocates
 * no closures of its own.
 *
 * Reads land in buffers the gateway owns (the handle's user buffer) instead of a fresh 64 KiB
 * buffer per read that Node would allocate, trim by a copy when the read is short, and hand to the
 * garbage collector:
 * - every handle starts on one small buffer shared by all of them; what lands there is copied (a
 *   small slice of Node's buffer pool) before it is written, since the next read of any handle
 *   overwrites it. Idle tunnels and small exchanges cost no memory of their own;
 * - a read that fills the small buffer means bulk: the handle moves to a 64 KiB buffer of its own
 *   (from a small free list), written from without a copy. While such a write waits for the
 *   other side, the reader is stopped, so the buffer is not read into; a short read later gives
 *   the buffer back to the free list and the handle returns to the shared one.
 * The read callback returns the buffer for the handle's next read. On the `net` wire (wire-net.ts)
 * the bytes come in buffers Node allocated for them: those are written as they are, and the buffer
 * bookkeeping above does not apply.
 */
import type { ProxyRuntime } from '../node/runtime.js';
import type { Chain } from './chain.js';
import type { Tunnel } from './tunnel.js';
import {
  ignoreRead,
  onConnectDone,
  onWriteDone,
  readData,
  readResult,
  shutdownHandle,
  writeTo,
  type TcpHandle,
} from './wire.js';

const SMALL = 2048;
const BIG = 64 * 1024;
const FREE_MAX = 64;
/** The read buffer every handle starts on (see above); exported for the handshake reader. */
export const sharedSmall = Buffer.allocUnsafe(SMALL);
const freeBig: Buffer[] = [];

function takeBig(): Buffer {
  return freeBig.pop() ?? Buffer.allocUnsafe(BIG);
}

function giveBig(buf: Buffer): void {
  if (freeBig.length < FREE_MAX) {
    freeBig.push(buf);
  }
}

const kSide = Symbol('side');
type SideHandle = TcpHandle & { [kSide]: Side };

/** One socket of a tunnel: its handle and where the relay stands on it. */
export class Side {
  /** The other socket of the tunnel (set when relaying starts). */
  peer: Side | null = null;
  /** The buffer the handle reads into next. */
  buf: Buffer = sharedSmall;
  /** Writes to this handle still waiting in libuv. */
  pending = 0;
  /** Reading stopped until the peer's pending writes are done. */
  paused = false;
  /** This socket's peer sent its FIN (read end of stream). */
  eof = false;
  /** Our FIN on this socket is out (shutdown done). */
  shut = false;
  /** Shutdown asked for; it goes out after the pending writes. */
  ending = false;
  closed = false;

  constructor(
    readonly h: TcpHandle,
    readonly t: Tunnel,
    /** Client → destination: the client's side. */
    readonly inbound: boolean,
  ) {
    (h as SideHandle)[kSide] = this;
    h.useUserBuffer(sharedSmall);
  }

  close(): void {
    if (!this.closed) {
      this.closed = true;
      this.h.onread = ignoreRead;
      this.h.close();
    }
  }

  /** Writes `buf`; false when the write failed (the tunnel is then destroyed). */
  write(buf: Uint8Array): boolean {
    const r = writeTo(this.h, buf);
    if (r === 1) {
      this.pending += 1;
    } else if (r < 0) {
      this.t.destroy();
      return false;
    }
    return true;
  }

  /** Sends our FIN once every pending write is out. */
  end(): void {
    if (this.ending || this.closed) {
      return;
    }
    this.ending = true;
    if (this.eof && this.pending === 0) {
      // This socket's peer has sent its FIN and nothing waits to be written: our FIN is the last
      // thing it gets, and closing the socket sends it (nothing unread is left to turn it into a
      // reset). The tunnel closes both sockets once the other direction is done too, so no
      // shutdown call (and no event loop turn for it).
      this.shutDone();
      return;
    }
    const r = shutdownHandle(this.h, onShutdown);
    if (r === 1) {
      this.shutDone();
    } else if (r < 0) {
      // ENOTCONN: the peer is gone already; nothing more to send.
      this.shutDone();
    }
  }

  shutDone(): void {
    this.shut = true;
    this.t.sideFinished();
  }
}

export function sideOf(h: TcpHandle): Side {
  return (h as SideHandle)[kSide];
}

function onShutdown(status: number, h: TcpHandle): void {
  const side = sideOf(h);
  if (side.closed) {
    return;
  }
  if (status < 0 && status !== -107 /* ENOTCONN */) {
    side.t.destroy();
  } else {
    side.shutDone();
  }
}

/** A write that had waited is done: when the handle has nothing pending, its peer reads again. */
onWriteDone((h, status) => {
  const side = sideOf(h);
  side.pending -= 1;
  if (side.closed) {
    return;
  }
  if (status < 0) {
    side.t.destroy();
    return;
  }
  const src = side.peer;
  if (side.pending === 0 && src !== null && src.paused && !src.closed) {
    src.paused = false;
    src.h.readStart();
  }
});

/** The read callback of both handles of a relaying tunnel. */
function onRelayRead(this: TcpHandle): Buffer | undefined {
  const side = sideOf(this);
  const n = readResult();
  if (n <= 0) {
    if (n < 0) {
      side.t.readEnded(side, n);
    }
    return undefined;
  }
  const t = side.t;
  t.seen = t.gw.sweeps;
  const rt = t.rt as ProxyRuntime;
  if (side.inbound) {
    rt.counter.bytesIn += n;
  } else {
    rt.counter.bytesOut += n;
  }
  rt.used += n;
  if (rt.used >= rt.allowance) {
    // The chunk that crosses the quota is dropped, not forwarded.
    rt.closeAll();
    return undefined;
  }
  const dst = side.peer as Side;
  const buf = side.buf;
  const data = readData(buf);
  let out: Buffer;
  if (data === sharedSmall) {
    out = Buffer.allocUnsafe(n);
    data.copy(out, 0, 0, n);
  } else {
    out = n === data.length ? data : data.subarray(0, n);
  }
  const pendingBefore = dst.pending;
  if (!dst.write(out)) {
    return undefined;
  }
  if (dst.pending > pendingBefore) {
    // The destination's kernel buffer is full: read nothing until it drains. A big buffer stays
    // with the pending write, and this handle reads into it again only after that.
    side.paused = true;
    this.readStop();
    return undefined;
  }
  if (data !== buf) {
    // Node's buffer (the net wire): nothing of ours to manage.
    return undefined;
  }
  if (buf === sharedSmall) {
    if (n === SMALL) {
      side.buf = takeBig();
      return side.buf;
    }
  } else if (n < SMALL) {
    giveBig(buf);
    side.buf = sharedSmall;
    return sharedSmall;
  }
  return undefined;
}

/** Starts relaying between the tunnel's client and upstream sides (neither is reading yet). */
export function startRelay(client: Side, upstream: Side): void {
  client.peer = upstream;
  upstream.peer = client;
  client.h.onread = onRelayRead;
  upstream.h.onread = onRelayRead;
  client.h.readStart();
  upstream.h.readStart();
}

// Shared handle callbacks: `this` is the handle, whose Side leads to the tunnel.
/** Handshake bytes land in the shared small buffer; the handshake copies what it keeps. */
export function onHandshakeRead(this: TcpHandle): undefined {
  const n = readResult();
  if (n > 0) {
    sideOf(this).t.onHandshakeData(readData(sharedSmall).subarray(0, n));
  } else if (n < 0) {
    // The client left (or reset) before its request was complete.
    sideOf(this).t.destroy();
  }
  return undefined;
}
/** A chained proxy's upstream during its handshake: its bytes go to the tunnel's upstream handshake. */
export function onChainRead(this: TcpHandle): undefined {
  const n = readResult();
  const side = sideOf(this);
  const chain = side.t.out as Chain;
  if (n > 0) {
    chain.data(readData(side.buf).subarray(0, n));
  } else if (n < 0) {
    chain.ended();
  }
  return undefined;
}
/** After a refusal: whatever else the client sends is dropped; its FIN or an error ends it. */
export function onDiscardRead(this: TcpHandle): undefined {
  const n = readResult();
  if (n < 0) {
    const side = sideOf(this);
    side.t.readEnded(side, n);
  }
  return undefined;
}
/** A UDP association's control connection: bytes on it are ignored; its end ends the association. */
export function onControlRead(this: TcpHandle): undefined {
  if (readResult() < 0) {
    sideOf(this).t.destroy();
  }
  return undefined;
}
onConnectDone((h, status, syscall) => {
  const side = sideOf(h);
  side.t.onConnected(side, status, syscall);
});
export function onConnectDeadline(t: Tunnel): void {
  t.connectTimedOut();
}
export function onDeadline(t: Tunnel): void {
  t.destroy();
}
