/**
 * The wire on plain `net.Socket`s: the fallback when Node's TCP bindings are not usable (see
 * wire.ts), or forced with `GATEWAY_WIRE=net`. Same interface, same behaviour, Node's stream
 * machinery underneath: each chunk is a buffer Node allocated (`readData` returns it), a write that
 * Node could not hand to the kernel at once is reported done through the write callback, and
 * backpressure is `pause()`/`resume()`. Type-only imports from wire.ts: it imports this module and
 * picks an implementation while loading.
 */
import net from 'node:net';
import type { ConnectDone, ShutdownDone, SockAddr, TcpHandle, Wire, WriteDone } from './wire.js';

/** libuv's end of stream (wire.ts UV_EOF). */
const EOF = -4095;
/** −EPIPE: a write to a socket that is gone. */
const EPIPE = -32;
/** −ECONNRESET: the socket closed without an end of stream or error seen. */
const ECONNRESET = -104;
/** −ENOTCONN. */
const ENOTCONN = -107;
/** wire.ts KEEPALIVE_S, in ms. */
const KEEPALIVE_MS = 60_000;

function noRead(): undefined {
  return undefined;
}

function errnoOf(err: unknown): number {
  const n = (err as { errno?: unknown } | null)?.errno;
  return typeof n === 'number' && n < 0 ? n : EPIPE;
}

const kHandle = Symbol('handle');
type OwnedSocket = net.Socket & { [kHandle]: NetHandle };

// The read being reported (see wire.ts readResult, readData).
let lastResult = 0;
let lastChunk: Buffer = Buffer.alloc(0);
let writeDone: WriteDone = () => {};
let connectDone: ConnectDone = () => {};

class NetHandle implements TcpHandle {
  onread: (this: TcpHandle) => Uint8Array | undefined = noRead;
  /** Whether the socket's 'data' may flow (readStart without a readStop since). */
  reading = false;
  closed = false;
  /** An end of stream or error was reported to onread: nothing more will be. */
  ended = false;
  /** An end of stream or error that came while not reading, for the next readStart. */
  missed = 0;
  /** One entry per write still in Node's hands: whether it was reported as pending (writeTo returned 1). */
  readonly writes: boolean[] = [];
  connecting = false;
  readonly afterWrite = (err?: Error | null): void => {
    if (this.writes.shift() === true) {
      writeDone(this, err ? errnoOf(err) : 0);
    }
  };

  constructor(readonly socket: net.Socket) {
    const s = socket as OwnedSocket;
    s[kHandle] = this;
    // Paused before the 'data' listener, so adding it does not start the flow; readStart does.
    s.pause();
    s.on('data', onData);
    s.on('end', onEnd);
    s.on('error', onError);
    s.on('close', onClose);
  }

  /** Reports an end of stream or error to onread, or keeps it for the next readStart. */
  report(status: number): void {
    if (this.ended || this.closed) {
      return;
    }
    if (!this.reading) {
      this.missed ||= status;
      return;
    }
    this.ended = true;
    lastResult = status;
    this.onread();
  }

  readStart(): number {
    if (this.closed) {
      return ENOTCONN;
    }
    this.reading = true;
    if (this.missed !== 0 && !this.ended) {
      const status = this.missed;
      this.missed = 0;
      // As a read would: from the event loop, not inside the caller.
      setImmediate(() => this.report(status));
    }
    this.socket.resume();
    return 0;
  }

  readStop(): number {
    this.reading = false;
    this.socket.pause();
    return 0;
  }

  useUserBuffer(): void {
    // Node allocates each chunk's buffer here.
  }

  close(): void {
    if (!this.closed) {
      this.closed = true;
      this.connecting = false;
      this.reading = false;
      this.onread = noRead;
      this.socket.destroy();
    }
  }

  setNoDelay(on: boolean): number {
    this.socket.setNoDelay(on);
    return 0;
  }

  setKeepAlive(on: boolean, delaySeconds: number): number {
    this.socket.setKeepAlive(on, delaySeconds * 1000);
    return 0;
  }

  getpeername(out: SockAddr): number {
    const s = this.socket;
    if (s.remoteAddress === undefined) {
      return ENOTCONN;
    }
    out.address = s.remoteAddress;
    out.port = s.remotePort;
    out.family = s.remoteFamily;
    return 0;
  }

  getsockname(out: SockAddr): number {
    const s = this.socket;
    if (s.localAddress === undefined) {
      return ENOTCONN;
    }
    out.address = s.localAddress;
    out.port = s.localPort;
    out.family = s.localFamily;
    return 0;
  }
}

function handleOf(s: net.Socket): NetHandle {
  return (s as OwnedSocket)[kHandle];
}

function onData(this: net.Socket, chunk: Buffer): void {
  const h = handleOf(this);
  if (h.closed || h.ended) {
    return;
  }
  lastResult = chunk.length;
  lastChunk = chunk;
  h.onread();
}

function onEnd(this: net.Socket): void {
  handleOf(this).report(EOF);
}

function onError(this: net.Socket, err: Error): void {
  const h = handleOf(this);
  if (h.connecting) {
    h.connecting = false;
    const syscall = (err as { syscall?: string }).syscall === 'bind' ? 'bind' : 'connect';
    connectDone(h, errnoOf(err), syscall);
    return;
  }
  h.report(errnoOf(err));
}

function onClose(this: net.Socket): void {
  const h = handleOf(this);
  if (h.connecting) {
    h.connecting = false;
    connectDone(h, ECONNRESET, 'connect');
    return;
  }
  if (!h.closed && !h.ended && !this.readableEnded) {
    h.report(ECONNRESET);
  }
}

function onConnect(this: net.Socket): void {
  const h = handleOf(this);
  if (h.connecting) {
    h.connecting = false;
    connectDone(h, 0, 'connect');
  }
}

let instance: Wire | null = null;

/** The net wire (one per process: its read state and callbacks are module-wide). */
export function netWire(): Wire {
  return (instance ??= {
    kind: 'net',
    newSocketHandle: () => new NetHandle(new net.Socket({ allowHalfOpen: true })),
    readResult: () => lastResult,
    readData: () => lastChunk,
    writeTo(h, buf) {
      const n = h as NetHandle;
      const s = n.socket;
      if (n.closed || s.destroyed || s.writableEnded) {
        return EPIPE;
      }
      n.writes.push(false);
      s.write(buf, n.afterWrite);
      if (s.writableLength === 0) {
        // The kernel took it all; its callback (next tick) reports nothing.
        return 0;
      }
      n.writes[n.writes.length - 1] = true;
      return 1;
    },
    shutdownHandle(h, done: ShutdownDone) {
      const n = h as NetHandle;
      const s = n.socket;
      if (n.closed || s.destroyed) {
        return ENOTCONN;
      }
      s.end((err?: Error | null) => done(err ? errnoOf(err) : 0, n));
      return 0;
    },
    connectHandle(h, family, localIp, localPort, ip, port) {
      const n = h as NetHandle;
      n.connecting = true;
      n.socket.once('connect', onConnect);
      // Bind and connect run on the next tick; their errors come to onError with their syscall.
      n.socket.connect(
        localIp === null ? { host: ip, port, family } : { host: ip, port, localAddress: localIp, localPort, family },
      );
      return { err: 0, syscall: 'connect' };
    },
    createServer: () => net.createServer({ allowHalfOpen: true, pauseOnConnect: true }),
    takeConnections(server, onHandle) {
      server.on('connection', (socket: net.Socket) => {
        socket.setNoDelay(true);
        socket.setKeepAlive(true, KEEPALIVE_MS);
        onHandle(0, new NetHandle(socket));
      });
    },
    onWriteDone(fn) {
      writeDone = fn;
    },
    onConnectDone(fn) {
      connectDone = fn;
    },
  });
}
