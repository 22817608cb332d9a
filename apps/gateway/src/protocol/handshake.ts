/**
 * The protocol handshakes as pure state machines: bytes in, a decision out, no sockets. The tunnel
 * pushes each chunk and calls `next()` until it says `more`:
 * - `more`: wait for more bytes;
 * - `reply`: write these bytes to the client, then call `next()` again (bytes may be left);
 * - `connect`: open the target (`ip`, or `host` to resolve, and `port`); `early` is what the
 *   destination gets before piping starts (a rewritten HTTP head and/or the client's early bytes),
 *   `confirm` what the client gets once connected;
 * - `associate`: open a UDP relay (SOCKS5 UDP ASSOCIATE) tied to this connection;
 * - `refuse`: write these bytes to the client and close;
 * - `drop`: close without a word (not this protocol at all).
 * Whether a client may in (credentials, whitelisted IP, the tunnel cap) is asked of an Access.
 */
import type { Failure } from './replies.js';
import type { Ip } from './ssrf.js';

export type Step =
  | { readonly kind: 'more' }
  | { readonly kind: 'reply'; readonly bytes: Buffer }
  | ConnectStep
  | AssociateStep
  | { readonly kind: 'refuse'; readonly bytes: Buffer }
  | { readonly kind: 'drop' };

export interface ConnectStep {
  readonly kind: 'connect';
  /** A name or literal to resolve and check (HTTP, SOCKS5 domain), or null when `ip` is given. */
  readonly host: string | null;
  readonly ip: Ip | null;
  readonly port: number;
  readonly early: Buffer | null;
  /** `http`: answer 200 Connection established; `socks`: the SOCKS5 success reply; null: nothing. */
  readonly confirm: 'http' | 'socks' | null;
}

/**
 * SOCKS5 UDP ASSOCIATE (RFC 1928 §7): open a UDP relay for this client. `port` is the source port
 * the client says it will send from (0: not known yet).
 */
export interface AssociateStep {
  readonly kind: 'associate';
  readonly port: number;
}

/** The per-proxy decisions a handshake needs; admitting also counts the client as authenticated. */
export interface Access {
  /** HTTP: admits with this Proxy-Authorization value (null: none), or says why not. */
  httpAdmit(proxyAuth: string | null): 'auth' | 'too-many' | null;
  /** SOCKS5 "no auth" method: `no` when the client's IP is not whitelisted (or the proxy unusable). */
  socksIpAdmit(): 'ok' | 'too-many' | 'no';
  /** SOCKS5 username/password (RFC 1929). */
  socksPasswordAdmit(user: Buffer, pass: Buffer): boolean;
}

export const MORE: Step = { kind: 'more' };
export const DROP: Step = { kind: 'drop' };

/**
 * The bytes of a handshake buffered across chunks, on either side of it (a client's request, an
 * upstream's reply).
 */
export class ChunkBuffer {
  protected buf: Buffer | null = null;

  /** Adds a chunk; the first may be a view of a read buffer that is reused (see detach()). */
  push(chunk: Buffer): void {
    this.buf = this.buf === null ? chunk : Buffer.concat([this.buf, chunk]);
  }

  /**
   * Copies what is buffered into memory of its own. The gateway parses the first read where it
   * landed (a buffer the next read overwrites) and calls this only when the bytes are incomplete.
   */
  detach(): void {
    if (this.buf !== null) {
      this.buf = Buffer.from(this.buf);
    }
  }
}

/** Buffers a handshake's bytes across chunks and runs its steps over them. */
export abstract class Handshake extends ChunkBuffer {
  private finished = false;
  /** Set by a `reply` step: how many bytes of the buffer it used. */
  protected consumed = 0;

  constructor(
    protected readonly access: Access,
    private readonly maxBytes: number,
  ) {
    super();
  }

  next(): Step {
    const buf = this.buf;
    if (buf === null || this.finished) {
      return MORE;
    }
    const step = this.step(buf);
    if (step.kind === 'more') {
      if (buf.length > this.maxBytes) {
        this.finish();
        return this.tooLarge();
      }
      return MORE;
    }
    if (step.kind === 'reply') {
      this.buf = this.consumed < buf.length ? buf.subarray(this.consumed) : null;
    } else {
      this.finish();
    }
    return step;
  }

  private finish(): void {
    this.finished = true;
    this.buf = null;
  }

  /** One step over the buffered bytes (which start where the last step ended). */
  protected abstract step(buf: Buffer): Step;
  /** The refusal when the buffered bytes exceed the limit without completing a step. */
  protected abstract tooLarge(): Step;
  /** The protocol's refusal for `failure` at this point of the handshake (also once it is done). */
  abstract refusal(failure: Failure): Step;
}
