/** The gateway over real sockets: HTTP and SOCKS5 proxying end to end (the parsers alone: handshake.test.ts). */
import { describe, expect, it } from 'vitest';
import {
  addProxy,
  creds,
  echo,
  gatewayCaughtUp,
  gw,
  roundTrip,
  tunnel,
  useFixture,
  web,
  writeAlone,
} from '../../test/gateway-fixture.js';
import { basic, connect, freePort, httpConnect, httpForward, socksConnect } from '../../test/test-utils.js';

useFixture();

describe('HTTP proxy', () => {
  // Over 80 lines: a describe block is as long as its tests, each of which is short.
  it('should tunnel CONNECT to the target from the egress address', async () => {
    const p = await addProxy(gw, { egressIp: '127.0.0.2' });
    const t = await tunnel(p);
    expect(t.seenFrom).toBe('127.0.0.2');
    expect(await roundTrip(t.reader, 'hello through the tunnel')).toBe('hello through the tunnel');
    t.reader.socket.end();
    await t.reader.closed;
  });

  it('should forward an absolute-URI request in origin-form without the proxy headers', async () => {
    const p = await addProxy(gw, { egressIp: '127.0.0.3' });
    const res = await httpForward(p.port, `http://127.0.0.1:${web.port}/path/x?q=1`, { auth: creds(p), body: 'abc' });
    expect(res.status).toBe(200);
    const seen = JSON.parse(res.body) as {
      remoteAddress: string;
      url: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(seen.remoteAddress).toBe('127.0.0.3');
    expect(seen.url).toBe('/path/x?q=1');
    expect(seen.body).toBe('abc');
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers['proxy-connection']).toBeUndefined();
    expect(seen.headers.connection).toBe('close');
    expect(seen.headers.host).toBe(`127.0.0.1:${web.port}`);
  });

  it('should answer 407 to a wrong or missing password', async () => {
    const p = await addProxy(gw);
    const reached = web.connections() + echo.connections();
    const wrong = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: [p.username as string, 'wrong-pass'] });
    expect(wrong.status).toBe(407);
    expect(wrong.head).toMatch(/Proxy-Authenticate: Basic/);
    await wrong.reader.closed;
    const missing = await httpConnect(p.port, `127.0.0.1:${echo.port}`);
    expect(missing.status).toBe(407);
    const forward = await httpForward(p.port, `http://127.0.0.1:${web.port}/`, { auth: ['nobody', 'x'] });
    expect(forward.status).toBe(407);
    expect(web.connections() + echo.connections()).toBe(reached);
  });

  it('should take Basic credentials however the scheme is spelled, and only the right ones', async () => {
    const p = await addProxy(gw);
    const token = Buffer.from(`${p.username}:${p.password}`).toString('base64');
    const wrong = Buffer.from(`${p.username}:${p.password}x`).toString('base64');
    const status = async (value: string) => {
      const r = await connect(p.port);
      r.socket.write(`CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${value}\r\n\r\n`);
      const head = (await r.readUntil('\r\n\r\n')).toString('latin1');
      r.socket.destroy();
      return Number(head.split(' ')[1]);
    };
    expect(await status(`Basic ${token}`)).toBe(200);
    expect(await status(`basic ${token}`)).toBe(200);
    expect(await status(`BASIC   ${token}`)).toBe(200);
    expect(await status(`Basic ${wrong}`)).toBe(407);
    expect(await status(`basic ${wrong}`)).toBe(407);
  });

  it('should refuse expired and locked proxies with 407', async () => {
    for (const status of ['expired', 'locked'] as const) {
      const p = await addProxy(gw, { status });
      const res = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) });
      expect(res.status).toBe(407);
    }
  });

  it('should let a whitelisted client IP in without credentials, and no one else', async () => {
    const p = await addProxy(gw, { authIps: ['127.0.0.9'], username: null, password: null });
    const ok = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { localAddress: '127.0.0.9' });
    expect(ok.status).toBe(200);
    expect(await ok.reader.readLine()).toBe('127.0.0.2');
    ok.reader.socket.destroy();
    const other = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { localAddress: '127.0.0.10' });
    expect(other.status).toBe(407);
  });

  it('should answer 400 to a request that is not a proxy request', async () => {
    const p = await addProxy(gw);
    const reader = await connect(p.port);
    reader.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect((await reader.readAll()).toString()).toMatch(/^HTTP\/1\.1 407/);
    const bad = await connect(p.port);
    bad.socket.write(
      `GET / HTTP/1.1\r\nProxy-Authorization: Basic ${Buffer.from(creds(p).join(':')).toString('base64')}\r\n\r\n`,
    );
    expect((await bad.readAll()).toString()).toMatch(/^HTTP\/1\.1 400/);
  });
  it('should carry a half-close through the tunnel and deliver the answer after it', async () => {
    const p = await addProxy(gw);
    const t = await tunnel(p);
    t.reader.socket.end('last words');
    expect((await t.reader.readAll()).toString()).toBe('last words');
  });

  it('should forward bytes the client sends before the tunnel is up', async () => {
    const p = await addProxy(gw);
    const reader = await connect(p.port);
    reader.socket.write(
      `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${basic(...creds(p))}\r\n\r\nearly bytes`,
    );
    expect((await reader.readUntil('\r\n\r\n')).toString()).toMatch(/^HTTP\/1\.1 200/);
    expect(await reader.readLine()).toBe('127.0.0.2');
    expect((await reader.readBytes(11)).toString()).toBe('early bytes');
  });

  it('should answer 431 to a request head beyond the limit', async () => {
    const p = await addProxy(gw);
    const reader = await connect(p.port);
    reader.socket.write(`CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nX-Big: ${'a'.repeat(20_000)}`);
    expect((await reader.readAll()).toString()).toMatch(/^HTTP\/1\.1 431/);
  });
});

describe('SOCKS5 proxy', () => {
  // Over 80 lines: a describe block is as long as its tests, each of which is short.
  it('should connect with username/password to an IPv4 target from the egress address', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', egressIp: '127.0.0.3' });
    const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: creds(p) });
    expect(res).toMatchObject({ step: 'request', code: 0x00 });
    expect(await res.reader.readLine()).toBe('127.0.0.3');
    expect(await roundTrip(res.reader, 'socks payload')).toBe('socks payload');
  });

  it('should connect to a domain-name target (ATYP 3)', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const res = await socksConnect(p.port, { domain: 'localhost' }, echo.port, { auth: creds(p) });
    expect(res).toMatchObject({ step: 'request', code: 0x00 });
    expect(await res.reader.readLine()).toBe('127.0.0.2');
  });

  it('should offer "no auth" to a whitelisted client IP and refuse it to others', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', authIps: ['127.0.0.9'] });
    const ok = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.9' });
    expect(ok).toMatchObject({ step: 'request', code: 0x00 });
    expect(await ok.reader.readLine()).toBe('127.0.0.2');
    const other = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.10' });
    expect(other).toMatchObject({ step: 'method', code: 0xff });
    await other.reader.closed;
    // The password still works from anywhere.
    const withPass = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, {
      auth: creds(p),
      localAddress: '127.0.0.10',
    });
    expect(withPass).toMatchObject({ step: 'request', code: 0x00 });
  });

  it('should answer a wrong password with the RFC 1929 failure status', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: [p.username as string, 'nope'] });
    expect(res).toMatchObject({ step: 'auth', code: 0x01 });
    await res.reader.closed;
  });

  it('should refuse expired and locked proxies', async () => {
    for (const status of ['expired', 'locked'] as const) {
      const p = await addProxy(gw, { protocol: 'socks5', status, authIps: ['127.0.0.9'] });
      const pass = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: creds(p) });
      expect(pass).toMatchObject({ step: 'auth', code: 0x01 });
      const ip = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { localAddress: '127.0.0.9' });
      expect(ip).toMatchObject({ step: 'method', code: 0xff });
    }
  });

  it('should answer "connection refused" when nothing listens at the target', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const closedPort = await freePort();
    const res = await socksConnect(p.port, { ipv4: '127.0.0.1' }, closedPort, { auth: creds(p) });
    expect(res).toMatchObject({ step: 'request', code: 0x05 });
    const http = await addProxy(gw);
    expect((await httpConnect(http.port, `127.0.0.1:${closedPort}`, { auth: creds(http) })).status).toBe(502);
  });
  it('should handle greeting, auth and request arriving in one write', async () => {
    const p = await addProxy(gw, { protocol: 'socks5' });
    const [user, pass] = creds(p).map((x) => Buffer.from(x)) as [Buffer, Buffer];
    const port = Buffer.alloc(2);
    port.writeUInt16BE(echo.port);
    const reader = await connect(p.port);
    reader.socket.write(
      Buffer.concat([
        Buffer.from([0x05, 0x01, 0x02, 0x01, user.length]),
        user,
        Buffer.from([pass.length]),
        pass,
        Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1]),
        port,
      ]),
    );
    expect([...(await reader.readBytes(2 + 2 + 10))].slice(0, 6)).toEqual([0x05, 0x02, 0x01, 0x00, 0x05, 0x00]);
    expect(await reader.readLine()).toBe('127.0.0.2');
  });

  it('should refuse commands other than CONNECT with reply 0x07', async () => {
    const p = await addProxy(gw, { protocol: 'socks5', authIps: ['127.0.0.9'] });
    const reader = await connect(p.port, { localAddress: '127.0.0.9' });
    reader.socket.write(Buffer.from([0x05, 0x01, 0x00]));
    expect([...(await reader.readBytes(2))]).toEqual([0x05, 0x00]);
    reader.socket.write(Buffer.from([0x05, 0x02, 0x00, 0x01, 127, 0, 0, 1, 0, 80]));
    expect((await reader.readAll())[1]).toBe(0x07);
  });
});

describe('both protocols on every port', () => {
  // A client's first byte says which protocol it speaks: 0x05 is SOCKS5, anything else HTTP.
  for (const protocol of ['http', 'socks5'] as const) {
    it(`should serve HTTP CONNECT, an absolute-URI request and SOCKS5 on a ${protocol} proxy's port`, async () => {
      const p = await addProxy(gw, { protocol, egressIp: '127.0.0.4' });
      const viaHttp = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: creds(p) });
      expect(viaHttp.status).toBe(200);
      expect(await viaHttp.reader.readLine()).toBe('127.0.0.4');
      expect(await roundTrip(viaHttp.reader, 'over http')).toBe('over http');
      viaHttp.reader.socket.destroy();

      const forward = await httpForward(p.port, `http://127.0.0.1:${web.port}/x`, { auth: creds(p) });
      expect(forward.status).toBe(200);
      expect((JSON.parse(forward.body) as { remoteAddress: string }).remoteAddress).toBe('127.0.0.4');

      const viaSocks = await socksConnect(p.port, { domain: '127.0.0.1' }, echo.port, { auth: creds(p) });
      expect(viaSocks).toMatchObject({ step: 'request', code: 0x00 });
      expect(await viaSocks.reader.readLine()).toBe('127.0.0.4');
      expect(await roundTrip(viaSocks.reader, 'over socks5')).toBe('over socks5');
      viaSocks.reader.socket.destroy();
    });

    it(`should refuse a wrong password in each protocol's own way on a ${protocol} proxy's port`, async () => {
      const p = await addProxy(gw, { protocol });
      const wrong: [string, string] = [p.username as string, 'wrong-pass'];
      const viaHttp = await httpConnect(p.port, `127.0.0.1:${echo.port}`, { auth: wrong });
      expect(viaHttp.status).toBe(407);
      const viaSocks = await socksConnect(p.port, { ipv4: '127.0.0.1' }, echo.port, { auth: wrong });
      expect(viaSocks).toMatchObject({ step: 'auth', code: 0x01 });
    });
  }

  it('should keep a request that arrives in pieces intact while other clients are read', async () => {
    // Reads land in a buffer shared by every socket; a half request must be copied out of it.
    const p = await addProxy(gw, { protocol: 'http' });
    const head = (n: number) =>
      `CONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nX-Client: ${n}\r\nProxy-Authorization: ${basic(...creds(p))}\r\n\r\n`;
    const clients = await Promise.all([1, 2, 3].map(() => connect(p.port)));
    for (const [i, c] of clients.entries()) {
      await writeAlone(c.socket, head(i).slice(0, 30 + i));
    }
    // The busy tunnel below opens after the gateway holds the halves, so its reads reuse the buffer.
    await gatewayCaughtUp(p);
    const busy = await tunnel(p);
    expect(await roundTrip(busy.reader, 'z'.repeat(1500))).toBe('z'.repeat(1500));
    for (const [i, c] of clients.entries()) {
      c.socket.write(head(i).slice(30 + i));
    }
    for (const c of clients) {
      expect((await c.readUntil('\r\n\r\n')).toString()).toBe('HTTP/1.1 200 Connection established\r\n\r\n');
      c.socket.destroy();
    }
  });

  it('should decide on a first byte that arrives alone', async () => {
    const p = await addProxy(gw, { protocol: 'http' });
    const r = await connect(p.port);
    await writeAlone(r.socket, Buffer.from([0x05]));
    await gatewayCaughtUp(p);
    r.socket.write(Buffer.from([0x01, 0x02]));
    expect([...(await r.readBytes(2))]).toEqual([0x05, 0x02]);
    r.socket.destroy();
    const h = await connect(p.port);
    await writeAlone(h.socket, 'C');
    await gatewayCaughtUp(p);
    h.socket.write(`ONNECT 127.0.0.1:${echo.port} HTTP/1.1\r\nProxy-Authorization: ${basic(...creds(p))}\r\n\r\n`);
    expect((await h.readUntil('\r\n\r\n')).toString()).toBe('HTTP/1.1 200 Connection established\r\n\r\n');
    h.socket.destroy();
  });
});
