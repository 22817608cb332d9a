import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config.js';
import { build, customer, waitFor, type TestApp } from './helper.js';
import { repoRoot } from './spawn-server.js';

/**
 * docs/security.md#client-address: TRUST_PROXY names the hops in front of the panel; the client
 * is the rightmost address they did not add, so a client-sent X-Forwarded-For changes nothing:
 * not an API key's allowed IPs, not the per-address limits, not the audit trail's address.
 */
const FORGED = '203.0.113.7';
const REAL = '198.51.100.20';
/** The second case's client: the limits are per address in one shared database. */
const REAL2 = '198.51.100.21';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

/** A customer whose API key works only from FORGED. */
async function developerAllowing(app: TestApp, ip: string) {
  const c = await customer(app);
  const gen = await app.inject({ method: 'POST', url: '/api/user/generate-key', token: c.token });
  expect(gen.statusCode, gen.body).toBe(200);
  const allowed = await app.inject({
    method: 'PUT',
    url: '/api/api/allowed-ips',
    token: c.token,
    payload: { allowedIps: [ip] },
  });
  expect(allowed.statusCode, allowed.body).toBe(200);
  return { ...c, key: gen.json<{ apiKey: string }>().apiKey };
}

describe('TRUST_PROXY configuration', () => {
  it('should read a number of hops or a list of proxy addresses, and refuse anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(parseEnv({ TRUST_PROXY: '::ffff:10.0.0.1,64:ff9b::a00:0/120,fe80::1%eth0' }).TRUST_PROXY).toEqual([
      '::ffff:10.0.0.1',
      '64:ff9b::a00:0/120',
      'fe80::1%eth0',
    ]);
    const refused = ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/9', '-1', 'fd00::/129'];
    // Spellings a resolver would accept but a proxy list must not: only plain addresses count.
    refused.push('10.0.0.0/-1', '10.0.0.0/', '10.1/16', '127.1', '0x7f.1', '010.0.0.1', '[::1]');
    for (const bad of refused) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each([
  // One balancer that appended to what the client sent: the client is the rightmost entry.
  { trust: '1', from: '127.0.0.1', xff: `${FORGED}, ${REAL}`, real: REAL },
  // Two known proxies: the rightmost entry that is not one of them.
  { trust: '127.0.0.1,10.0.0.0/8', from: '127.0.0.1', xff: `${FORGED}, ${REAL2}, 10.1.2.3`, real: REAL2 },
])('TRUST_PROXY=$trust with X-Forwarded-For: $xff', ({ trust, from, xff, real }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await build({ TRUST_PROXY: trust }, { database: t.database, url: t.databaseUrl });
  });
  afterAll(async () => {
    await app.close();
  });
  const headers = { 'x-forwarded-for': xff };

  it('should see the rightmost untrusted address', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tools/my-ip', remoteAddress: from, headers });
    expect(res.json()).toMatchObject({ ip: real });
  });

  it('should refuse an API key allowed only for the forged address', async () => {
    const d = await developerAllowing(app, FORGED);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/me',
      remoteAddress: from,
      headers: { ...headers, 'x-api-key': d.key },
    });
    expect([res.statusCode, res.json().message]).toEqual([403, 'IP_NOT_ALLOWED']);
  });

  it('should record the real address in the audit trail and count limits against it', async () => {
    const c = await customer(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: from,
      headers,
      payload: { email: c.email, password: c.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const trail = await app.inject({ method: 'GET', url: '/api/audit/list', token: c.token });
    const signIn = trail
      .json<{ items: { action: string; ip: string | null }[] }>()
      .items.find((i) => i.action === 'account.login');
    expect(signIn?.ip).toBe(real);
    // Ten registrations an hour per address: a new forged entry each time does not make a new address.
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: from,
        headers: { 'x-forwarded-for': xff.replace(FORGED, `203.0.113.${100 + i}`) },
        payload: { email: `limit-${trust.length}-${i}@example.com`, password: 'abcdef12', passwordConfirm: 'abcdef12' },
      });
      codes.push(res.statusCode === 200 ? 'ok' : String(res.json().message));
    }
    expect(codes).toEqual([...Array<string>(10).fill('ok'), 'TOO_MANY_REQUEST']);
  });
});

const haproxyBin = spawnSync('haproxy', ['-v']).status === 0;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

// CI installs HAProxy (Debian's package) for the topology test; this runs the shipped config itself.
describe.skipIf(!haproxyBin)('behind the shipped deploy/haproxy/haproxy.cfg with TRUST_PROXY=1', () => {
  let app: TestApp;
  let lb: string;
  let haproxy: ChildProcess;
  let log = '';
  beforeAll(async () => {
    app = await build({ TRUST_PROXY: '1' }, { database: t.database, url: t.databaseUrl });
    const panel = new URL(await app.app.listen({ port: 0, host: '127.0.0.1' }));
    const port = await freePort();
    lb = `http://127.0.0.1:${port}`;
    haproxy = spawn('haproxy', ['-db', '-f', path.join(repoRoot, 'deploy/haproxy/haproxy.cfg')], {
      env: { ...process.env, LB_BIND: `127.0.0.1:${port}`, PANEL_A: panel.host, PANEL_B: panel.host },
    });
    haproxy.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    haproxy.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    await waitFor(async () => (await fetch(`${lb}/api/health/ready`).catch(() => null))?.status === 200, 20_000).catch(
      (err: unknown) => {
        throw new Error(`HAProxy did not come up: ${String(err)}\n${log}`);
      },
    );
  });
  afterAll(async () => {
    if (haproxy && haproxy.exitCode === null) {
      const exited = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGTERM');
      await exited;
    }
    await app?.close();
  });

  it('should see the balancer-observed address whatever X-Forwarded-For the client sends', async () => {
    const res = await fetch(`${lb}/api/tools/my-ip`, { headers: { 'x-forwarded-for': FORGED } });
    expect(((await res.json()) as { ip: string }).ip).toBe('127.0.0.1');
  });

  it('should refuse an API key allowed only for the forged address, and audit the real one', async () => {
    const d = await developerAllowing(app, FORGED);
    const res = await fetch(`${lb}/api/user/me`, { headers: { 'x-forwarded-for': FORGED, 'x-api-key': d.key } });
    expect(res.status).toBe(403);
    const c = await customer(app);
    const login = await fetch(`${lb}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': FORGED, 'content-type': 'application/json' },
      body: JSON.stringify({ email: c.email, password: c.password }),
    });
    expect(login.status).toBe(200);
    const trail = await app.inject({ method: 'GET', url: '/api/audit/list', token: c.token });
    const ips = trail
      .json<{ items: { action: string; ip: string | null }[] }>()
      .items.filter((i) => i.action === 'account.login')
      .map((i) => i.ip);
    // Newest first: this sign-in, then the helper's own.
    expect(ips[0]).toBe('127.0.0.1');
    expect(ips).not.toContain(FORGED);
  });
});
