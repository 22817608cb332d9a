/** The SOCKS5 handshake (RFC 1928, with RFC 1929 username/password): greeting, auth, request. */
import { DROP, Handshake, MORE, type Access, type Step } from './handshake.js';
import {
  SOCKS_AUTH_FAIL,
  SOCKS_AUTH_OK,
  SOCKS_METHOD_NONE,
  SOCKS_METHOD_USERPASS,
  SOCKS_NO_METHOD,
  socksFailure,
  type Failure,
} from './replies.js';
import { parseIp } from './ssrf.js';

const enum Stage {
  Greeting,
  Auth,
  Request,
}

const METHOD_NONE: Step = { kind: 'reply', bytes: SOCKS_METHOD_NONE };
const METHOD_USERPASS: Step = { kind: 'reply', bytes: SOCKS_METHOD_USERPASS };
const AUTH_OK: Step = { kind: 'reply', bytes: SOCKS_AUTH_OK };
const NO_METHOD: Step = { kind: 'refuse', bytes: SOCKS_NO_METHOD };
const AUTH_FAIL: Step = { kind: 'refuse', bytes: SOCKS_AUTH_FAIL };

export class SocksHandshake extends Handshake {
  private stage = Stage.Greeting;

  constructor(access: Access, maxBytes: number) {
    super(access, maxBytes);
  }

  /**
   * The refusal for `failure` where the handshake stands: before a method is chosen there is
   * only "no acceptable method", during auth only "failed", after it a REP code.
   */
  refusal(failure: Failure): Step {
    if (this.stage === Stage.Greeting) {
      return NO_METHOD;
    }
    if (this.stage === Stage.Auth) {
      return AUTH_FAIL;
    }
    return { kind: 'refuse', bytes: socksFailure(failure) };
  }

  protected tooLarge(): Step {
    return this.refusal('bad-request');
  }

  protected step(buf: Buffer): Step {
    return this.stage === Stage.Greeting
      ? this.greeting(buf)
      : this.stage === Stage.Auth
        ? this.auth(buf)
        : this.request(buf);
  }

  private greeting(buf: Buffer): Step {
    if (buf[0] !== 0x05) {
      return DROP;
    }
    if (buf.length < 2 || buf.length < 2 + (buf[1] as number)) {
      return MORE;
    }
    const methods = buf.subarray(2, 2 + (buf[1] as number));
    this.consumed = 2 + methods.length;
    const byIp = methods.includes(0x00) ? this.access.socksIpAdmit() : 'no';
    if (byIp === 'too-many') {
      return NO_METHOD;
    }
    if (byIp === 'ok') {
      this.stage = Stage.Request;
      return METHOD_NONE;
    }
    if (methods.includes(0x02)) {
      this.stage = Stage.Auth;
      return METHOD_USERPASS;
    }
    return NO_METHOD;
  }

  private auth(buf: Buffer): Step {
    if (buf[0] !== 0x01) {
      return AUTH_FAIL;
    }
    const ulen = buf.length > 1 ? (buf[1] as number) : -1;
    if (ulen < 0 || buf.length < 3 + ulen || buf.length < 3 + ulen + (buf[2 + ulen] as number)) {
      return MORE;
    }
    const plen = buf[2 + ulen] as number;
    const user = buf.subarray(2, 2 + ulen);
    const pass = buf.subarray(3 + ulen, 3 + ulen + plen);
    if (!this.access.socksPasswordAdmit(user, pass)) {
      return AUTH_FAIL;
    }
    this.consumed = 3 + ulen + plen;
    this.stage = Stage.Request;
    return AUTH_OK;
  }

  private request(buf: Buffer): Step {
    if (buf.length < 5) {
      return MORE;
    }
    if (buf[0] !== 0x05) {
      return this.refusal('bad-request');
    }
    const atyp = buf[3];
    const addrLen = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : atyp === 0x03 ? 1 + (buf[4] as number) : -1;
    if (addrLen < 0) {
      return this.refusal('atyp');
    }
    const total = 4 + addrLen + 2;
    if (buf.length < total) {
      return MORE;
    }
    const port = buf.readUInt16BE(4 + addrLen);
    if (buf[1] === 0x03) {
      // The address is where the client will send from; the relay takes the IP from the TCP
      // connection itself, so only the port is used.
      return { kind: 'associate', port };
    }
    if (buf[1] !== 0x01) {
      return this.refusal('command');
    }
    const early = buf.length > total ? buf.subarray(total) : null;
    if (atyp === 0x01) {
      const ip = { family: 4 as const, v4: buf.readUInt32BE(4) };
      return { kind: 'connect', host: null, ip, port, early, confirm: 'socks' };
    }
    if (atyp === 0x04) {
      const groups: number[] = [];
      for (let i = 0; i < 8; i++) {
        groups.push(buf.readUInt16BE(4 + i * 2));
      }
      const ip = parseIp(groups.map((g) => g.toString(16)).join(':'));
      if (ip === null) {
        return this.refusal('atyp');
      }
      return { kind: 'connect', host: null, ip, port, early, confirm: 'socks' };
    }
    return {
      kind: 'connect',
      host: buf.toString('latin1', 5, 5 + addrLen - 1),
      ip: null,
      port,
      early,
      confirm: 'socks',
    };
  }
}
