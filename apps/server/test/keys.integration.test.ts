import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConnect, socksConnect, startEcho as startTcpEcho, type Target } from '../../gateway/test/test-utils.js';
import { runLifecycle } from '../src/jobs/lifecycle.js';
import {
  build,
  customer,
  livePorts,
  startLive,
  waitFor,
  waitForListening,
  type LiveStack,
  type TestApp,
} from './helper.js';

/**
 * Rotating keys on real sockets: the line that get-new-ip answers must work through the embedded
 * gateway, from the egress it names, and the key's interval, auth IP and expiry must hold.
 */
let t: TestApp;
let live: LiveStack;
let target: Target;

beforeAll(async () => {
  t = await build({ GATEWAY_ALLOW_PRIVATE: '1', ...livePorts() });
  live = await startLive(t);
  target = await startTcpEcho('127.0.0.1');
});
afterAll(async () => {
  await target.close();
  await live.stop();
  await t.close();
});

interface NewIp {
  proxy: string;
  host: string;
  port: number;
  username: string;
  password: string;
  protocol: string;
  egressIp: string;
  nextChangeIn: number;
}

async function buyKey(protocol?: 'http' | 'socks5'): Promise<{ key: string; minIntervalSec: number; days: number }> {
  const c = await customer(t, 1_000_000);
  const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
  const res = await t.inject({
    method: 'POST',
    url: `/api/key/buy-key-package/${pkg.id}`,
    token: c.token,
    payload: { country: 'VN', quantity: 1, ...(protocol ? { protocol } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return { key: res.json().keys[0].key, minIntervalSec: pkg.minIntervalSec, days: pkg.days };
}

const getNewIp = (key: string, body?: object) =>
  t.inject({ method: 'POST', url: `/api/key/get-new-ip?keyRotate=${encodeURIComponent(key)}`, payload: body });

/** Reads the returned line itself, so the test uses exactly what a customer would paste. */
function parseLine(line: string) {
  const [host, port, username, password] = line.split(':');
  return { host: host!, port: Number(port), username: username!, password: password! };
}

/** What the echo target saw through an HTTP CONNECT tunnel: the egress address, or the refusal status. */
async function viaHttp(line: string, opts: { creds?: boolean; localAddress?: string } = {}) {
  const p = parseLine(line);
  try {
    const r = await httpConnect(p.port, `127.0.0.1:${target.port}`, {
      auth: opts.creds === false ? undefined : [p.username, p.password],
      localAddress: opts.localAddress,
    });
    const seen = r.status === 200 ? await r.reader.readLine() : null;
    r.reader.socket.destroy();
    return { status: r.status, seen };
  } catch {
    // A tunnel that a live change closes mid-way counts as "not yet" while polling.
    return { status: 0, seen: null };
  }
}

describe('POST /api/key/get-new-ip, then use the line', () => {
  it('should answer a working line that egresses from the returned address, then rotate it after the interval', async () => {
    const { key, minIntervalSec } = await buyKey();
    const first = await getNewIp(key);
    expect(first.statusCode).toBe(200);
    const a = first.json<NewIp>();
    expect(a.proxy).toBe(`${a.host}:${a.port}:${a.username}:${a.password}`);
    expect(a.host).toBe('127.0.0.1');
    // Keys are sold as HTTP proxies: the line is used with HTTP CONNECT / absolute URIs.
    expect(a.protocol).toBe('http');
    await waitForListening(a.port);
    await waitFor(async () => (await viaHttp(a.proxy)).seen === a.egressIp);
    expect(await viaHttp(a.proxy)).toEqual({ status: 200, seen: a.egressIp });
    expect((await viaHttp(`${a.host}:${a.port}:${a.username}:wrong-password`)).status).toBe(407);

    const tooFast = await getNewIp(key);
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().message).toBe('GET_IP_TOO_FAST');
    expect(tooFast.json().data.remainTime).toBeGreaterThan(0);
    expect(tooFast.json().data.remainTime).toBeLessThanOrEqual(minIntervalSec);
    // Refused calls leave the egress alone.
    expect((await viaHttp(a.proxy)).seen).toBe(a.egressIp);

    t.clock.advance(minIntervalSec * 1000);
    const second = await getNewIp(key);
    expect(second.statusCode).toBe(200);
    const b = second.json<NewIp>();
    expect(b.egressIp).not.toBe(a.egressIp);
    expect(b.egressIp).toMatch(/^127\.20\.0\.\d+$/);
    await waitFor(async () => (await viaHttp(b.proxy)).seen === b.egressIp);
  });

  it('should serve a key bought for SOCKS5 over SOCKS5, from the returned address', async () => {
    const { key } = await buyKey('socks5');
    const res = await getNewIp(key);
    expect(res.statusCode).toBe(200);
    const a = res.json<NewIp>();
    expect(a.protocol).toBe('socks5');
    await waitForListening(a.port);
    const viaSocks = async (password: string) => {
      const r = await socksConnect(a.port, { ipv4: '127.0.0.1' }, target.port, { auth: [a.username, password] });
      const seen = r.code === 0 && r.step === 'request' ? await r.reader.readLine() : null;
      r.reader.socket.destroy();
      return { step: r.step, code: r.code, seen };
    };
    await waitFor(async () => (await viaSocks(a.password).catch(() => null))?.seen === a.egressIp);
    expect(await viaSocks('wrong-password')).toMatchObject({ step: 'auth', code: 1 });
  });

  it('should let a credential-less client in from the authIp it was given, and only from there', async () => {
    const { key } = await buyKey();
    const before = await getNewIp(key);
    expect(before.statusCode).toBe(200);
    const line = before.json<NewIp>().proxy;
    await waitForListening(parseLine(line).port);
    await waitFor(async () => (await viaHttp(line)).status === 200);
    expect((await viaHttp(line, { creds: false })).status).toBe(407);

    t.clock.advance(3600_000);
    const res = await getNewIp(key, { authIp: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const n = res.json<NewIp>();
    await waitFor(async () => (await viaHttp(n.proxy, { creds: false, localAddress: '127.0.0.1' })).status === 200);
    expect(await viaHttp(n.proxy, { creds: false, localAddress: '127.0.0.1' })).toEqual({
      status: 200,
      seen: n.egressIp,
    });
    expect((await viaHttp(n.proxy, { creds: false, localAddress: '127.0.0.8' })).status).toBe(407);
    // The password still works from elsewhere.
    expect((await viaHttp(n.proxy, { localAddress: '127.0.0.8' })).seen).toBe(n.egressIp);

    const invalid = await getNewIp(key, { authIp: 'not-an-ip' });
    expect(invalid.json().message).toBe('INVALID_IP');
  });

  it('should answer KEY_NOT_EXISTS to an unknown key', async () => {
    const res = await getNewIp('rk_no-such-key');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('KEY_NOT_EXISTS');
  });

  // Moves the clock past every key's life, so it runs last.
  it('should answer KEY_EXPIRED once the key has expired, and its line stops working', async () => {
    const { key, days } = await buyKey();
    const ok = await getNewIp(key);
    const line = ok.json<NewIp>().proxy;
    await waitForListening(parseLine(line).port);
    await waitFor(async () => (await viaHttp(line)).status === 200);
    t.clock.advance(days * 24 * 3600_000 + 1000);
    await runLifecycle(t.ctx);
    const res = await getNewIp(key);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('KEY_EXPIRED');
    await waitFor(async () => (await viaHttp(line)).status === 407);
  });
});
