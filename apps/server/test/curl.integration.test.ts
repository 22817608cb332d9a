import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, livePorts, startLive, waitForListening, type LiveStack, type TestApp } from './helper.js';

/**
 * What a customer runs: a stock curl through a bought proxy, over HTTP (plain and
 * CONNECT) and SOCKS5 with remote name resolution, to the checker's echo service, which answers
 * the address it was reached from. Private access stays off: the echo service is the one local
 * target proxies may reach.
 */
const CURL = '/usr/bin/curl';

function curlMissing(): string | null {
  try {
    accessSync(CURL, constants.X_OK);
    return null;
  } catch {
    return `${CURL} is not installed (apt-get install -y curl)`;
  }
}

const missing = curlMissing();
if (missing) {
  // Printed so a skipped run says why; `.ci/run` installs curl, so CI never skips.
  console.warn(`curl tests skipped: ${missing}`);
}

interface CurlResult {
  /** curl's exit code: 0, or e.g. 97 (CURLE_PROXY) when a SOCKS5 proxy refuses. */
  code: number;
  body: string;
  httpCode: number;
  connectCode: number;
}

/** Runs curl and splits its `-w` trailer from the body. */
function curl(args: string[]): Promise<CurlResult> {
  const marker = '\n--curl--';
  return new Promise((resolve) => {
    execFile(
      CURL,
      ['-sS', '--max-time', '10', '--noproxy', '', '-w', `${marker}%{http_code} %{http_connect}`, ...args],
      // No proxy settings from the environment may route around the one under test.
      { env: { PATH: process.env.PATH ?? '' }, timeout: 15_000 },
      (err, stdout) => {
        const at = stdout.lastIndexOf(marker);
        const [httpCode, connectCode] = stdout
          .slice(at + marker.length)
          .trim()
          .split(' ')
          .map(Number);
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, body: stdout.slice(0, at), httpCode: httpCode ?? 0, connectCode: connectCode ?? 0 });
      },
    );
  });
}

let t: TestApp;
let live: LiveStack;

beforeAll(async () => {
  t = await build(livePorts());
  live = await startLive(t);
});
afterAll(async () => {
  await live.stop();
  await t.close();
});

interface Bought {
  port: number;
  username: string;
  password: string;
  egressIp: string;
}

async function buy(token: string, protocol: 'http' | 'socks5'): Promise<Bought> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'SG', quantity: 1, period: { unit: 'day', value: 1 }, protocol },
  });
  expect(res.statusCode).toBe(200);
  const p = res.json().proxies[0] as Bought;
  await waitForListening(p.port);
  return p;
}

const echoUrl = () => `http://${live.echo.host}:${live.echo.port}/ip`;

describe.skipIf(missing !== null)('curl through a bought proxy', () => {
  it('should reach the echo service with -x http://user:pass@…, plain and with CONNECT, from the egress', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, 'http');
    expect(p.egressIp).toMatch(/^127\.\d+\.\d+\.\d+$/);
    const proxy = `http://${p.username}:${p.password}@127.0.0.1:${p.port}`;
    expect(await curl(['-x', proxy, echoUrl()])).toMatchObject({ code: 0, httpCode: 200, body: p.egressIp });
    expect(await curl(['-p', '-x', proxy, echoUrl()])).toMatchObject({
      code: 0,
      connectCode: 200,
      httpCode: 200,
      body: p.egressIp,
    });
  });

  it('should answer 407 to a wrong password, plain and with CONNECT', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, 'http');
    const proxy = `http://${p.username}:wrong-password@127.0.0.1:${p.port}`;
    expect(await curl(['-x', proxy, echoUrl()])).toMatchObject({ code: 0, httpCode: 407 });
    // curl gives up on a refused CONNECT with exit 56 and reports the proxy's status.
    expect(await curl(['-p', '-x', proxy, echoUrl()])).toMatchObject({ code: 56, connectCode: 407 });
  });

  it('should reach the echo service with --socks5-hostname, from the egress, and refuse a wrong password', async () => {
    const c = await customer(t, 1_000_000);
    const p = await buy(c.token, 'socks5');
    const socks = `127.0.0.1:${p.port}`;
    expect(
      await curl(['--socks5-hostname', socks, '--proxy-user', `${p.username}:${p.password}`, echoUrl()]),
    ).toMatchObject({ code: 0, httpCode: 200, body: p.egressIp });
    // 97: CURLE_PROXY, the SOCKS5 server refused the username/password (RFC 1929 status ≠ 0).
    expect(
      await curl(['--socks5-hostname', socks, '--proxy-user', `${p.username}:wrong-password`, echoUrl()]),
    ).toMatchObject({ code: 97, httpCode: 0 });
  });

  it('should serve curl -x http://… and --socks5-hostname on the same port, whichever protocol was bought', async () => {
    const c = await customer(t, 1_000_000);
    for (const protocol of ['http', 'socks5'] as const) {
      const p = await buy(c.token, protocol);
      const userPass = `${p.username}:${p.password}`;
      const port = `127.0.0.1:${p.port}`;
      const ok = { code: 0, httpCode: 200, body: p.egressIp };
      expect(await curl(['-x', `http://${userPass}@${port}`, echoUrl()]), `${protocol}: plain HTTP`).toMatchObject(ok);
      expect(await curl(['-p', '-x', `http://${userPass}@${port}`, echoUrl()]), `${protocol}: CONNECT`).toMatchObject({
        ...ok,
        connectCode: 200,
      });
      expect(
        await curl(['--socks5-hostname', port, '--proxy-user', userPass, echoUrl()]),
        `${protocol}: SOCKS5`,
      ).toMatchObject(ok);
      expect(await curl(['-x', `socks5h://${userPass}@${port}`, echoUrl()]), `${protocol}: socks5h URL`).toMatchObject(
        ok,
      );
    }
  });
});
