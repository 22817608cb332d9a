/** The upstream handshakes without sockets: the bytes they send, and every reply split at every byte. */
import type { TGatewayUpstream } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { parseIp, type Ip } from './ssrf.js';
import { upstreamHandshake, type UpstreamStep, type UpstreamTarget } from './upstream-handshake.js';

const withCreds = (protocol: 'http' | 'socks5'): TGatewayUpstream => ({
  protocol,
  host: '203.0.113.9',
  port: 8000,
  username: 'u-supplier',
  password: 'p:ss-w0rd',
});

/** Feeds `replies` (one per send) in chunks cut at `cut`; returns what was sent and the last step. */
function run(
  upstream: TGatewayUpstream,
  target: UpstreamTarget,
  replies: Buffer[],
  cut = Infinity,
): { sent: Buffer[]; last: UpstreamStep } {
  const hs = upstreamHandshake(upstream, target, 443);
  const sent: Buffer[] = [];
  let step = hs.start();
  for (const reply of replies) {
    expect(step.kind).toBe('send');
    sent.push((step as { bytes: Buffer }).bytes);
    step = { kind: 'more' };
    for (let at = 0; at < reply.length && step.kind === 'more'; at += cut) {
      hs.push(reply.subarray(at, Math.min(reply.length, at + cut)));
      step = hs.next();
      if (step.kind === 'more') {
        hs.detach();
      }
    }
  }
  return { sent, last: step };
}

const ip = (s: string) => ({ ip: parseIp(s) as Ip });

describe('HTTP CONNECT upstream', () => {
  it('should send CONNECT with Basic credentials and open on 200, handing on what follows', () => {
    for (const cut of [1, 2, 7, Infinity]) {
      const reply = Buffer.from('HTTP/1.1 200 Connection established\r\nVia: x\r\n\r\nearly');
      const { sent, last } = run(withCreds('http'), { name: 'example.com' }, [reply], cut);
      expect(sent[0]?.toString()).toBe(
        'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n' +
          `Proxy-Authorization: Basic ${Buffer.from('u-supplier:p:ss-w0rd').toString('base64')}\r\n\r\n`,
      );
      expect(last.kind).toBe('done');
      // Whatever of the destination's bytes came in the reply's last chunk is handed on whole.
      const rest = (last as { rest: Buffer | null }).rest?.toString() ?? '';
      expect(cut === Infinity ? rest === 'early' : 'early'.startsWith(rest)).toBe(true);
    }
  });

  it('should bracket an IPv6 target and send no credentials when it has none', () => {
    const open = { ...withCreds('http'), username: null, password: null };
    const { sent } = run(open, ip('2001:db8::1'), [Buffer.from('HTTP/1.0 200 OK\r\n\r\n')]);
    expect(sent[0]?.toString()).toBe(
      'CONNECT [2001:db8:0:0:0:0:0:1]:443 HTTP/1.1\r\nHost: [2001:db8:0:0:0:0:0:1]:443\r\n\r\n',
    );
  });

  it('should fail as auth on 407, as target on other statuses, as error on anything else', () => {
    const last = (s: string) => run(withCreds('http'), ip('192.0.2.1'), [Buffer.from(s)]).last;
    expect(last('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n')).toEqual({
      kind: 'fail',
      failure: 'upstream-auth',
    });
    expect(last('HTTP/1.1 502 Bad Gateway\r\n\r\n')).toEqual({ kind: 'fail', failure: 'upstream-target' });
    expect(last('SSH-2.0-OpenSSH\r\n')).toEqual({ kind: 'fail', failure: 'upstream-error' });
    expect(last('HTTP/1.1 2000 nope\r\n\r\n')).toEqual({ kind: 'fail', failure: 'upstream-error' });
    expect(last(`HTTP/1.1 200 OK\r\n${'X-Pad: y\r\n'.repeat(2000)}`)).toEqual({
      kind: 'fail',
      failure: 'upstream-error',
    });
  });
});

describe('SOCKS5 upstream', () => {
  const ok = [Buffer.from([0x05, 0x02]), Buffer.from([0x01, 0x00])];
  const success = Buffer.from([0x05, 0x00, 0x00, 0x01, 10, 0, 0, 1, 0x1f, 0x90]);

  it('should authenticate with RFC 1929 and connect to a domain, at every split', () => {
    for (const cut of [1, 3, Infinity]) {
      const { sent, last } = run(withCreds('socks5'), { name: 'example.com' }, [...ok, success], cut);
      expect(sent[0]).toEqual(Buffer.from([0x05, 0x01, 0x02]));
      expect(sent[1]).toEqual(Buffer.from([0x01, 10, ...Buffer.from('u-supplier'), 9, ...Buffer.from('p:ss-w0rd')]));
      expect(sent[2]).toEqual(Buffer.from([0x05, 0x01, 0x00, 0x03, 11, ...Buffer.from('example.com'), 0x01, 0xbb]));
      expect(last).toEqual({ kind: 'done', rest: null });
    }
  });

  it('should connect to IPv4 and IPv6 targets without auth when it has no credentials', () => {
    const open = { ...withCreds('socks5'), username: null, password: null };
    const v4 = run(open, ip('192.0.2.7'), [Buffer.from([0x05, 0x00]), success]);
    expect(v4.sent[0]).toEqual(Buffer.from([0x05, 0x01, 0x00]));
    expect(v4.sent[1]).toEqual(Buffer.from([0x05, 0x01, 0x00, 0x01, 192, 0, 2, 7, 0x01, 0xbb]));
    const v6 = run(open, ip('2001:db8::2'), [Buffer.from([0x05, 0x00]), Buffer.concat([success, Buffer.from('x')])]);
    expect(v6.sent[1]?.subarray(0, 4)).toEqual(Buffer.from([0x05, 0x01, 0x00, 0x04]));
    expect(v6.sent[1]?.length).toBe(4 + 16 + 2);
    expect(v6.last).toEqual({ kind: 'done', rest: Buffer.from('x') });
  });

  it('should tell refused credentials, a refused destination and a non-SOCKS reply apart', () => {
    const target = ip('192.0.2.7');
    expect(run(withCreds('socks5'), target, [Buffer.from([0x05, 0xff])]).last).toMatchObject({
      failure: 'upstream-auth',
    });
    expect(run(withCreds('socks5'), target, [ok[0] as Buffer, Buffer.from([0x01, 0x01])]).last).toMatchObject({
      failure: 'upstream-auth',
    });
    expect(run(withCreds('socks5'), target, [...ok, Buffer.from([0x05, 0x05, 0x00, 0x01])]).last).toMatchObject({
      failure: 'upstream-target',
    });
    expect(run(withCreds('socks5'), target, [Buffer.from('HTTP/1.1 400')]).last).toMatchObject({
      failure: 'upstream-error',
    });
    // A method it was not offered.
    expect(run(withCreds('socks5'), target, [Buffer.from([0x05, 0x00])]).last).toMatchObject({
      failure: 'upstream-error',
    });
  });
});
