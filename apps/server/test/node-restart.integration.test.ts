/**
 * Gateway node against a restarting panel: the real panel and a standalone gateway node
 * (`npm run gateway`) as child processes, each killed with SIGKILL and restarted in turn.
 *
 * - the node serves a proxy bought through the API;
 * - a killed and restarted node serves it again after its full resync;
 * - while the panel is dead, the node goes on serving its last known state, open tunnels included;
 * - once the panel is back on the same data (and port), a password change reaches the node.
 *
 * The panel is started here rather than with e2e/support/server.ts startServer(): the test must
 * SIGKILL it and bring it back on the same port and data directory, which startServer() does not
 * offer (it picks a fresh port and directory on every start and only stops with SIGTERM). The
 * command line and environment are the same as startServer()'s.
 *
 * With DATABASE_URL set, the panel runs on a fresh PostgreSQL database created (and dropped) here,
 * a copy of the run's migrated template; without it, on a copy of the migrated PGlite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createCustomer, type ApiResult, type Credentials } from '../../../e2e/support/app.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, repoRoot, type RunningServer } from '../../../e2e/support/server.js';
import { startSmtpSink, type SmtpSink } from '../../../e2e/support/smtp-sink.js';
import { connect, httpConnect, startEcho, type Target } from '../../gateway/test/test-utils.js';
import { gatewayBundle, migratedDataDir, scratchPostgres, serverBundle } from './spawn-server.js';

const STEP_MS = 120_000;
/** The standalone node's longest pause between attempts to reach the panel. */
const NODE_RETRY_MAX_MS = 2_000;

/** Polls `cond` until it holds; `what` names the condition in the failure, with `detail()` for context. */
async function until(
  what: string,
  cond: () => boolean | Promise<boolean>,
  ms: number,
  detail: () => string = () => '',
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await cond()) {
      return Date.now() - started;
    }
    if (Date.now() - started > ms) {
      throw new Error(`${what}: not within ${ms} ms\n${detail()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Keeps a child's last output lines and lets a test wait for one. */
class Output {
  readonly lines: string[] = [];
  private waiters: Array<() => void> = [];
  private partial = '';

  push(chunk: Buffer): void {
    const text = this.partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts.filter(Boolean));
    if (this.lines.length > 400) {
      this.lines.splice(0, this.lines.length - 400);
    }
    for (const w of this.waiters.splice(0)) {
      w();
    }
  }

  tail(n = 30): string {
    return this.lines.slice(-n).join('\n');
  }

  /** Resolves once a line after `from` (an index into the lines seen so far) matches. */
  async waitFor(pattern: RegExp, from: number, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (this.lines.slice(from).some((l) => pattern.test(l))) {
        return;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`${what}: no log line matching ${pattern} within ${ms} ms:\n${this.tail()}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The index the next line will have (lines drop off the front, so this is a best effort). */
  get mark(): number {
    return this.lines.length;
  }
}

interface Child {
  proc: ChildProcess;
  out: Output;
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

function launch(args: string[], env: Record<string, string | undefined>): Child {
  const proc = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = new Output();
  const echo = process.env.E2E_SERVER_LOG === '1';
  for (const stream of [proc.stdout, proc.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      out.push(chunk);
      if (echo) {
        process.stderr.write(chunk);
      }
    });
  }
  const exited = new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      resolve();
    } else {
      proc.once('exit', () => resolve());
    }
  });
  return {
    proc,
    out,
    exited,
    async kill(signal) {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill(signal);
        // SIGTERM gets a bounded grace period (the panel force-exits after 10 s itself).
        const backstop = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(backstop);
      }
    },
  };
}

/** The parent's environment without what must never leak into a fresh panel (as startServer() does). */
function baseEnv(): Record<string, string | undefined> {
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...rest } = process.env;
  return rest;
}

interface Panel extends Child {
  server: RunningServer;
}

async function startPanel(opts: { port: number; dataDir: string; databaseUrl?: string; smtpUrl: string }) {
  const child = launch([serverBundle], {
    ...baseEnv(),
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    SMTP_URL: opts.smtpUrl,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    DEMO: '1',
    // The proxies of this test are served by the standalone node, not in-process.
    GATEWAY: 'off',
    GATEWAY_ALLOW_PRIVATE: '1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
  });
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const server: RunningServer = {
    port: opts.port,
    pid: child.proc.pid ?? 0,
    baseUrl,
    urlFor: (host) => `http://${host}:${opts.port}`,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    dataDir: opts.dataDir,
    logTail: () => child.out.tail(),
    stop: () => child.kill('SIGTERM'),
  };
  try {
    await until(
      'panel healthy',
      async () => {
        if (child.proc.exitCode !== null || child.proc.signalCode !== null) {
          throw new Error(`the panel exited (${child.proc.exitCode ?? child.proc.signalCode}):\n${child.out.tail()}`);
        }
        try {
          const res = await fetch(`${baseUrl}/api/health`);
          return res.ok && ((await res.json()) as { status?: string }).status === 'ok';
        } catch {
          return false;
        }
      },
      90_000,
      () => child.out.tail(),
    );
  } catch (err) {
    await child.kill('SIGKILL');
    throw err;
  }
  return { ...child, server } satisfies Panel;
}

function startNode(nodeId: string, secret: string, panelUrl: string): Child {
  return launch([gatewayBundle], {
    ...baseEnv(),
    GATEWAY_NODE_ID: nodeId,
    GATEWAY_NODE_SECRET: secret,
    PANEL_URL: panelUrl,
    GATEWAY_BIND: '127.0.0.1',
    GATEWAY_ALLOW_PRIVATE: '1',
    // The pause between attempts to reach a dead panel doubles from 1 s up to this: the restarted
    // panel is found within one such pause, instead of up to the default 30 s later.
    GATEWAY_PANEL_RETRY_MAX_MS: String(NODE_RETRY_MAX_MS),
  });
}

function ok<T>(what: string, res: ApiResult<T>): T {
  if (res.status !== 200) {
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

async function loginToken(server: RunningServer, creds: Credentials): Promise<string> {
  const res = await api<{ tokens: { accessToken: string } }>(server, 'POST', '/api/auth/login', { body: creds });
  return ok('login', res).tokens.accessToken;
}

/**
 * A migrated database for the panel: a fresh PostgreSQL database on DATABASE_URL's server, or a
 * migrated PGlite in the data directory. Either way the panel's first start seeds it.
 */
async function freshDatabase(dataDir: string): Promise<{ url?: string; drop(): Promise<void> }> {
  migratedDataDir(dataDir);
  return (await scratchPostgres('t_restart', { migrated: true })) ?? { drop: async () => undefined };
}

interface Proxy {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
  egressIp: string;
}

const EGRESS = Array.from({ length: 20 }, (_, i) => `127.30.0.${i + 1}`);
const NEW_PASSWORD = 'RestartedPanel42';

let dataDir: string;
let db: { url?: string; drop(): Promise<void> } | null = null;
let mail: SmtpSink | null = null;
let target: Target | null = null;
let panel: Panel | null = null;
let node: Child | null = null;
let panelPort: number;
let nodeId: string;
let nodeSecret: string;
let customerCreds: Credentials;
let proxy: Proxy;

/** Status of a CONNECT through the proxy and, when 200, the egress address the target saw. */
async function through(password = proxy.password): Promise<{ status: number; seen: string | null }> {
  try {
    const r = await httpConnect(proxy.port, `127.0.0.1:${target?.port}`, { auth: [proxy.username, password] });
    const seen = r.status === 200 ? await r.reader.readLine() : null;
    r.reader.socket.destroy();
    return { status: r.status, seen };
  } catch (err) {
    // Nobody listening (the node is down or has not opened the port yet).
    return { status: 0, seen: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

/** Status of a CONNECT without credentials from `localAddress` (auth-IP access). */
async function withoutPassword(localAddress: string): Promise<number> {
  const r = await httpConnect(proxy.port, `127.0.0.1:${target?.port}`, { localAddress });
  r.reader.socket.destroy();
  return r.status;
}

const serving = async () => {
  const r = await through();
  return r.status === 200 && r.seen === proxy.egressIp;
};
const nodeLog = () => `node log:\n${node?.out.tail() ?? '(none)'}`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-node-restart-'));
  db = await freshDatabase(dataDir);
  mail = await startSmtpSink();
  target = await startEcho('127.0.0.1');
  panelPort = await freePort();
  panel = await startPanel({ port: panelPort, dataDir, databaseUrl: db.url, smtpUrl: mail.url });
  const server = panel.server;
  const owner = await loginToken(server, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });

  // Our node, with its own VN pool; the demo's local node (which sells VN too) is disabled so the
  // purchase lands here.
  const portFrom = 30_000 + randomInt(0, 135) * 20;
  const created = ok(
    'create node',
    await api<{ id: string; secret: string }>(server, 'POST', '/api/sub-server/admin/create', {
      token: owner,
      body: { name: 'restart-node', host: '127.0.0.1', portFrom, portTo: portFrom + 19 },
    }),
  );
  nodeId = created.id;
  nodeSecret = created.secret;
  ok(
    'add egress',
    await api(server, 'POST', `/api/sub-server/admin/add-egress/${nodeId}`, {
      token: owner,
      body: { product: 'v4', country: 'VN', ips: EGRESS },
    }),
  );
  const nodes = ok(
    'list nodes',
    await api<Array<{ id: string; name: string }>>(server, 'GET', '/api/sub-server/admin/list', { token: owner }),
  );
  for (const n of nodes.filter((x) => x.id !== nodeId)) {
    ok(
      `disable node ${n.name}`,
      await api(server, 'PUT', `/api/sub-server/admin/update/${n.id}`, { token: owner, body: { status: 'disabled' } }),
    );
  }

  // A customer registered and verified through the API (OTP from the SMTP sink), funded by the owner.
  customerCreds = await createCustomer(server, mail, 'restart');
  const me = ok(
    'customer login',
    await api<{ tokens: { accessToken: string }; user: { id: string } }>(server, 'POST', '/api/auth/login', {
      body: customerCreds,
    }),
  );
  ok(
    'fund customer',
    await api(server, 'PUT', `/api/user/admin/add-to-balance/${me.user.id}`, {
      token: owner,
      body: { amount: 1_000_000, note: 'node restart test' },
    }),
  );
  const bought = ok(
    'buy',
    await api<{ proxies: Proxy[] }>(server, 'POST', '/api/v4-proxy/buy-retail', {
      token: me.tokens.accessToken,
      body: { country: 'VN', quantity: 1, period: { unit: 'day', value: 1 } },
    }),
  );
  proxy = bought.proxies[0] as Proxy;
  expect(EGRESS).toContain(proxy.egressIp);
  expect(proxy.port).toBeGreaterThanOrEqual(portFrom);
  expect(proxy.port).toBeLessThanOrEqual(portFrom + 19);
}, 180_000);

afterAll(async () => {
  // Each step on its own, so one failure does not leave the others running.
  const steps: Array<() => Promise<void> | void> = [
    () => node?.kill('SIGTERM'),
    () => panel?.kill('SIGTERM'),
    () => target?.close(),
    () => mail?.close(),
    () => db?.drop(),
    () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) {
    throw new AggregateError(errors, 'cleanup failed');
  }
}, 60_000);

describe('Gateway node against a restarting panel', () => {
  it(
    'should serve a proxy bought through the API, egressing from its pool address',
    async () => {
      node = startNode(nodeId, nodeSecret, panel!.server.baseUrl);
      const ms = await until('the node serves the proxy', serving, 30_000, nodeLog);
      console.info(`standalone node serving ${ms} ms after start`);
      expect(await through()).toEqual({ status: 200, seen: proxy.egressIp });
      expect((await through('not-the-password')).status).toBe(407);
    },
    STEP_MS,
  );

  it(
    'should serve again after the node is killed (SIGKILL) and restarted',
    async () => {
      await node!.kill('SIGKILL');
      // Nobody listens on the proxy port any more.
      await expect(connect(proxy.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      node = startNode(nodeId, nodeSecret, panel!.server.baseUrl);
      const ms = await until('the restarted node serves the proxy', serving, 30_000, nodeLog);
      console.info(`restarted node serving ${ms} ms after start`);
    },
    STEP_MS,
  );

  it(
    'should go on serving its last known state while the panel is dead (SIGKILL)',
    async () => {
      await until('the node follows the change stream', serving, 10_000, nodeLog);
      const open = await httpConnect(proxy.port, `127.0.0.1:${target!.port}`, {
        auth: [proxy.username, proxy.password],
      });
      expect(open.status).toBe(200);
      expect(await open.reader.readLine()).toBe(proxy.egressIp);

      const mark = node!.out.mark;
      await panel!.kill('SIGKILL');
      // The node notices (its change stream breaks) and says it keeps serving.
      await node!.out.waitFor(/panel unreachable; serving the last known state/, mark, 30_000, 'node notices');
      // The tunnel opened before the kill still carries bytes both ways...
      open.reader.socket.write('still there\n');
      expect(await open.reader.readLine()).toBe('still there');
      open.reader.socket.destroy();
      // ...new tunnels are still authenticated against the last state, wrong passwords refused.
      expect(await through()).toEqual({ status: 200, seen: proxy.egressIp });
      expect((await through('not-the-password')).status).toBe(407);
      // And it stays so across the node's failed resyncs (wait for two more of them).
      const retried = node!.out.mark;
      await node!.out.waitFor(/panel unreachable/, retried, 30_000, 'node retries');
      expect(await through()).toEqual({ status: 200, seen: proxy.egressIp });
    },
    STEP_MS,
  );

  it(
    'should apply a password changed on the restarted panel (same data, same port) within seconds',
    async () => {
      const mark = node!.out.mark;
      panel = await startPanel({ port: panelPort, dataDir, databaseUrl: db?.url, smtpUrl: mail!.url });
      const token = await loginToken(panel.server, customerCreds);
      ok(
        'change password',
        await api(panel.server, 'PUT', '/api/v4-proxy/change-password', {
          token,
          body: { listProxyId: [proxy.id], password: NEW_PASSWORD },
        }),
      );
      const applied = await until(
        'the node applies the new password',
        async () => (await through(NEW_PASSWORD)).status === 200 && (await through()).status === 407,
        // The node retries the panel with a backoff of 1 s doubling to NODE_RETRY_MAX_MS (+20%
        // jitter): after the panel is back, one full backoff step and a resync on a busy machine.
        NODE_RETRY_MAX_MS * 1.2 + 20_000,
        nodeLog,
      );
      console.info(`new password enforced ${applied} ms after the change on the restarted panel`);
      expect(await through(NEW_PASSWORD)).toEqual({ status: 200, seen: proxy.egressIp });
      expect((await through()).status).toBe(407);
      await node!.out.waitFor(/state synced/, mark, 5_000, 'node resynced');

      // Back on the change stream: the next change (a whitelisted client IP; the password may
      // change only every 2 minutes) arrives by the stream, well within seconds.
      const again = Date.now();
      ok(
        'set auth IP',
        await api(panel.server, 'POST', '/api/v4-proxy/auth-ip', {
          token,
          body: { listProxyId: [proxy.id], authIp: ['127.0.0.9'] },
        }),
      );
      await until(
        'the node applies the auth IP',
        async () => (await withoutPassword('127.0.0.9')) === 200,
        5_000,
        nodeLog,
      );
      console.info(`auth IP enforced ${Date.now() - again} ms after the change`);
      expect(await withoutPassword('127.0.0.8')).toBe(407);
    },
    STEP_MS,
  );
});
