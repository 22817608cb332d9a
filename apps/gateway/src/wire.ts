/**
 * The gateway's sockets are libuv TCP handles (Node's `tcp_wrap` and `stream_wrap` bindings, the
 * layer under `net.Socket`), not `net.Socket`s: a Socket is a Duplex stream with its state
 * objects, event emitter, buffering and a nextTick hop on connect, and all of it costs per tunnel
 * (construction, teardown) and per chunk (`push`, `'data'`, `write` through the stream), while a
 * proxy only needs read → write with backpressure. See README "Where the CPU goes".
 *
 * What this module gives: `TcpHandle` (the binding's object), writes that allocate nothing when
 * the kernel takes the bytes at once (the common case: the request object is reused until a write
 * has to wait), shutdown (half-close), connect with an explicit local address and port, and error
 * codes as names. Reads go through the handle's `onread` with a buffer the caller provides
 * (`useUserBuffer`): the callback finds the byte count in `readResult()` and returns the buffer for
 * the next read.
 */
import { getSystemErrorName } from 'node:util';

/** The address out-parameter of getsockname/getpeername. */
export interface SockAddr {
  address?: string;
  port?: number;
  family?: string;
}

/** A write request object (the binding's WriteWrap); `oncomplete(status, handle)` when async. */
interface WriteReq {
  oncomplete: (this: WriteReq, status: number, handle: TcpHandle) => void;
  buffer: Uint8Array | null;
}

interface ShutdownReq {
  oncomplete: (this: ShutdownReq, status: number, handle: TcpHandle) => void;
  handle: TcpHandle;
}

interface ConnectReq {
  oncomplete: (this: ConnectReq, status: number, handle: TcpHandle) => void;
}

/** The methods of Node's TCP handle this gateway uses (lib/net.js uses the same ones). */
export interface TcpHandle {
  /** Called with `this` = the handle after each read; returns the buffer for the next read. */
  onread: (this: TcpHandle) => Uint8Array | undefined;
  readStart(): number;
  readStop(): number;
  useUserBuffer(buf: Uint8Array): void;
  writeBuffer(req: WriteReq, buf: Uint8Array): number;
  shutdown(req: ShutdownReq): number;
  close(): void;
  setNoDelay(on: boolean): number;
  setKeepAlive(on: boolean, delaySeconds: number): number;
  getpeername(out: SockAddr): number;
  getsockname(out: SockAddr): number;
  bind(ip: string, port: number): number;
  bind6(ip: string, port: number, flags: number): number;
  connect(req: ConnectReq, ip: string, port: number): number;
  connect6(req: ConnectReq, ip: string, port: number): number;
}

interface TcpWrapBinding {
  TCP: new (type: number) => TcpHandle;
  TCPConnectWrap: new () => ConnectReq;
  constants: { SOCKET: number; SERVER: number };
}

interface StreamWrapBinding {
  WriteWrap: new () => WriteReq;
  ShutdownWrap: new () => ShutdownReq;
  streamBaseState: Int32Array;
  kReadBytesOrError: number;
  kLastWriteWasAsync: number;
}

const proc = process as unknown as { binding(name: string): unknown };
const tcpWrap = proc.binding('tcp_wrap') as TcpWrapBinding;
const streamWrap = proc.binding('stream_wrap') as StreamWrapBinding;
const state = streamWrap.streamBaseState;
const kRead = streamWrap.kReadBytesOrError;
const kAsync = streamWrap.kLastWriteWasAsync;

/** TCP keepalive probes on every socket after this long without traffic. */
export const KEEPALIVE_S = 60;

/** libuv's end of stream, the same on every Unix. */
export const UV_EOF = -4095;

/** The byte count (> 0), 0 (nothing, ignore) or error (UV_EOF or −errno) of the read being reported. */
export function readResult(): number {
  return state[kRead] as number;
}

/** `EADDRINUSE`, `ECONNREFUSED`, … for a negative libuv status. */
export function errorName(status: number): string {
  try {
    return getSystemErrorName(status);
  } catch {
    return `E${-status}`;
  }
}

/** An onread that ignores reads (the binding takes only functions). */
export function ignoreRead(): undefined {
  return undefined;
}

export function newSocketHandle(): TcpHandle {
  return new tcpWrap.TCP(tcpWrap.constants.SOCKET);
}

/** Called with the handle written to, when a write that had to wait is done (or failed: status < 0). */
export type WriteDone = (handle: TcpHandle, status: number) => void;

let spare: WriteReq | null = null;
let writeDone: WriteDone = () => {};

function onWriteComplete(this: WriteReq, status: number, handle: TcpHandle): void {
  this.buffer = null;
  writeDone(handle, status);
}

/** Sets the one function told about completed asynchronous writes (the gateway's relay). */
export function onWriteDone(fn: WriteDone): void {
  writeDone = fn;
}

/**
 * Writes `buf` to `h`. Returns 0 when the kernel took every byte, 1 when the rest waits in libuv
 * (`buf` must stay untouched until the WriteDone callback for `h`), or a negative error.
 */
export function writeTo(h: TcpHandle, buf: Uint8Array): number {
  let req = spare;
  if (req === null) {
    req = new streamWrap.WriteWrap();
    req.oncomplete = onWriteComplete;
    req.buffer = null;
  }
  const err = h.writeBuffer(req, buf);
  if (err !== 0) {
    spare = req;
    return err;
  }
  if (state[kAsync] === 0) {
    // Nothing of the request object was used: the next write can take it.
    spare = req;
    return 0;
  }
  // Pending in libuv, which points into `buf`: the request keeps it alive until done.
  spare = null;
  req.buffer = buf;
  return 1;
}

/** Half-closes `h` once its pending writes are out; `done(status)` after (status < 0: failed). */
export function shutdownHandle(
  h: TcpHandle,
  done: (this: ShutdownReq, status: number, handle: TcpHandle) => void,
): number {
  const req = new streamWrap.ShutdownWrap();
  req.oncomplete = done;
  req.handle = h;
  return h.shutdown(req);
}

/** Binds `h` to `localIp:localPort` and starts connecting; a negative error from bind or connect. */
export function connectHandle(
  h: TcpHandle,
  family: 4 | 6,
  localIp: string,
  localPort: number,
  ip: string,
  port: number,
  done: (this: ConnectReq, status: number, handle: TcpHandle) => void,
): { err: number; syscall: 'bind' | 'connect' } {
  const bound = family === 4 ? h.bind(localIp, localPort) : h.bind6(localIp, localPort, 0);
  if (bound !== 0) {
    return { err: bound, syscall: 'bind' };
  }
  const req = new tcpWrap.TCPConnectWrap();
  req.oncomplete = done;
  return { err: family === 4 ? h.connect(req, ip, port) : h.connect6(req, ip, port), syscall: 'connect' };
}
