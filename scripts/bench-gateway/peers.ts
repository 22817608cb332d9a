// The peers of `npm run bench:gateway`, each started as a child process pinned to the proxy core:
// our gateway engine, squid (HTTP CONNECT, basic auth), dante (SOCKS5, username auth) and a bare
// Node relay. Also: free ports, the process-tree memory probe and the system user dante needs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dialect } from './load';

export const SQUID = '/usr/sbin/squid';
export const DANTED = '/usr/sbin/danted';
export const NCSA_AUTH = '/usr/lib/squid/basic_ncsa_auth';

export interface Pinning {
  /** Prefix for a proxy's command line, e.g. ['taskset', '-c', '1'], or [] without pinning. */
  proxy: string[];
}

export interface RunningPeer {
  name: string;
  pid: number;
  connect?: Dialect;
  socks5?: Dialect;
  stop(): Promise<void>;
  log(): string;
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

function run(cmd: string, args: string[], input?: string): string {
  return execFileSync(cmd, args, { input, stdio: ['pipe', 'pipe', 'pipe'], encoding: 'utf8' }).trim();
}

/** Children still running, so an interrupted bench can stop them (by their own pid, group included). */
const live = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of live) {
    signalGroup(child, 'SIGKILL');
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  try {
    // Each peer runs in its own process group (detached), so forked workers go with it.
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

interface Spawned {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

function launch(command: string[], pin: Pinning, cwd: string, env: NodeJS.ProcessEnv = process.env): Spawned {
  const argv = [...pin.proxy, ...command];
  const child = spawn(argv[0] as string, argv.slice(1), {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (lines.length > 100) {
        lines.splice(0, lines.length - 100);
      }
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => live.delete(child));
  return {
    child,
    output: () => lines.join('\n'),
    async stop() {
      signalGroup(child, 'SIGTERM');
      const t = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(t);
      // Forked workers that outlived their parent (dante's), by group.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // The group is gone.
        }
      }
    },
  };
}

/** Polls `probe` until it succeeds (the peer is up), failing after `ms` or when the child exits. */
async function ready(s: Spawned, what: string, probe: () => Promise<void>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last = '';
  for (;;) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      throw new Error(`${what} exited (${s.child.exitCode ?? s.child.signalCode}):\n${s.output()}`);
    }
    try {
      await probe();
      return;
    } catch (err) {
      last = String(err);
    }
    if (Date.now() > deadline) {
      await s.stop();
      throw new Error(`${what} not ready within ${ms} ms (${last}):\n${s.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * The Node flags the standalone gateway runs with: the `--` words after `node` in the root
 * package.json's `gateway` script, so the bench runs our engine the way `npm run gateway` does.
 * BENCH_OURS_NODE_FLAGS (space-separated, may be empty) overrides them for comparisons.
 */
export function gatewayNodeFlags(repoRoot: string): string[] {
  const override = process.env.BENCH_OURS_NODE_FLAGS;
  if (override !== undefined) {
    return override.split(' ').filter(Boolean);
  }
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (pkg.scripts?.gateway ?? '').split(/\s+/);
  const end = words.findIndex((w, i) => i > 0 && !w.startsWith('--'));
  if (words[0] !== 'node' || end === -1) {
    throw new Error(`package.json "gateway" is not "node [flags] <script> …": ${pkg.scripts?.gateway}`);
  }
  return words.slice(1, end);
}

/** Our gateway engine in a child (scripts/bench-gateway/gateway-node.ts), with `nodeFlags`. */
export async function startOurs(
  pin: Pinning,
  repoRoot: string,
  nodeFlags: string[],
  creds: Credentials,
  egressIp: string,
  probe: (d: Dialect) => Promise<void>,
): Promise<RunningPeer> {
  const [httpPort, socksPort] = [await freePort(), await freePort()];
  const s = launch(
    [
      process.execPath,
      ...nodeFlags,
      '--import',
      'tsx',
      'scripts/bench-gateway/gateway-node.ts',
      JSON.stringify({ httpPort, socksPort, ...creds, egressIp }),
    ],
    pin,
    repoRoot,
  );
  const auth: [string, string] = [creds.username, creds.password];
  const connect: Dialect = { kind: 'connect', port: httpPort, auth };
  const socks5: Dialect = { kind: 'socks5', port: socksPort, auth };
  await ready(s, 'our gateway', async () => {
    await probe(connect);
    await probe(socks5);
  });
  return {
    name: 'ours',
    pid: s.child.pid as number,
    connect,
    socks5,
    stop: () => s.stop(),
    log: s.output,
  };
}

/** The bare relay (scripts/bench-gateway/relay.ts), one listener per target port. */
export async function startRaw(
  pin: Pinning,
  repoRoot: string,
  targetPorts: number[],
  probe: (d: Dialect) => Promise<void>,
): Promise<RunningPeer & { raw: Dialect }> {
  const pairs: Array<[number, number]> = [];
  for (const t of targetPorts) {
    pairs.push([await freePort(), t]);
  }
  const s = launch(
    [process.execPath, '--import', 'tsx', 'scripts/bench-gateway/relay.ts', JSON.stringify(pairs)],
    pin,
    repoRoot,
  );
  const raw: Dialect = { kind: 'raw', ports: new Map(pairs.map(([listen, target]) => [target, listen])) };
  await ready(s, 'the raw relay', () => probe(raw));
  return { name: 'raw', pid: s.child.pid as number, raw, stop: () => s.stop(), log: s.output };
}

/** A scratch directory the unprivileged daemons (squid runs as `proxy`) can read. */
export function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-gateway-'));
  chmodSync(dir, 0o755);
  return dir;
}

/** squid in the foreground (-N) with basic auth from an htpasswd made with openssl. */
export async function startSquid(
  pin: Pinning,
  dir: string,
  creds: Credentials,
  egressIp: string,
  probe: (d: Dialect) => Promise<void>,
): Promise<RunningPeer> {
  const port = await freePort();
  const htpasswd = path.join(dir, 'squid.htpasswd');
  writeFileSync(htpasswd, `${creds.username}:${run('openssl', ['passwd', '-apr1', creds.password])}\n`);
  chmodSync(htpasswd, 0o644);
  const conf = path.join(dir, 'squid.conf');
  writeFileSync(
    conf,
    [
      `http_port 127.0.0.1:${port}`,
      'visible_hostname bench',
      'pid_filename none',
      // squid drops to the proxy user; stderr (-d 1) is already open, a file in dir might not be writable.
      'cache_log /dev/null',
      'access_log none',
      'cache deny all',
      'cache_mem 8 MB',
      `coredump_dir ${dir}`,
      'netdb_filename none',
      'pinger_enable off',
      'shutdown_lifetime 0 seconds',
      'max_filedescriptors 16384',
      // Egress binding, as ours does.
      `tcp_outgoing_address ${egressIp}`,
      `auth_param basic program ${NCSA_AUTH} ${htpasswd}`,
      'auth_param basic children 4',
      'auth_param basic credentialsttl 2 hours',
      'acl authed proxy_auth REQUIRED',
      'acl bench_ports port 1-65535',
      'acl CONNECT method CONNECT',
      'http_access deny CONNECT !bench_ports',
      'http_access allow authed',
      'http_access deny all',
      '',
    ].join('\n'),
  );
  chmodSync(conf, 0o644);
  const s = launch([SQUID, '-N', '-d', '1', '-f', conf], pin, dir);
  const connect: Dialect = { kind: 'connect', port, auth: [creds.username, creds.password] };
  await ready(s, 'squid', () => probe(connect));
  return { name: 'squid', pid: s.child.pid as number, connect, stop: () => s.stop(), log: s.output };
}

/** A system user for dante's `socksmethod: username` (checked against /etc/shadow), removed by `remove()`. */
export function createSystemUser(): Credentials & { remove(): void } {
  const username = `ppbench${randomBytes(3).toString('hex')}`;
  const password = `B${randomBytes(9).toString('hex')}`;
  run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', username]);
  let removed = false;
  const remove = () => {
    if (!removed) {
      removed = true;
      run('userdel', [username]);
    }
  };
  try {
    // SHA-512 crypt (Debian's ENCRYPT_METHOD before yescrypt); dante hashes on every new client.
    run('chpasswd', ['-c', 'SHA512'], `${username}:${password}\n`);
  } catch (err) {
    remove();
    throw err;
  }
  return { username, password, remove };
}

/** danted (SOCKS5, username auth against the system user), in the foreground. */
export async function startDante(
  pin: Pinning,
  dir: string,
  creds: Credentials,
  egressIp: string,
  probe: (d: Dialect) => Promise<void>,
): Promise<RunningPeer> {
  const port = await freePort();
  const conf = path.join(dir, 'danted.conf');
  writeFileSync(
    conf,
    [
      'logoutput: stderr',
      `internal: 127.0.0.1 port = ${port}`,
      // Egress binding, as ours does.
      `external: ${egressIp}`,
      'clientmethod: none',
      'socksmethod: username',
      'user.privileged: root',
      'user.unprivileged: nobody',
      'client pass {',
      '  from: 127.0.0.0/8 to: 0.0.0.0/0',
      '}',
      'socks pass {',
      '  from: 127.0.0.0/8 to: 0.0.0.0/0',
      '  command: connect udpassociate',
      '  socksmethod: username',
      '}',
      // The echo's answers coming back through the UDP relay.
      'socks pass {',
      '  from: 0.0.0.0/0 to: 127.0.0.0/8',
      '  command: udpreply',
      '}',
      '',
    ].join('\n'),
  );
  const s = launch([DANTED, '-f', conf, '-p', path.join(dir, 'danted.pid')], pin, dir);
  const socks5: Dialect = { kind: 'socks5', port, auth: [creds.username, creds.password] };
  await ready(s, 'dante', () => probe(socks5));
  return { name: 'dante', pid: s.child.pid as number, socks5, stop: () => s.stop(), log: s.output };
}

export function removeDir(dir: string): void {
  if (existsSync(dir)) {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A process and all its descendants (dante forks workers; squid runs helpers). */
function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // The process ended meanwhile.
    }
  }
  const out: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** kB of RSS and of PSS summed over a process tree. */
export function treeMemory(rootPid: number): { rssKb: number; pssKb: number; processes: number } {
  let rssKb = 0;
  let pssKb = 0;
  let processes = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rssKb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      processes += 1;
    } catch {
      // Ended meanwhile.
    }
  }
  return { rssKb, pssKb, processes };
}

/** Clock ticks per second of /proc's cutime and cstime (USER_HZ; 100 on Linux everywhere in practice). */
let clockTicks = 0;
function ticksPerSecond(): number {
  if (clockTicks === 0) {
    try {
      clockTicks = Number(run('getconf', ['CLK_TCK'])) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * Nanoseconds on CPU so far of a process tree, exited members included: every live thread's
 * on-CPU time (/proc/…/task/…/schedstat, ns), plus for every live process the time of its children
 * that have exited and been reaped (cutime + cstime of /proc/…/stat). A proxy that forks workers
 * which come and go between two readings (dante) would otherwise lose their time and read lower at
 * the second reading than at the first. The kernel adds a reaped child's whole time, its own reaped
 * children's included, to its parent's cutime/cstime in nanoseconds; /proc shows the sum in clock
 * ticks, so each reading is at most two ticks short, whatever the number of children.
 */
export function treeCpuNs(rootPid: number): number {
  let ns = 0;
  const tick = 1e9 / ticksPerSecond();
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields from the 3rd (state) on; cutime and cstime are the 16th and 17th.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const reaped = Number(f[13]) + Number(f[14]);
      let live = 0;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        live += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      }
      // Threads that have exited are gone from task/ but stay in the process's own utime + stime
      // (the 14th and 15th fields, in ticks).
      const group = (Number(f[11]) + Number(f[12])) * tick;
      ns += Math.max(live, group) + reaped * tick;
    } catch {
      // Ended meanwhile: its time is in its parent's cutime/cstime once reaped.
    }
  }
  return ns;
}

/** Installs squid and dante-server with apt-get when missing. */
export function ensureInstalled(log: (line: string) => void): void {
  const missing = [
    [SQUID, 'squid'],
    [DANTED, 'dante-server'],
  ]
    .filter(([bin]) => !existsSync(bin as string))
    .map(([, pkg]) => pkg as string);
  if (missing.length === 0) {
    return;
  }
  log(`installing ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, stdio: 'inherit' });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { env, stdio: 'inherit' });
    install();
  }
  // The packages start their system services where an init system runs; the bench runs its own.
  for (const service of ['squid', 'danted']) {
    try {
      execFileSync('service', [service, 'stop'], { stdio: 'ignore' });
    } catch {
      // No such service or no init system.
    }
  }
}

export function version(cmd: string, args: string[]): string {
  try {
    return run(cmd, args).split('\n')[0] ?? '?';
  } catch (err) {
    return `? (${String(err).split('\n')[0]})`;
  }
}
