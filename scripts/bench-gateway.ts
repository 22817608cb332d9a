// `npm run bench:gateway`: our gateway engine side by side with squid (HTTP CONNECT, basic auth),
// dante (SOCKS5, username auth) and a bare Node TCP relay (the physical reference), on this machine,
// in one run. Each proxy runs pinned to one core (taskset -c 1), the load generator and the local
// targets on the other (core 0). Every figure is the median of BENCH_ROUNDS rounds.
//
// Measured: MB/s downloaded through a tunnel (1 and 8 streams), new tunnels per second at 64
// concurrency with p50/p99 setup time (connect until the target's first byte), the round-trip time
// a proxy adds to 64-byte ping-pongs on an open tunnel (vs. direct), and the memory 1,000 idle
// tunnels cost the proxy (RSS and PSS of its process tree, measured on a freshly started proxy).
//
// Tunnel setup is driven in C (bench-gateway/setup.c: one epoll loop that opens the tunnels and is
// the greeter they reach), so the load generator costs little beside the proxy (the Node client in
// load.ts, the fallback without cc, spent as much CPU per tunnel as the proxies). The first round
// warms every peer with as many tunnels as are measured, and each round starts with the next peer.
// Proxy CPU includes exited children (cutime/cstime): dante's workers come and go.
//
// Round trips are timed in C (bench-gateway/pingpong.c, compiled here with the machine's cc), two
// ways, both on the load core, sequential 64-byte pings, TCP_NODELAY, clock_gettime per ping:
// - a blocking pinger and a blocking echo target: each sleeps in read(), so a round trip also pays
//   for waking the load core twice; on small virtual machines that floor hides the proxies' own
//   cost (they all come out alike);
// - one busy-polling thread that is pinger and echo at once (non-blocking sockets): the load core
//   never sleeps, so what is added over direct is the proxy's own work and its own core's wake-ups.
// A Node client would add its own event loop to every round trip. Without cc the Node pinger
// (load.ts) stands in for the first, the busy-poll rows stay empty, and the output says so.
//
// Needs root: it installs squid and dante-server with apt-get when missing and creates a system user
// for dante's username auth (removed at the end). Environment: BENCH_ROUNDS (3), BENCH_MB (1024,
// bytes per throughput run), BENCH_TUNNELS (2000 per setup run), BENCH_PINGS (10000), BENCH_IDLE (1000),
// BENCH_OURS_NODE_FLAGS (our gateway's Node flags; by default those of `npm run gateway`),
// BENCH_ONLY (for quick iterations: a comma list of throughput, setup, rtt, memory; all by default),
// BENCH_BASELINE=<dir> (another checkout with its node_modules: its gateway runs as one more peer,
// "baseline", in the same rounds, and the table adds ours÷baseline).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  openIdle,
  probeTunnel,
  percentile,
  pingPong,
  setupRate,
  startTargets,
  throughput,
  type Dialect,
} from './bench-gateway/load';
import { compilePinger, cPingPong, startCBusy, startCEcho } from './bench-gateway/rtt';
import { compileSetup, startCSetup } from './bench-gateway/setup-c';
import { startUdpEchoTarget, udpRate } from './bench-gateway/udp';
import {
  DANTED,
  SQUID,
  createSystemUser,
  ensureInstalled,
  gatewayNodeFlags,
  killAll,
  removeDir,
  scratchDir,
  startDante,
  startOurs,
  startRaw,
  startSquid,
  treeCpuNs,
  treeMemory,
  version,
  type Pinning,
  type RunningPeer,
} from './bench-gateway/peers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BYTES = Number(process.env.BENCH_MB ?? 1024) * 1024 * 1024;
const TUNNELS = Number(process.env.BENCH_TUNNELS ?? 2000);
const PINGS = Number(process.env.BENCH_PINGS ?? 10_000);
const IDLE = Number(process.env.BENCH_IDLE ?? 1000);
const DATAGRAMS = Number(process.env.BENCH_DATAGRAMS ?? 200_000);
const SECTIONS = ['throughput', 'setup', 'rtt', 'memory', 'udp'] as const;
const ONLY = new Set((process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').map((x) => x.trim()));
for (const s of ONLY) {
  if (!(SECTIONS as readonly string[]).includes(s)) {
    throw new Error(`BENCH_ONLY: unknown section ${s} (known: ${SECTIONS.join(', ')})`);
  }
}
const CONCURRENCY = 64;
/** Read before this process pins itself to one core (the count follows the affinity mask). */
const CORES = os.availableParallelism();

/** Egress address per peer: separate ones keep their outgoing ports (and TIME_WAITs) apart. */
const EGRESS = { ours: '127.0.0.2', squid: '127.0.0.3', dante: '127.0.0.4', base: '127.0.0.5' };

/** Our gateway from another checkout (BENCH_BASELINE), run the same way as ours. */
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;

type PeerName = 'ours' | 'base' | 'squid' | 'dante' | 'raw';
type Proto = 'connect' | 'socks5';
/** Our gateway and, with BENCH_BASELINE, the baseline tree's: the peers that speak both protocols. */
const OURS: PeerName[] = BASELINE ? ['ours', 'base'] : ['ours'];
const PEERS: PeerName[] = [...OURS, 'squid', 'dante', 'raw'];

/** Which peers serve which protocol (the raw relay stands in both rows). */
const SERVES: Record<Proto, PeerName[]> = {
  connect: [...OURS, 'squid', 'raw'],
  socks5: [...OURS, 'dante', 'raw'],
};

const say = (line: string) => process.stderr.write(`${line}\n`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.floor((s.length - 1) / 2)] as number);
}

/** Figures per metric row and peer, one per round. */
class Results {
  private readonly data = new Map<string, Map<PeerName, number[]>>();
  add(row: string, peer: PeerName, value: number): void {
    const byPeer = this.data.get(row) ?? new Map<PeerName, number[]>();
    byPeer.set(peer, [...(byPeer.get(peer) ?? []), value]);
    this.data.set(row, byPeer);
  }
  median(row: string, peer: PeerName): number | null {
    const xs = this.data.get(row)?.get(peer);
    return xs === undefined || xs.length === 0 ? null : median(xs);
  }
  rounds(row: string, peer: PeerName): number[] {
    return this.data.get(row)?.get(peer) ?? [];
  }
}

interface RowSpec {
  key: string;
  label: string;
  unit: string;
  higherIsBetter: boolean;
  digits: number;
}

function rowsFor(proto: Proto): RowSpec[] {
  const p = proto === 'connect' ? 'CONNECT' : 'SOCKS5';
  const row = (key: string, label: string, unit: string, higherIsBetter: boolean, digits: number): RowSpec => ({
    key: `${proto}:${key}`,
    label: `${p} ${label}`,
    unit,
    higherIsBetter,
    digits,
  });
  return [
    row('mbps:1', 'throughput, 1 stream', 'MB/s', true, 0),
    row('mbps:8', 'throughput, 8 streams', 'MB/s', true, 0),
    row('cpu:gb', 'proxy CPU per GB (1 stream)', 'ms', false, 0),
    row('setup:rate', `new tunnels @${CONCURRENCY}`, '/s', true, 0),
    row('setup:p50', 'setup time p50', 'ms', false, 2),
    row('setup:p99', 'setup time p99', 'ms', false, 2),
    row('cpu:setup', 'proxy CPU per 1k tunnels', 'ms', false, 0),
    row('rtt:p50', 'added RTT p50', 'µs', false, 0),
    row('rtt:p99', 'added RTT p99', 'µs', false, 0),
    row('rtt-busy:p50', 'added RTT p50 (busy-poll client)', 'µs', false, 0),
    row('rtt-busy:p99', 'added RTT p99 (busy-poll client)', 'µs', false, 0),
    row('rss', `RSS per ${IDLE} idle tunnels`, 'MB', false, 1),
    row('pss', `PSS per ${IDLE} idle tunnels`, 'MB', false, 1),
    // SOCKS5 UDP ASSOCIATE: ours and dante only (squid has no SOCKS5, the raw relay no UDP).
    ...(proto === 'socks5'
      ? [
          row('udp:rate', 'UDP ASSOCIATE datagrams (64 B, 32 in flight)', '/s', true, 0),
          row('udp:cpu', 'proxy CPU per 100k datagrams', 'ms', false, 0),
        ]
      : []),
  ];
}

function fmt(x: number | null, digits: number): string {
  if (x === null || Number.isNaN(x)) {
    return '–';
  }
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function ratio(a: number | null, b: number | null): string {
  if (a === null || b === null || Number.isNaN(a) || Number.isNaN(b) || b === 0) {
    return 'n/a';
  }
  return `${(a / b).toFixed(2)}×`;
}

function table(results: Results): string {
  const base = BASELINE !== null;
  const head = [
    'metric',
    'unit',
    'better',
    'ours',
    ...(base ? ['baseline'] : []),
    'squid',
    'dante',
    'raw relay',
    ...(base ? ['ours÷baseline'] : []),
    'ours÷squid',
    'ours÷dante',
    'ours÷raw',
  ];
  const lines: string[][] = [head];
  for (const proto of ['connect', 'socks5'] as Proto[]) {
    for (const r of rowsFor(proto)) {
      const v = (peer: PeerName) => (SERVES[proto].includes(peer) ? results.median(r.key, peer) : null);
      lines.push([
        r.label,
        r.unit,
        r.higherIsBetter ? 'higher' : 'lower',
        fmt(v('ours'), r.digits),
        ...(base ? [fmt(v('base'), r.digits)] : []),
        fmt(v('squid'), r.digits),
        fmt(v('dante'), r.digits),
        fmt(v('raw'), r.digits),
        ...(base ? [ratio(v('ours'), v('base'))] : []),
        ratio(v('ours'), v('squid')),
        ratio(v('ours'), v('dante')),
        ratio(v('ours'), v('raw')),
      ]);
    }
  }
  const widths = head.map((_, i) => Math.max(...lines.map((l) => (l[i] as string).length)));
  const render = (l: string[]) =>
    `| ${l.map((c, i) => (i < 3 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < 3 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [render(head), rule, ...lines.slice(1).map(render)].join('\n');
}

/** Core pinning: proxies on core 1, this process (load generator and targets) on core 0. */
function pinning(): { pin: Pinning; note: string } {
  const cores = CORES;
  if (cores < 2 || !existsSync('/usr/bin/taskset')) {
    return {
      pin: { proxy: [] },
      note: `no pinning (${cores} core(s), taskset ${existsSync('/usr/bin/taskset') ? 'present' : 'missing'})`,
    };
  }
  execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
  return {
    pin: { proxy: ['taskset', '-c', '1'] },
    note: 'proxy on core 1 (taskset -c 1), load generator and targets on core 0',
  };
}

/** Waits until the tree's memory holds still (two readings 250 ms apart within 1%), at most 3 s. */
async function settledMemory(pid: number): Promise<{ rssKb: number; pssKb: number; processes: number }> {
  let prev = treeMemory(pid);
  const deadline = Date.now() + 3_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = treeMemory(pid);
    if (Math.abs(now.rssKb - prev.rssKb) <= prev.rssKb * 0.01 || Date.now() > deadline) {
      return now;
    }
    prev = now;
  }
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) {
    throw new Error('run as root: the bench installs squid and dante-server and creates a system user for dante');
  }
  ensureInstalled(say);
  const { pin, note } = pinning();
  const cpu = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '?';
  const cleanups: Array<() => unknown> = [];
  const cleanup = async () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        await c();
      } catch (err) {
        say(`cleanup: ${String(err)}`);
      }
    }
  };
  const interrupted = (signal: NodeJS.Signals) => {
    say(`\n${signal}: stopping`);
    killAll();
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    const targets = await startTargets();
    cleanups.push(() => targets.close());
    const udpEcho = await startUdpEchoTarget();
    cleanups.push(() => udpEcho.close());
    const dir = scratchDir();
    cleanups.push(() => removeDir(dir));
    const danteUser = createSystemUser();
    cleanups.push(() => danteUser.remove());
    const creds = { username: 'bench-user', password: 'bench-pass-0123' };
    const oursFlags = gatewayNodeFlags(repoRoot);
    const baseFlags = BASELINE === null ? [] : gatewayNodeFlags(BASELINE);
    const compiled = compilePinger(dir);
    const cPinger = 'bin' in compiled ? await startCEcho(compiled.bin) : null;
    if (cPinger !== null) {
      cleanups.push(() => cPinger.stop());
    }
    // A diagnostic beside the figure: the same pings with pinger and echo on the proxy's core, so
    // no packet waits for another core to wake up (logged, not in the table).
    const sameCore = cPinger !== null && pin.proxy.length > 0 ? await startCEcho(cPinger.bin, pin.proxy) : null;
    if (sameCore !== null) {
      cleanups.push(() => sameCore.stop());
    }
    // Its own process for the whole bench: the raw relay needs its listener's port at start.
    const busy = cPinger !== null && ONLY.has('rtt') ? await startCBusy(cPinger.bin) : null;
    if (busy !== null) {
      cleanups.push(() => busy.stop());
    }
    // Tunnel setup driven from C (setup.c: clients and greeter in one epoll loop) when cc works.
    const setupCompiled = compileSetup(dir);
    const cSetup = 'bin' in setupCompiled ? await startCSetup(setupCompiled.bin) : null;
    if (cSetup !== null) {
      cleanups.push(() => cSetup.stop());
    }
    const setupMethod =
      cSetup !== null
        ? 'setup.c: one C epoll loop that opens the tunnels and is the greeter they reach'
        : `NOTE: the Node client (${'reason' in setupCompiled ? setupCompiled.reason : '?'}); ` +
          'it costs about as much CPU per tunnel as a proxy, on the load core, so rates read closer together';
    const setupRun = (d: Dialect, n: number) =>
      cSetup !== null ? cSetup.run(d, n, CONCURRENCY) : setupRate(d, targets, n, CONCURRENCY);
    const noCc = 'reason' in compiled ? compiled.reason : '?';
    const rttMethod =
      cPinger !== null
        ? 'C pinger and C echo (pingpong.c: blocking sockets, TCP_NODELAY, clock_gettime per ping)'
        : `NOTE: Node pinger and Node echo (${noCc}); ` +
          'its own event loop is in every round trip, so added RTTs read higher than with the C pinger';
    const busyMethod =
      busy !== null
        ? 'one C thread that is pinger and echo at once (pingpong.c busy: non-blocking sockets, ' +
          'TCP_NODELAY, spinning on recv(), clock_gettime per ping)'
        : `NOTE: not measured (${noCc}): the busy-poll client is C only, its rows stay empty`;
    const pings = (d: Dialect | null, n: number) =>
      cPinger !== null ? cPingPong(cPinger, d, n) : pingPong(d, targets, n);
    const probe = (d: Dialect) => probeTunnel(d, targets);

    const start = async (peer: PeerName): Promise<RunningPeer> => {
      switch (peer) {
        case 'ours':
          return startOurs(pin, repoRoot, oursFlags, creds, EGRESS.ours, probe);
        case 'base':
          return startOurs(pin, BASELINE as string, baseFlags, creds, EGRESS.base, probe);
        case 'squid':
          return startSquid(pin, dir, creds, EGRESS.squid, probe);
        case 'dante':
          return startDante(pin, dir, danteUser, EGRESS.dante, probe);
        case 'raw': {
          const ports = [targets.source, targets.echo, targets.greet, ...(cSetup !== null ? [cSetup.greetPort] : [])];
          const echoes = [cPinger, sameCore, busy].flatMap((p) => (p === null ? [] : [p.echoPort]));
          const raw = await startRaw(pin, repoRoot, [...ports, ...echoes], probe);
          return { ...raw, connect: raw.raw, socks5: raw.raw };
        }
      }
    };
    const dialectOf = (p: RunningPeer, proto: Proto): Dialect => {
      const d = proto === 'connect' ? p.connect : p.socks5;
      if (d === undefined) {
        throw new Error(`${p.name} does not serve ${proto}`);
      }
      return d;
    };

    say(`gateway bench — ${cpu}, ${CORES} cores, Linux ${os.release()}, Node ${process.version}`);
    say(`  ${note}`);
    say(`  ${version(SQUID, ['-v'])}; ${version(DANTED, ['-v'])}`);
    say(
      `  ${ROUNDS} rounds; ${BYTES / 2 ** 20} MiB per throughput run; ${TUNNELS} tunnels per setup run; ` +
        `${PINGS} pings; ${IDLE} idle tunnels${ONLY.size < SECTIONS.length ? `; only ${[...ONLY].join(', ')}` : ''}`,
    );
    say(`  tunnel setup: ${setupMethod}`);
    say(`  round trips: ${rttMethod}`);
    say(`  round trips, busy-poll: ${busyMethod}`);
    say(`  ours runs as npm run gateway does: node ${[...oursFlags, '--import tsx'].join(' ')}`);
    if (BASELINE !== null) {
      say(`  baseline: the gateway of ${BASELINE}, run the same way: node ${[...baseFlags, '--import tsx'].join(' ')}`);
    }

    const results = new Results();
    const running = new Map<PeerName, RunningPeer>();
    for (const peer of PEERS) {
      const p = await start(peer);
      running.set(peer, p);
      cleanups.push(() => p.stop());
    }
    // Egress binding is on: each proxy's outgoing connections come from its own address.
    const egressSeen: string[] = [];
    for (const peer of [...OURS, 'squid', 'dante'] as PeerName[]) {
      const p = running.get(peer) as RunningPeer;
      targets.remotes.clear();
      await probe(dialectOf(p, peer === 'dante' ? 'socks5' : 'connect'));
      egressSeen.push(`${peer} ${[...targets.remotes].join(',')}`);
    }
    say(`  egress seen by the target: ${egressSeen.join('; ')}`);

    const combos: Array<[PeerName, Proto]> = [
      ['ours', 'connect'],
      ['squid', 'connect'],
      ['ours', 'socks5'],
      ['dante', 'socks5'],
      ['raw', 'connect'],
      ...(BASELINE !== null
        ? ([
            ['base', 'connect'],
            ['base', 'socks5'],
          ] as Array<[PeerName, Proto]>)
        : []),
    ];
    const record = (peer: PeerName, proto: Proto, key: string, value: number) => {
      // The raw relay has no protocol: its figure stands in both rows.
      for (const pr of peer === 'raw' ? (['connect', 'socks5'] as Proto[]) : [proto]) {
        results.add(`${pr}:${key}`, peer, value);
      }
    };

    const noUdp = new Set<PeerName>();
    for (let round = 1; round <= ROUNDS; round++) {
      say(`round ${round}/${ROUNDS}`);
      // Each round starts with the next peer, so none always runs first (right after the previous
      // section's load, or on a cold load generator).
      const order = combos.map((_, i) => combos[(i + round - 1) % combos.length] as [PeerName, Proto]);
      for (const streams of ONLY.has('throughput') ? [1, 8] : []) {
        for (const [peer, proto] of order) {
          const d = dialectOf(running.get(peer) as RunningPeer, proto);
          if (round === 1) {
            await throughput(d, targets, streams, 64 * 2 ** 20);
          }
          const pid = (running.get(peer) as RunningPeer).pid;
          const cpu0 = treeCpuNs(pid);
          const mbps = await throughput(d, targets, streams, BYTES);
          const cpuPerGb = (treeCpuNs(pid) - cpu0) / 1e6 / (BYTES / 1e9);
          record(peer, proto, `mbps:${streams}`, mbps);
          if (streams === 1) {
            record(peer, proto, 'cpu:gb', cpuPerGb);
          }
          say(
            `  ${peer.padEnd(5)} ${proto.padEnd(7)} ${streams} stream(s): ${mbps.toFixed(0)} MB/s, ` +
              `proxy CPU ${cpuPerGb.toFixed(0)} ms/GB`,
          );
        }
      }
      const udpPeers = [...OURS, 'dante'].filter((p) => !noUdp.has(p as PeerName)) as PeerName[];
      for (const peer of ONLY.has('udp') ? (round % 2 === 1 ? udpPeers : [...udpPeers].reverse()) : []) {
        const d = dialectOf(running.get(peer) as RunningPeer, 'socks5') as Extract<Dialect, { kind: 'socks5' }>;
        if (round === 1) {
          try {
            await udpRate(d, udpEcho.port, DATAGRAMS / 4);
          } catch (err) {
            // A baseline tree may predate UDP ASSOCIATE: its rows stay empty.
            if (peer !== 'base') {
              throw err;
            }
            noUdp.add(peer);
            say(`  base  udp     not measured: ${err instanceof Error ? err.message : String(err)}`);
            continue;
          }
        }
        const pid = (running.get(peer) as RunningPeer).pid;
        const cpu0 = treeCpuNs(pid);
        const u = await udpRate(d, udpEcho.port, DATAGRAMS);
        const cpuPer100k = (treeCpuNs(pid) - cpu0) / 1e6 / (DATAGRAMS / 100_000);
        record(peer, 'socks5', 'udp:rate', u.perSecond);
        record(peer, 'socks5', 'udp:cpu', cpuPer100k);
        say(
          `  ${peer.padEnd(5)} udp     ${u.perSecond.toFixed(0)} datagrams/s, proxy CPU ${cpuPer100k.toFixed(0)} ms/100k` +
            (u.lost > 0 ? ` (${u.lost} lost and resent)` : ''),
        );
      }
      for (const [peer, proto] of ONLY.has('setup') ? order : []) {
        const d = dialectOf(running.get(peer) as RunningPeer, proto);
        // Warm-up: in the first round as many tunnels as are measured, so code that is compiled
        // while it runs (ours is JavaScript: V8 optimises the handshake path only after some
        // thousand calls) is as warm as on a node that has been serving; 256 in later rounds.
        await setupRun(d, round === 1 ? TUNNELS : 256);
        const pid = (running.get(peer) as RunningPeer).pid;
        const cpu0 = treeCpuNs(pid);
        const s = await setupRun(d, TUNNELS);
        const cpuPer1k = (treeCpuNs(pid) - cpu0) / 1e6 / (TUNNELS / 1000);
        record(peer, proto, 'cpu:setup', cpuPer1k);
        record(peer, proto, 'setup:rate', s.perSecond);
        record(peer, proto, 'setup:p50', s.p50);
        record(peer, proto, 'setup:p99', s.p99);
        say(
          `  ${peer.padEnd(5)} ${proto.padEnd(7)} setup: ${s.perSecond.toFixed(0)}/s, p50 ${s.p50.toFixed(2)} ms, ` +
            `p99 ${s.p99.toFixed(2)} ms, proxy CPU ${cpuPer1k.toFixed(0)} ms/1k${s.failures > 0 ? `, ${s.failures} failed` : ''}`,
        );
      }
      if (!ONLY.has('rtt')) {
        continue;
      }
      await pings(null, 200);
      const direct = await pings(null, PINGS);
      const [d50, d99] = [percentile(direct, 0.5), percentile(direct, 0.99)];
      const sameDirect = sameCore === null ? 0 : percentile(await cPingPong(sameCore, null, PINGS), 0.5);
      let busyDirect: [number, number] = [0, 0];
      if (busy !== null) {
        await busy.pings(null, 200);
        const b = await busy.pings(null, PINGS);
        busyDirect = [percentile(b, 0.5), percentile(b, 0.99)];
      }
      for (const [peer, proto] of order) {
        const d = dialectOf(running.get(peer) as RunningPeer, proto);
        await pings(d, 200);
        const pid = (running.get(peer) as RunningPeer).pid;
        const cpu0 = treeCpuNs(pid);
        const rtts = await pings(d, PINGS);
        // The proxy's own CPU per round trip (user and kernel): what its code and syscalls cost,
        // apart from the time the packets wait for a core to wake up.
        const cpuPerRtt = (treeCpuNs(pid) - cpu0) / 1e3 / PINGS;
        const [a50, a99] = [percentile(rtts, 0.5) - d50, percentile(rtts, 0.99) - d99];
        record(peer, proto, 'rtt:p50', a50);
        record(peer, proto, 'rtt:p99', a99);
        say(
          `  ${peer.padEnd(5)} ${proto.padEnd(7)} RTT +${a50.toFixed(0)} µs p50, +${a99.toFixed(0)} µs p99 ` +
            `(direct ${d50.toFixed(0)}/${d99.toFixed(0)} µs), proxy CPU ${cpuPerRtt.toFixed(1)} µs per round trip`,
        );
        if (sameCore !== null) {
          await cPingPong(sameCore, d, 200);
          const same = percentile(await cPingPong(sameCore, d, PINGS), 0.5) - sameDirect;
          say(`        pinger and echo on the proxy's core instead: +${same.toFixed(0)} µs p50 (diagnostic)`);
        }
        if (busy !== null) {
          await busy.pings(d, 200);
          const cpuBusy0 = treeCpuNs(pid);
          const b = await busy.pings(d, PINGS);
          const busyCpuPerRtt = (treeCpuNs(pid) - cpuBusy0) / 1e3 / PINGS;
          const [b50, b99] = [percentile(b, 0.5) - busyDirect[0], percentile(b, 0.99) - busyDirect[1]];
          record(peer, proto, 'rtt-busy:p50', b50);
          record(peer, proto, 'rtt-busy:p99', b99);
          say(
            `        busy-poll client: +${b50.toFixed(0)} µs p50, +${b99.toFixed(0)} µs p99 ` +
              `(direct ${busyDirect[0].toFixed(0)}/${busyDirect[1].toFixed(0)} µs), ` +
              `proxy CPU ${busyCpuPerRtt.toFixed(1)} µs per round trip`,
          );
        }
      }
    }

    // Metering was on the whole time: ask our gateway what it counted.
    const meteredBy: string[] = [];
    for (const name of OURS) {
      const ours = running.get(name) as RunningPeer;
      process.kill(ours.pid, 'SIGUSR2');
      const deadline = Date.now() + 5_000;
      while (!ours.log().includes('"meter"') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const meterLine = ours
        .log()
        .split('\n')
        .find((l) => l.includes('"meter"'));
      const counters = meterLine
        ? (JSON.parse(meterLine) as { meter: Array<{ proxyId: string; bytesIn: number; bytesOut: number }> }).meter
        : [];
      meteredBy.push(
        `${name}: ${counters.map((c) => `${c.proxyId} ${((c.bytesIn + c.bytesOut) / 1e9).toFixed(1)} GB`).join(', ') || 'n/a'}`,
      );
    }
    const metered = meteredBy.join('; ');

    // Memory: on freshly started proxies, so no earlier run's heap or buffers hide the cost.
    for (const p of running.values()) {
      await p.stop();
    }
    running.clear();
    for (let round = 1; round <= (ONLY.has('memory') ? ROUNDS : 0); round++) {
      for (const [peer, proto] of combos) {
        const p = await start(peer);
        try {
          const d = dialectOf(p, proto);
          // Warm: code paths, auth helpers, first buffers.
          for (const s of await openIdle(d, targets, CONCURRENCY, CONCURRENCY)) {
            s.destroy();
          }
          const before = await settledMemory(p.pid);
          const idle = await openIdle(d, targets, IDLE, CONCURRENCY);
          const after = await settledMemory(p.pid);
          for (const s of idle) {
            s.destroy();
          }
          const rss = (after.rssKb - before.rssKb) / 1024;
          const pss = (after.pssKb - before.pssKb) / 1024;
          record(peer, proto, 'rss', rss);
          record(peer, proto, 'pss', pss);
          say(
            `  ${peer.padEnd(5)} ${proto.padEnd(7)} ${IDLE} idle: RSS +${rss.toFixed(1)} MB, PSS +${pss.toFixed(1)} MB ` +
              `(${before.processes}→${after.processes} processes)`,
          );
        } finally {
          await p.stop();
        }
      }
    }

    process.stdout.write(
      `\nGateway bench (${cpu}, ${CORES} cores, Node ${process.version}; ${note}; ` +
        `median of ${ROUNDS} rounds)\n\n${table(results)}\n\n` +
        `Throughput: ${BYTES / 2 ** 20} MiB downloaded from a local source per run (split over the streams). ` +
        `Proxy CPU: on-CPU time of the proxy's process tree (all threads), per GB relayed or per 1,000 tunnels set up. ` +
        `Setup: ${TUNNELS} tunnels at ${CONCURRENCY} concurrency, connect() until the target's first byte, ` +
        `driven by ${setupMethod}, after a warm-up of as many tunnels in the first round. ` +
        `Added RTT: ${PINGS} sequential 64-byte pings on one open tunnel to an echo target, each sent once ` +
        `the previous one is back, p50/p99 through the proxy minus the same percentile direct, two ways. ` +
        `"added RTT": timed by the ${rttMethod}` +
        (pin.proxy.length > 0
          ? `, pinger and echo on the load core, so each round trip wakes a core four times (pinger to proxy to ` +
            `echo and back): the proxy's and the load generator's wake-ups together, a floor that on a small ` +
            `virtual machine can make every proxy look alike; the log also gives the same pings with pinger and ` +
            `echo on the proxy's core. `
          : '. ') +
        `"(busy-poll client)": timed by ${busyMethod}` +
        (busy !== null
          ? `; the load core never sleeps, so the direct baseline is bare loopback and what a proxy adds is ` +
            `its own work (read, write, its event loop) plus the wake-ups of its own core (twice per round ` +
            `trip): the proxy's real cost, the figure to set against squid. `
          : '. ') +
        `Memory: process-tree delta with ${IDLE} idle tunnels open, on a fresh proxy after a warm-up.\n` +
        `Auth everywhere: ours and squid Basic (squid: basic_ncsa_auth, apr1 htpasswd, credentials cached), ` +
        `ours and dante SOCKS5 username/password (dante: system user, SHA-512 crypt checked per client). ` +
        `Egress binding everywhere (tcp_outgoing_address / external: / egressIp); ours meters every chunk ` +
        `(counted: ${metered || 'n/a'}). squid has no SOCKS5 server and dante no HTTP proxy: n/a in those rows. ` +
        `The raw relay has no protocol; its figures stand in both rows.\n`,
    );
  } finally {
    await cleanup();
    // Whatever a stop missed (a peer that ignored its signal, a forked worker) ends with the bench.
    killAll();
  }
}

main().catch((err: unknown) => {
  say(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  killAll();
  process.exitCode = 1;
});
