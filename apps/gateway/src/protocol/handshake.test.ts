/**
 * The HTTP and SOCKS5 handshakes without sockets: bytes in, steps out. Valid requests give the
 * same outcome however they are split into chunks; random and mutated inputs (fixed seeds, so a
 * failure reproduces) never throw and obey the same rule.
 */
import { describe, expect, it } from 'vitest';
import { detectProtocol, handshakeFor } from './detect.js';
import type { Access, Handshake, Step } from './handshake.js';
import { HttpHandshake } from './http-handshake.js';
import { HTTP_CONNECTED, HTTP_FAILURE } from './replies.js';
import { SocksHandshake } from './socks-handshake.js';
import { formatIp } from './ssrf.js';

const MAX = 16_384;

/** Decides as a proxy with user `u` / password `p` would; `ipOk` plays a whitelisted client IP. */
class TestAccess implements Access {
  calls: string[] = [];
  constructor(private readonly opts: { ipOk?: boolean; full?: boolean } = {}) {}
  httpAdmit(proxyAuth: string | null): 'auth' | 'too-many' | null {
    this.calls.push(`http ${proxyAuth}`);
    const ok = this.opts.ipOk === true || proxyAuth === `Basic ${Buffer.from('u:p').toString('base64')}`;
    return !ok ? 'auth' : this.opts.full === true ? 'too-many' : null;
  }
  socksIpAdmit(): 'ok' | 'too-many' | 'no' {
    this.calls.push('ip');
    return this.opts.ipOk !== true ? 'no' : this.opts.full === true ? 'too-many' : 'ok';
  }
  socksPasswordAdmit(user: Buffer, pass: Buffer): boolean {
    this.calls.push(`pass ${user.toString('latin1')}`);
    return user.toString('latin1') === 'u' && pass.toString('latin1') === 'p' && this.opts.full !== true;
  }
}

/** `auto`: as a gateway port does, the client's first byte picks the handshake. */
type Kind = 'http' | 'socks' | 'auto';

function make(kind: Exclude<Kind, 'auto'>, access: Access = new TestAccess(), max = MAX): Handshake {
  return kind === 'http' ? new HttpHandshake(access, max) : new SocksHandshake(access, max);
}

/**
 * Everything a handshake does with these chunks, as plain data: replies written, then how it
 * ended. Chunks after a connect are what the relay would carry next, so they join `early`: the
 * destination gets the same bytes however the request was split.
 */
function run(kind: Kind, chunks: Buffer[], access: Access = new TestAccess(), max = MAX): object {
  let hs: Handshake | null = kind === 'auto' ? null : make(kind, access, max);
  const replies: string[] = [];
  let end: Step = { kind: 'more' };
  let i = 0;
  for (; i < chunks.length && end.kind === 'more'; i++) {
    const chunk = chunks[i] as Buffer;
    hs ??= handshakeFor(chunk[0] as number, access, max);
    hs.push(chunk);
    for (let step = hs.next(); ; step = hs.next()) {
      if (step.kind !== 'reply') {
        end = step;
        break;
      }
      replies.push(step.bytes.toString('hex'));
    }
  }
  const after = Buffer.concat(chunks.slice(i));
  return { replies, end: describeStep(end, after) };
}

function describeStep(step: Step, after: Buffer): object {
  switch (step.kind) {
    case 'connect':
      return {
        kind: 'connect',
        host: step.host,
        ip: step.ip === null ? null : formatIp(step.ip),
        port: step.port,
        early:
          step.early === null && after.length === 0
            ? null
            : Buffer.concat([step.early ?? after.subarray(0, 0), after]).toString('latin1'),
        confirm: step.confirm,
      };
    case 'refuse':
    case 'reply':
      return { kind: step.kind, bytes: step.bytes.toString('hex') };
    default:
      return { kind: step.kind };
  }
}

/** Every split of `input` into two chunks, and into single bytes, ends as the whole does. */
function expectSplitInvariant(kind: Kind, input: Buffer, access: () => Access = () => new TestAccess()): object {
  const whole = run(kind, [input], access());
  for (let i = 1; i < input.length; i++) {
    expect(run(kind, [input.subarray(0, i), input.subarray(i)], access()), `split at ${i}`).toEqual(whole);
  }
  const bytes = [...input].map((b) => Buffer.from([b]));
  expect(run(kind, bytes, access()), 'byte by byte').toEqual(whole);
  return whole;
}

const basicUP = `Basic ${Buffer.from('u:p').toString('base64')}`;
const latin1 = (s: string) => Buffer.from(s, 'latin1');
const greetUserPass = [0x05, 0x01, 0x02];
const authUP = [0x01, 0x01, 0x75, 0x01, 0x70];
const socksReq = (atyp: number[], port = 443) => [0x05, 0x01, 0x00, ...atyp, port >> 8, port & 0xff];

const VALID: { name: string; kind: Kind; input: Buffer; end: object }[] = [
  {
    name: 'HTTP CONNECT with credentials and early bytes',
    kind: 'http',
    input: latin1(
      `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nProxy-Authorization: ${basicUP}\r\n\r\nHELLO`,
    ),
    end: { kind: 'connect', host: 'example.com', ip: null, port: 443, early: 'HELLO', confirm: 'http' },
  },
  {
    name: 'HTTP CONNECT to an IPv6 literal',
    kind: 'http',
    input: latin1(`CONNECT [2001:db8::1]:8443 HTTP/1.0\r\nProxy-Authorization: ${basicUP}\r\n\r\n`),
    end: { kind: 'connect', host: '[2001:db8::1]', ip: null, port: 8443, early: null, confirm: 'http' },
  },
  {
    name: 'HTTP absolute-URI GET with a body',
    kind: 'http',
    input: latin1(
      `POST http://user@example.com/a?b=1 HTTP/1.1\r\nProxy-Authorization: ${basicUP}\r\nConnection: keep-alive, X-Drop\r\nX-Drop: 1\r\nContent-Length: 4\r\n\r\nbody`,
    ),
    end: {
      kind: 'connect',
      host: 'example.com',
      ip: null,
      port: 80,
      early: 'POST /a?b=1 HTTP/1.1\r\nHost: example.com\r\nContent-Length: 4\r\nConnection: close\r\n\r\nbody',
      confirm: null,
    },
  },
  {
    name: 'SOCKS5 username/password to an IPv4 address, with early bytes',
    kind: 'socks',
    input: Buffer.from([...greetUserPass, ...authUP, ...socksReq([0x01, 1, 2, 3, 4], 80), 0x47, 0x45]),
    end: { kind: 'connect', host: null, ip: '1.2.3.4', port: 80, early: 'GE', confirm: 'socks' },
  },
  {
    name: 'SOCKS5 username/password to a domain',
    kind: 'socks',
    input: Buffer.from([...greetUserPass, ...authUP, ...socksReq([0x03, 11, ...latin1('example.com')])]),
    end: { kind: 'connect', host: 'example.com', ip: null, port: 443, early: null, confirm: 'socks' },
  },
  {
    name: 'SOCKS5 username/password to an IPv6 address',
    kind: 'socks',
    input: Buffer.from([
      ...greetUserPass,
      ...authUP,
      ...socksReq([0x04, 0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), 1]),
    ]),
    end: { kind: 'connect', host: null, ip: '2001:db8:0:0:0:0:0:1', port: 443, early: null, confirm: 'socks' },
  },
];

describe('handshakes: valid requests', () => {
  for (const v of VALID) {
    it(`should connect for ${v.name}, however the bytes are split`, () => {
      const whole = expectSplitInvariant(v.kind, v.input) as { end: object; replies: string[] };
      expect(whole.end).toEqual(v.end);
      expect(whole.replies).toEqual(v.kind === 'socks' ? ['0502', '0100'] : []);
    });
  }

  for (const v of VALID) {
    it(`should detect the protocol of ${v.name} from its first byte, however the bytes are split`, () => {
      expect(detectProtocol(v.input[0] as number)).toBe(v.kind === 'socks' ? 'socks5' : 'http');
      // expectSplitInvariant splits after the first byte too: the byte that decides arrives alone.
      expect(expectSplitInvariant('auto', v.input)).toEqual(run(v.kind, [v.input]));
    });
  }

  it('should read 0x05 as SOCKS5 and anything else as HTTP', () => {
    expect(detectProtocol(0x05)).toBe('socks5');
    for (const b of [...latin1('CGPHODT'), 0x04, 0x16, 0x00, 0xff]) {
      expect(detectProtocol(b), `byte ${b}`).toBe('http');
    }
    // A lone first byte decides the parser, and the parser waits for the rest.
    expect(run('auto', [Buffer.from([0x05])])).toEqual({ replies: [], end: { kind: 'more' } });
    expect(run('auto', [latin1('C')])).toEqual({ replies: [], end: { kind: 'more' } });
    const socks = run('auto', [Buffer.from([0x05]), Buffer.from([0x01, 0x02])]);
    expect(socks).toEqual({ replies: ['0502'], end: { kind: 'more' } });
  });

  it('should let a whitelisted SOCKS5 client in without credentials', () => {
    const input = Buffer.from([0x05, 0x02, 0x00, 0x02, ...socksReq([0x01, 127, 0, 0, 1], 22)]);
    const access = () => new TestAccess({ ipOk: true });
    expect(expectSplitInvariant('socks', input, access)).toEqual({
      replies: ['0500'],
      end: { kind: 'connect', host: null, ip: '127.0.0.1', port: 22, early: null, confirm: 'socks' },
    });
  });

  it('should wait for the rest of an incomplete request', () => {
    expect(run('http', [latin1('CONNECT a:1 HTTP/1.1\r\n')])).toEqual({ replies: [], end: { kind: 'more' } });
    expect(run('socks', [Buffer.from([0x05, 0x02, 0x00])])).toEqual({ replies: [], end: { kind: 'more' } });
    expect(HTTP_CONNECTED.toString()).toBe('HTTP/1.1 200 Connection established\r\n\r\n');
  });
});

describe('handshakes: refusals', () => {
  const refuse = (bytes: Buffer) => ({ kind: 'refuse', bytes: bytes.toString('hex') });
  const http = (s: string, access?: Access, max?: number) =>
    (run('http', [latin1(s)], access, max) as { end: object }).end;
  const socks = (bytes: number[], access?: Access) => run('socks', [Buffer.from(bytes)], access) as { end: object };

  it('should answer HTTP refusals with their status', () => {
    expect(http('GARBAGE\r\n\r\n')).toEqual(refuse(HTTP_FAILURE['bad-request']));
    expect(http('CONNECT a:1 HTTP/1.1\r\n\r\n')).toEqual(refuse(HTTP_FAILURE.auth));
    expect(http(`CONNECT a:1 HTTP/1.1\r\nProxy-Authorization: Basic eDp5\r\n\r\n`)).toEqual(refuse(HTTP_FAILURE.auth));
    const full = new TestAccess({ full: true });
    expect(http(`CONNECT a:1 HTTP/1.1\r\nProxy-Authorization: ${basicUP}\r\n\r\n`, full)).toEqual(
      refuse(HTTP_FAILURE['too-many']),
    );
    expect(http(`CONNECT a HTTP/1.1\r\nProxy-Authorization: ${basicUP}\r\n\r\n`)).toEqual(
      refuse(HTTP_FAILURE['bad-request']),
    );
    expect(http(`GET /rel HTTP/1.1\r\nProxy-Authorization: ${basicUP}\r\n\r\n`)).toEqual(
      refuse(HTTP_FAILURE['bad-request']),
    );
    expect(http(`CONNECT a:1 HTTP/1.1\r\nX: ${'y'.repeat(100)}`, undefined, 64)).toEqual(
      refuse(HTTP_FAILURE['header-too-large']),
    );
  });

  it('should not ask for credentials before the head is well-formed', () => {
    const access = new TestAccess();
    http('NOT A REQUEST LINE\r\n\r\n', access);
    expect(access.calls).toEqual([]);
  });

  it('should answer SOCKS5 refusals in the step they happen', () => {
    expect(socks([0x04, 0x01])).toEqual({ replies: [], end: { kind: 'drop' } });
    expect(socks([0x05, 0x01, 0x00])).toEqual({ replies: [], end: refuse(Buffer.from([0x05, 0xff])) });
    expect(socks([0x05, 0x01, 0x00], new TestAccess({ ipOk: true, full: true }))).toEqual({
      replies: [],
      end: refuse(Buffer.from([0x05, 0xff])),
    });
    expect(socks([...greetUserPass, 0x01, 0x01, 0x75, 0x01, 0x71])).toEqual({
      replies: ['0502'],
      end: refuse(Buffer.from([0x01, 0x01])),
    });
    expect(socks([...greetUserPass, 0x02])).toEqual({ replies: ['0502'], end: refuse(Buffer.from([0x01, 0x01])) });
    const req = (b: number[]) => socks([...greetUserPass, ...authUP, ...b]).end;
    const rep = (code: number) => refuse(Buffer.from([0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
    expect(req([0x05, 0x02, 0x00, 0x01, 1, 2, 3, 4, 0, 80])).toEqual(rep(0x07));
    expect(req([0x05, 0x01, 0x00, 0x09, 1, 2, 3, 4, 0, 80])).toEqual(rep(0x08));
    expect(req([0x04, 0x01, 0x00, 0x01, 1, 2, 3, 4, 0, 80])).toEqual(rep(0x01));
  });
});

/** mulberry32: a small seeded PRNG, so a fuzz failure names its seed and case and reproduces. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HTTP_TOKENS = [
  'CONNECT ',
  'GET ',
  'http://',
  'a.b',
  ':',
  '80',
  '[::1]',
  ' HTTP/1.1',
  '\r\n',
  '\r\n\r\n',
  '@',
  '/',
];
const HTTP_AUTH = `Proxy-Authorization: ${basicUP}\r\n`;

function randomInput(kind: Kind, rnd: () => number): Buffer {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const mode = rnd();
  if (mode < 0.3) {
    return Buffer.from(Array.from({ length: Math.floor(rnd() * 64) + 1 }, () => Math.floor(rnd() * 256)));
  }
  if (mode < 0.7) {
    // A valid request with a few bytes changed, cut short or left as is.
    const base = Buffer.from(pick(VALID.filter((v) => v.kind === kind)).input);
    for (let n = Math.floor(rnd() * 3); n > 0; n--) {
      base[Math.floor(rnd() * base.length)] = Math.floor(rnd() * 256);
    }
    return base.subarray(0, 1 + Math.floor(rnd() * base.length));
  }
  if (kind === 'socks') {
    const parts = [
      greetUserPass,
      authUP,
      socksReq([0x01, 1, 2, 3, 4]),
      [0x05, 0x01, 0x00],
      [0x03, 3, 0x61, 0x2e, 0x62],
    ];
    return Buffer.from(Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(parts)).flat());
  }
  const tokens = Array.from({ length: 1 + Math.floor(rnd() * 10) }, () =>
    rnd() < 0.1 ? HTTP_AUTH : pick(HTTP_TOKENS),
  );
  return latin1(tokens.join(''));
}

describe('handshakes: fuzzed input', () => {
  for (const kind of ['http', 'socks'] as const) {
    it(`should never throw on random ${kind} input and end the same however it is split`, () => {
      const SEED = kind === 'http' ? 0x5eed_0001 : 0x5eed_0002;
      const rnd = prng(SEED);
      const kinds = new Set<string>();
      for (let n = 0; n < 1_500; n++) {
        const input = randomInput(kind, rnd);
        const ipOk = rnd() < 0.3;
        const label = `seed ${SEED} case ${n}: ${input.toString('hex')}`;
        const access = () => new TestAccess({ ipOk });
        const whole = run(kind, [input], access()) as { end: { kind: string } };
        kinds.add(whole.end.kind);
        const at = 1 + Math.floor(rnd() * Math.max(1, input.length - 1));
        expect(run(kind, [input.subarray(0, at), input.subarray(at)], access()), label).toEqual(whole);
        if (n % 10 === 0) {
          expect(
            run(
              kind,
              [...input].map((b) => Buffer.from([b])),
              access(),
            ),
            `${label} byte by byte`,
          ).toEqual(whole);
        }
      }
      // The generator reaches every outcome, not just refusals.
      expect([...kinds].sort()).toEqual(
        kind === 'http' ? ['connect', 'more', 'refuse'] : ['connect', 'drop', 'more', 'refuse'],
      );
    });
  }
});
