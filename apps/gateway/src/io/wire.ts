/**
 * The gateway's sockets. By default they are libuv TCP handles (Node's `tcp_wrap` and
 * `stream_wrap` bindings, the layer under `net.Socket`), not `net.Socket`s: a Socket is a Duplex
 * stream with its state objects, event emitter, buffering and a nextTick hop on connect, and all of
 * it costs per tunnel (construction, teardown) and per chunk (`push`, `'data'`, `write` through the
 * stream), while a proxy only needs read → write with backpressure. See README "Where the CPU goes".
 *
 * Those bindings are Node internals (`process.binding`). When they are missing or do not look as
 * expected, or when `GATEWAY_WIRE=net` asks for it, the same interface runs on plain `net.Socket`s
 * (wire-net.ts): slower, the same behaviour. The choice is made once, when this module loads
 * (`wireKind`, `wireReason`; the gateway logs it once).
 *
 * What the interface gives: a `TcpHandle` (onread, readStart/readStop, close, socket options,
 * addresses), writes that report whether the kernel took the bytes at once (`writeTo`: with the
 * bindings they then allocate nothing, the request object being reused until a write has to wait),
 * shutdown (half-close), connect with an explicit local address and port, listeners whose
 * connections arrive as handles, and error codes as names. Reads call the handle's `onread` with
 * `this` = the handle: it finds the byte count (or error) in `readResult()` and the bytes in
 * `readData(readBuf)`, where `readBuf` is the buffer it gave the handle to read into (`useUserBuffer`, or
 * what its last onread returned). With the bindings the bytes are in `readBuf`; on `net` they are in a
 * buffer Node allocated, which the caller may keep.
 */
import net from 'node:net';
import { getSystemErrorName } from 'node:util';
import { netWire } from './wire-net.js';

/** The address out-parameter of getsockname/getpeername. */
export interface SockAddr {
  address?: string;
  port?: number;
  family?: string;
}

/** What the gateway uses of a socket, whichever implementation is under it. */
export interface TcpHandle {
  /** Called with `this` = the handle after each read; returns the buffer for the next read. */
  onread: (this: TcpHandle) => Uint8Array | undefined;
  readStart(): number;
  readStop(): number;
  useUserBuffer(buf: Uint8Array): void;
  close(): void;
  setNoDelay(on: boolean): number;
  setKeepAlive(on: boolean, delaySeconds: number): number;
  getpeername(out: SockAddr): number;
  getsockname(out: SockAddr): number;
}

/** Called with the handle written to, when a write that had to wait is done (or failed: status < 0). */
export type WriteDone = (handle: TcpHandle, status: number) => void;
/** Called when a connect started by `connectHandle` without an immediate error ends (status < 0: failed). */
export type ConnectDone = (handle: TcpHandle, status: number, syscall: 'bind' | 'connect') => void;
export type ShutdownDone = (status: number, handle: TcpHandle) => void;

/**
 * One implementation of the wire: Node's TCP bindings or `net`. Function-valued properties, not
 * methods: the module exports them detached (below), so none may use `this`.
 */
export interface Wire {
  readonly kind: 'binding' | 'net';
  newSocketHandle: () => TcpHandle;
  readResult: () => number;
  readData: (readBuf: Buffer) => Buffer;
  writeTo: (h: TcpHandle, buf: Uint8Array) => number;
  shutdownHandle: (h: TcpHandle, done: ShutdownDone) => number;
  connectHandle: (
    h: TcpHandle,
    family: 4 | 6,
    /** null: no bind, the kernel picks the source address and port. */
    localIp: string | null,
    localPort: number,
    ip: string,
    port: number,
  ) => { err: number; syscall: 'bind' | 'connect' };
  /**
   * A listener whose accepted connections go to `onHandle` as handles (set once it listens:
   * `takeConnections`), with TCP_NODELAY and keepalive (KEEPALIVE_S) on.
   */
  createServer: () => net.Server;
  takeConnections: (server: net.Server, onHandle: (status: number, handle: TcpHandle | undefined) => void) => void;
  onWriteDone: (fn: WriteDone) => void;
  onConnectDone: (fn: ConnectDone) => void;
}

// ------------------------------------------------------------------ the bindings

/**
 * Linux gives an accepted socket the listener's TCP_NODELAY and keepalive settings (the kernel
 * clones the listening socket), so they are set on the listener alone.
 */
const INHERITS_OPTIONS = process.platform === 'linux';

/** A write request object (the binding's WriteWrap); `oncomplete(status, handle)` when async. */
interface WriteReq {
  oncomplete: (this: WriteReq, status: number, handle: RawHandle) => void;
  buffer: Uint8Array | null;
}

interface ShutdownReq {
  oncomplete: (this: ShutdownReq, status: number, handle: RawHandle) => void;
  done: ShutdownDone;
}

interface ConnectReq {
  oncomplete: (this: ConnectReq, status: number, handle: RawHandle) => void;
}

/** The methods of Node's TCP handle this module uses (lib/net.js uses the same ones). */
interface RawHandle extends TcpHandle {
  writeBuffer(req: WriteReq, buf: Uint8Array): number;
  shutdown(req: ShutdownReq): number;
  bind(ip: string, port: number): number;
  bind6(ip: string, port: number, flags: number): number;
  connect(req: ConnectReq, ip: string, port: number): number;
  connect6(req: ConnectReq, ip: string, port: number): number;
}

interface TcpWrapBinding {
  TCP: new (type: number) => RawHandle;
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

/** What `process.binding` gives for the two bindings; throws like it when a name is unknown. */
export type BindingLoader = (name: 'tcp_wrap' | 'stream_wrap') => unknown;

const processBinding: BindingLoader = (name) =>
  (process as unknown as { binding(name: string): unknown }).binding(name);

/** Takes a listening net.Server's connections as raw handles (the bindings' takeConnections). */
function takeRawConnections(
  server: net.Server,
  onHandle: (status: number, handle: TcpHandle | undefined) => void,
): void {
  const listening = (server as unknown as { _handle: RawHandle & { onconnection: unknown } })._handle;
  if (INHERITS_OPTIONS) {
    // Set once on the listener, inherited by every accepted socket: 5 setsockopt calls fewer
    // per connection (keepalive alone is 4).
    listening.setNoDelay(true);
    listening.setKeepAlive(true, KEEPALIVE_S);
    listening.onconnection = onHandle;
  } else {
    listening.onconnection = (status: number, handle: RawHandle | undefined) => {
      handle?.setNoDelay(true);
      handle?.setKeepAlive(true, KEEPALIVE_S);
      onHandle(status, handle);
    };
  }
}

function bindingWire(tcpWrap: TcpWrapBinding, streamWrap: StreamWrapBinding): Wire {
  const state = streamWrap.streamBaseState;
  const kRead = streamWrap.kReadBytesOrError;
  const kAsync = streamWrap.kLastWriteWasAsync;
  let spare: WriteReq | null = null;
  let writeDone: WriteDone = () => {};
  let connectDone: ConnectDone = () => {};

  function onWriteComplete(this: WriteReq, status: number, handle: RawHandle): void {
    this.buffer = null;
    writeDone(handle, status);
  }
  function onShutdownComplete(this: ShutdownReq, status: number, handle: RawHandle): void {
    this.done(status, handle);
  }
  function onConnectComplete(this: ConnectReq, status: number, handle: RawHandle): void {
    connectDone(handle, status, 'connect');
  }

  return {
    kind: 'binding',
    newSocketHandle: () => new tcpWrap.TCP(tcpWrap.constants.SOCKET),
    readResult: () => state[kRead] as number,
    readData: (readBuf) => readBuf,
    writeTo(h, buf) {
      let req = spare;
      if (req === null) {
        req = new streamWrap.WriteWrap();
        req.oncomplete = onWriteComplete;
        req.buffer = null;
      }
      const err = (h as RawHandle).writeBuffer(req, buf);
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
    },
    shutdownHandle(h, done) {
      const req = new streamWrap.ShutdownWrap();
      req.oncomplete = onShutdownComplete;
      req.done = done;
      return (h as RawHandle).shutdown(req);
    },
    connectHandle(h, family, localIp, localPort, ip, port) {
      const raw = h as RawHandle;
      if (localIp !== null) {
        const bound = family === 4 ? raw.bind(localIp, localPort) : raw.bind6(localIp, localPort, 0);
        if (bound !== 0) {
          return { err: bound, syscall: 'bind' };
        }
      }
      const req = new tcpWrap.TCPConnectWrap();
      req.oncomplete = onConnectComplete;
      return { err: family === 4 ? raw.connect(req, ip, port) : raw.connect6(req, ip, port), syscall: 'connect' };
    },
    // The server only listens: accepted connections are taken as raw handles instead of the
    // net.Socket it would make for each.
    createServer: () => net.createServer(),
    takeConnections: takeRawConnections,
    onWriteDone(fn) {
      writeDone = fn;
    },
    onConnectDone(fn) {
      connectDone = fn;
    },
  };
}

/**
 * The bindings when they are there and have every member this module uses (a Node version that
 * renames one falls back instead of failing at the first connection); `net` otherwise or when
 * `env.GATEWAY_WIRE` is `net`.
 */
export function selectWire(
  env: NodeJS.ProcessEnv = process.env,
  load: BindingLoader = processBinding,
): { wire: Wire; reason: string } {
  const asked = env.GATEWAY_WIRE;
  if (asked === 'net') {
    return { wire: netWire(), reason: 'GATEWAY_WIRE=net' };
  }
  if (asked !== undefined && asked !== '' && asked !== 'binding') {
    throw new Error(`GATEWAY_WIRE: unknown value ${asked} (known: binding, net)`);
  }
  let why: string;
  try {
    const tcpWrap = load('tcp_wrap') as Partial<TcpWrapBinding> | undefined;
    const streamWrap = load('stream_wrap') as Partial<StreamWrapBinding> | undefined;
    const proto = (tcpWrap?.TCP as { prototype?: Record<string, unknown> } | undefined)?.prototype;
    const methods = ['readStart', 'readStop', 'useUserBuffer', 'writeBuffer', 'shutdown', 'close', 'bind', 'bind6'];
    const missing = [
      ...['TCP', 'TCPConnectWrap', 'constants'].filter((k) => !(tcpWrap && k in tcpWrap)),
      ...['WriteWrap', 'ShutdownWrap', 'streamBaseState', 'kReadBytesOrError', 'kLastWriteWasAsync'].filter(
        (k) => !(streamWrap && k in streamWrap),
      ),
      ...methods.filter((m) => typeof proto?.[m] !== 'function').map((m) => `TCP.prototype.${m}`),
    ];
    if (missing.length === 0) {
      return { wire: bindingWire(tcpWrap as TcpWrapBinding, streamWrap as StreamWrapBinding), reason: 'bindings' };
    }
    why = `missing ${missing.join(', ')}`;
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  }
  return { wire: netWire(), reason: `Node's tcp_wrap/stream_wrap bindings unusable (${why})` };
}

const selected = selectWire();
const wire = selected.wire;

/** Which implementation this process runs on, and why. */
export const wireKind = wire.kind;
export const wireReason = selected.reason;

/** TCP keepalive probes on every socket after this long without traffic. */
export const KEEPALIVE_S = 60;

/** libuv's end of stream, the same on every Unix. */
export const UV_EOF = -4095;

/** The byte count (> 0), 0 (nothing, ignore) or error (UV_EOF or −errno) of the read being reported. */
export const readResult: () => number = wire.readResult;

/** Where the bytes of the read being reported are: `readBuf` (the handle's read buffer) or Node's buffer. */
export const readData: (readBuf: Buffer) => Buffer = wire.readData;

export const newSocketHandle: () => TcpHandle = wire.newSocketHandle;

/**
 * Writes `buf` to `h`. Returns 0 when the kernel took every byte, 1 when the rest waits (`buf` must
 * stay untouched until the WriteDone callback for `h`), or a negative error.
 */
export const writeTo: (h: TcpHandle, buf: Uint8Array) => number = wire.writeTo;

/** Half-closes `h` once its pending writes are out; `done(status)` after (status < 0: failed). */
export const shutdownHandle: (h: TcpHandle, done: ShutdownDone) => number = wire.shutdownHandle;

/**
 * Binds `h` to `localIp:localPort` (unless localIp is null) and starts connecting; a negative error from bind or connect,
 * or 0 and the ConnectDone callback later (which may also report a failed bind).
 */
export const connectHandle: Wire['connectHandle'] = wire.connectHandle;

export const createServer: () => net.Server = wire.createServer;
export const takeConnections: Wire['takeConnections'] = wire.takeConnections;

/** Sets the one function told about completed asynchronous writes (the gateway's relay). */
export const onWriteDone: (fn: WriteDone) => void = wire.onWriteDone;
/** Sets the one function told about finished connects (the gateway's relay). */
export const onConnectDone: (fn: ConnectDone) => void = wire.onConnectDone;

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
