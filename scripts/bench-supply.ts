// `npm run bench:supply`: supply from upstream providers, measured side by side in one run against
// local fakes. Each section is one part of the path from a paid order to traffic through a
// supplier's proxy; `BENCH_ONLY` (a comma list of section names) runs some of them.
//
// - gateway: one gateway engine (its own process, `node --max-semi-space-size=1` as `npm run
//   gateway` runs it) serves three proxies: a direct one (egress from 127.0.0.2) and two chained
//   ones, through a local fake upstream over HTTP CONNECT and over SOCKS5 (apps/gateway/test/
//   fake-upstream.ts, in a process of its own so its CPU is not the gateway's). Measured per proxy,
//   the client speaking HTTP CONNECT to the gateway: the gateway's CPU per GB downloaded through one
//   tunnel, the round-trip time added to 64-byte pings on an open tunnel (over no proxy at all), and
//   new tunnels per second at 64 concurrency (bounded: BENCH_TUNNELS per run) with their errors.
//   The fake upstreams are also pinged directly, so the RTT a chained proxy adds can be split into
//   the upstream's own share and the gateway's.
//   Goals: chained CPU per GB ≤ 1.15× the direct relay's; ≥ 1,000 chained tunnels/s, no errors.
//
// - delivery: paid → delivered, p50/p95 from the buy call to `using` for 1, 10 and 100 IPv4
//   proxies bought from the Proxy6 fake (its 3 requests/s honoured), beside the own node's buy of
//   the same counts in the same run, on the real built server (bench-supply/delivery.ts).
//
// Every gateway figure is the median of BENCH_ROUNDS rounds (3); each round starts with the next proxy.
// Environment: BENCH_ROUNDS, BENCH_MB (512, per throughput run), BENCH_TUNNELS (3000), BENCH_PINGS
// (2000). Tunnel setup is driven by bench-gateway's C client when `cc` works (the Node client
// otherwise, which costs about as much CPU per tunnel as the gateway). Nothing is pinned: on a
// shared machine the rates move with the load; CPU per GB and per tunnel are the steadier figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TGatewayProxy } from '@proxy/contract';
import { pingPong, percentile, setupRate, startTargets, throughput, type Dialect } from './bench-gateway/load';
import { freePort, removeDir, scratchDir, treeCpuNs } from './bench-gateway/peers';
import { compileSetup, startCSetup, type CSetup } from './bench-gateway/setup-c';
import { deliverySection } from './bench-supply/delivery';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BYTES = Number(process.env.BENCH_MB ?? 512) * 2 ** 20;
const TUNNELS = Number(process.env.BENCH_TUNNELS ?? 3000);
const PINGS = Number(process.env.BENCH_PINGS ?? 2000);
const CONCURRENCY = 64;
const SECTIONS = ['gateway', 'delivery'] as const;
type Section = (typeof SECTIONS)[number];
const ONLY = new Set<string>((process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').filter(Boolean));

const say = (line: string) => process.stderr.write(`${line}\n`);

interface Child {
  pid: number;
  first: unknown;
  stop(): Promise<void>;
}

/** Runs `script` under tsx with the gateway's Node flags; resolves with its first stdout line (JSON). */
function startChild(script: string, arg: string): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=1', '--import', 'tsx', script, arg], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl !== -1) {
        resolve({ pid: child.pid as number, first: JSON.parse(out.slice(0, nl)) as unknown, stop });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${stderr.trim()}`)));
  });
}

/** Read syscalls of a process so far (/proc/PID/io `syscr`): reads per MB show the chunk sizes it got. */
function readCalls(pid: number): number {
  const m = /^syscr: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return Number(m?.[1] ?? NaN);
}

/** Times the process went to sleep waiting (/proc/PID/status, all threads of the main one): its wake-ups. */
function wakeups(pid: number): number {
  const m = /^voluntary_ctxt_switches:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? NaN);
}

class Results {
  private readonly values = new Map<string, number[]>();
  add(metric: string, peer: string, v: number): void {
    const key = `${metric}|${peer}`;
    this.values.set(key, [...(this.values.get(key) ?? []), v]);
  }
  median(metric: string, peer: string): number {
    return percentile(
      [...(this.values.get(`${metric}|${peer}`) ?? [])].sort((a, b) => a - b),
      0.5,
    );
  }
}

const PEERS = ['direct', 'via HTTP upstream', 'via SOCKS5 upstream'] as const;
type Peer = (typeof PEERS)[number];

function proxies(ports: Record<Peer, number>, upstream: { http: number; socks5: number }): TGatewayProxy[] {
  const base = {
    protocol: 'http' as const,
    username: 'bench-user',
    password: 'bench-pass-1',
    authIps: [],
    status: 'using' as const,
    bandwidthLimitBytes: null,
    bandwidthUsedBytes: 0,
  };
  const up = { host: '127.0.0.1', username: 'supplier-user', password: 'supplier-pass' };
  return [
    { ...base, id: 'direct', port: ports.direct, egressIp: '127.0.0.2' },
    {
      ...base,
      id: 'via-http',
      port: ports['via HTTP upstream'],
      egressIp: '198.51.100.7',
      upstream: { ...up, protocol: 'http', port: upstream.http },
    },
    {
      ...base,
      id: 'via-socks5',
      port: ports['via SOCKS5 upstream'],
      egressIp: '198.51.100.8',
      upstream: { ...up, protocol: 'socks5', port: upstream.socks5 },
    },
  ];
}

async function gatewaySection(): Promise<void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  try {
    const upstream = await startChild(
      'scripts/bench-supply/upstream-child.ts',
      JSON.stringify(['supplier-user', 'supplier-pass']),
    );
    cleanups.push(() => upstream.stop());
    const ports = {} as Record<Peer, number>;
    for (const peer of PEERS) {
      ports[peer] = await freePort();
    }
    const list = proxies(ports, upstream.first as { http: number; socks5: number });
    const gw = await startChild('scripts/bench-supply/gateway-child.ts', JSON.stringify(list));
    cleanups.push(() => gw.stop());
    const targets = await startTargets();
    cleanups.push(() => targets.close());
    const dir = scratchDir();
    cleanups.push(() => removeDir(dir));
    const compiled = compileSetup(dir);
    const cSetup: CSetup | null = 'bin' in compiled ? await startCSetup(compiled.bin) : null;
    if (cSetup !== null) {
      cleanups.push(() => cSetup.stop());
    }
    const dialect = (peer: Peer): Dialect => ({
      kind: 'connect',
      port: ports[peer],
      auth: ['bench-user', 'bench-pass-1'],
    });
    const upPorts = upstream.first as { http: number; socks5: number };
    const supplier: [string, string] = ['supplier-user', 'supplier-pass'];
    const upstreamAlone: Array<[Peer, Dialect]> = [
      ['via HTTP upstream', { kind: 'connect', port: upPorts.http, auth: supplier }],
      ['via SOCKS5 upstream', { kind: 'socks5', port: upPorts.socks5, auth: supplier }],
    ];
    const setup = (d: Dialect, n: number) =>
      cSetup !== null ? cSetup.run(d, n, CONCURRENCY) : setupRate(d, targets, n, CONCURRENCY);

    say(
      `supply bench, gateway — ${os.cpus()[0]?.model ?? 'cpu'}, ${os.availableParallelism()} cores, Node ${process.version}`,
    );
    say(
      `  load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    say(
      `  ${ROUNDS} rounds; ${BYTES / 2 ** 20} MiB per throughput run; ${TUNNELS} tunnels per run at ${CONCURRENCY} ` +
        `concurrency (${cSetup !== null ? 'C client' : `Node client: ${'reason' in compiled ? compiled.reason : ''}`}); ${PINGS} pings`,
    );
    // Warm-up: every proxy's paths are compiled before anything is measured.
    for (const peer of PEERS) {
      await throughput(dialect(peer), targets, 1, 64 * 2 ** 20);
      await setup(dialect(peer), 500);
    }

    const results = new Results();
    for (let round = 0; round < ROUNDS; round++) {
      say(`round ${round + 1}/${ROUNDS}`);
      const none = await pingPong(null, targets, PINGS);
      // The upstreams alone (the client speaking to them directly): what they add themselves.
      for (const [peer, d] of upstreamAlone) {
        results.add('upstreamRtt50', peer, percentile(await pingPong(d, targets, PINGS), 0.5) - percentile(none, 0.5));
      }
      const order = [...PEERS.slice(round % PEERS.length), ...PEERS.slice(0, round % PEERS.length)];
      for (const peer of order) {
        const d = dialect(peer);
        let cpu0 = treeCpuNs(gw.pid);
        const reads0 = readCalls(gw.pid);
        const wakeups0 = wakeups(gw.pid);
        const mbps = await throughput(d, targets, 1, BYTES);
        const perGb = (treeCpuNs(gw.pid) - cpu0) / 1e6 / (BYTES / 1e9);
        results.add('readsPerMb', peer, (readCalls(gw.pid) - reads0) / (BYTES / 2 ** 20));
        results.add('wakeupsPerMb', peer, (wakeups(gw.pid) - wakeups0) / (BYTES / 2 ** 20));
        results.add('cpuPerGb', peer, perGb);
        results.add('mbps', peer, mbps);
        const rtts = await pingPong(d, targets, PINGS);
        results.add('rtt50', peer, percentile(rtts, 0.5) - percentile(none, 0.5));
        results.add('rtt99', peer, percentile(rtts, 0.99) - percentile(none, 0.99));
        cpu0 = treeCpuNs(gw.pid);
        let failures = TUNNELS;
        let perSecond = NaN;
        try {
          const r = await setup(d, TUNNELS);
          failures = r.failures;
          perSecond = r.perSecond;
        } catch (err) {
          say(`    ${peer}: ${String(err)}`);
        }
        results.add('cpuPer1k', peer, (treeCpuNs(gw.pid) - cpu0) / 1e6 / (TUNNELS / 1000));
        results.add('tunnels', peer, perSecond);
        results.add('errors', peer, failures);
        say(
          `  ${peer}: ${perGb.toFixed(0)} ms CPU/GB, ${mbps.toFixed(0)} MB/s, +${(percentile(rtts, 0.5) - percentile(none, 0.5)).toFixed(0)} µs p50, ` +
            `${perSecond.toFixed(0)} tunnels/s, ${failures} errors`,
        );
      }
    }
    say(
      `  load average at end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    report(results);
  } finally {
    for (const c of cleanups.reverse()) {
      await c();
    }
  }
}

function report(results: Results): void {
  const rows: Array<[string, string, number]> = [
    ['gateway CPU per GB (1 stream)', 'cpuPerGb', 0],
    ['gateway read calls per MiB', 'readsPerMb', 1],
    ['gateway wake-ups per MiB', 'wakeupsPerMb', 1],
    ['throughput, 1 stream (MB/s)', 'mbps', 0],
    ['added RTT p50 (µs)', 'rtt50', 0],
    ['added RTT p99 (µs)', 'rtt99', 0],
    ['  of it the upstream alone, p50 (µs)', 'upstreamRtt50', 0],
    ['new tunnels/s @64', 'tunnels', 0],
    ['tunnel errors per run', 'errors', 0],
    ['gateway CPU per 1k tunnels (ms)', 'cpuPer1k', 0],
  ];
  const head = ['metric', ...PEERS, 'HTTP ÷ direct', 'SOCKS5 ÷ direct'];
  const lines = [head];
  for (const [label, key, digits] of rows) {
    const v = PEERS.map((p) => results.median(key, p));
    const ratio = (x: number) =>
      v[0] === 0 || !Number.isFinite(x / (v[0] as number)) ? 'n/a' : `${(x / (v[0] as number)).toFixed(2)}×`;
    lines.push([
      label,
      ...v.map((x) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a')),
      ratio(v[1] as number),
      ratio(v[2] as number),
    ]);
  }
  const widths = head.map((_, i) => Math.max(...lines.map((l) => (l[i] as string).length)));
  const render = (l: string[]) =>
    `| ${l.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  process.stdout.write(
    `${render(head)}\n| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |\n`,
  );
  for (const l of lines.slice(1)) {
    process.stdout.write(`${render(l)}\n`);
  }
  const cpu = PEERS.slice(1).map((p) => results.median('cpuPerGb', p) / results.median('cpuPerGb', 'direct'));
  const worstRate = Math.min(...PEERS.slice(1).map((p) => results.median('tunnels', p)));
  const errors = Math.max(...PEERS.slice(1).map((p) => results.median('errors', p)));
  process.stdout.write(
    `\ngoal CPU per GB ≤ 1.15× direct: ${cpu.every((r) => r <= 1.15) ? 'met' : 'missed'} (${cpu.map((r) => `${r.toFixed(2)}×`).join(', ')})\n` +
      `goal ≥ 1,000 chained tunnels/s without errors: ${worstRate >= 1000 && errors === 0 ? 'met' : 'missed'} ` +
      `(slowest ${worstRate.toFixed(0)}/s, ${errors} errors)\n`,
  );
}

const RUNNERS: Record<Section, () => Promise<void>> = { gateway: gatewaySection, delivery: deliverySection };

async function main(): Promise<void> {
  for (const section of SECTIONS) {
    if (ONLY.has(section)) {
      await RUNNERS[section]();
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
