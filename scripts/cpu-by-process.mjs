// Where a CI run's CPU goes, by kind of process: .ci/run starts this at its beginning and stops it
// (SIGTERM) at its end, when it prints the table. The jobs' own figures (`times` in .ci/run) count
// only the children a job waited for, so they miss what runs outside its process tree (PostgreSQL's
// backends) or is left to init (a server a test killed without waiting): here every process is
// counted by what /proc says it used.
//   node scripts/cpu-by-process.mjs [interval ms]   (prints the table on SIGTERM or SIGINT)
// A process is read every interval (default 1 s), so one that lives less than that, or what a
// process uses in its last interval, is missed: the table says how much of the machine's busy
// time the sampled processes cover.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INTERVAL_MS = Number(process.argv[2] ?? 1000);
const TICKS_PER_S = 100; // USER_HZ on Linux
const SHOWN = 25;

/** The machine's busy jiffies (all CPUs, idle and iowait excluded), from /proc/stat. */
function busyTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  return fields.slice(0, 8).reduce((sum, n) => sum + n, 0) - fields[3] - fields[4];
}

/** A process's kind: its program and script, without what differs between runs. */
function kindOf(comm, cmdline, run) {
  if (cmdline === '') {
    return `[${comm}]`; // a kernel thread
  }
  // Arguments are NUL-separated, unless the process rewrote its command line as one string
  // (Chromium's child processes, PostgreSQL's backends).
  const whole = cmdline.replace(/\0+$/, '');
  const args = whole
    .split(whole.includes('\0') ? '\0' : ' ')
    .map((a) => a.trim())
    .filter(Boolean);
  if (comm === 'postgres') {
    // Its backends retitle themselves "postgres: 15/main: <user> <database> <client>(port) <state>".
    const title = /^postgres: \S+ (.*)$/.exec(args.join(' '))?.[1];
    return title === undefined
      ? 'postgres (postmaster)'
      : /\(\d+\)/.test(title)
        ? 'postgres backend'
        : `postgres ${title}`;
  }
  // Vitest and its workers rename themselves "node (vitest)" and "node (vitest 1)".
  if (whole === 'node (vitest)') {
    return `vitest (${run ?? 'vitest run'})`;
  }
  if (/^node \(vitest \d+\)$/.test(whole) || args.some((a) => a.endsWith('tinypool/dist/entry/process.js'))) {
    return `vitest worker (${run ?? 'vitest run'})`;
  }
  const program = path.basename(args[0] ?? comm);
  if (program.startsWith('chromium')) {
    const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    return `${program} ${option('utility-sub-type') ?? option('type') ?? 'browser'}`;
  }
  // The script a runtime runs (the first argument that is a path) and a test runner's config.
  const script = args.slice(1).find((a) => !a.startsWith('-') && /[/.]/.test(a));
  const config = args[args.indexOf('--config') + 1];
  const shown = [program, script, args.includes('--config') ? `--config ${config}` : undefined]
    .filter(Boolean)
    .join(' ')
    .replaceAll(root, '.');
  return shown.length > 90 ? `${shown.slice(0, 89)}…` : shown;
}

/**
 * pid:start → [kind, CPU ticks since the first sample]. The start time tells a reused pid from the
 * process it replaced; what a process used before the first sample is not the run's.
 */
const seen = new Map();
/** pid:start → its CPU ticks at the first sample, for the processes already running then. */
const before = new Map();
let first = true;
const startBusy = busyTicks();
/** pid → the Vitest run (its config) the process belongs to, inherited from its parent. */
const runByPid = new Map();

/**
 * "vitest run --config e2e/vitest.config.ts" for a process that starts a Vitest run: npm's, its
 * shell's or Vitest's own (which renames itself "node (vitest)", so its children find the run
 * through their ancestors).
 */
function vitestRun(cmdline) {
  const words = cmdline.split(/[\0 ]+/).map((w) => w.replace(/^'|'$/g, ''));
  const at = words.findIndex((w, i) => /(^|\/)vitest(\.mjs)?$/.test(w) && words[i + 1] === 'run');
  if (at < 0) {
    return undefined;
  }
  const config = words.indexOf('--config', at);
  return `vitest run${config > 0 ? ` --config ${words[config + 1]}` : ''}`;
}

function sample() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      // After the comm: utime is field 11 and stime 12, the start time 19.
      const ticks = Number(fields[11]) + Number(fields[12]);
      const key = `${entry}:${fields[19]}`;
      if (first) {
        before.set(key, ticks);
      }
      const known = seen.get(key);
      const used = ticks - (before.get(key) ?? 0);
      if (known) {
        known[1] = used;
      } else {
        const comm = stat.slice(stat.indexOf('(') + 1, close);
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
        const run = vitestRun(cmdline) ?? runByPid.get(fields[1]);
        seen.set(key, [kindOf(comm, cmdline, run), used]);
        runByPid.set(entry, run);
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  first = false;
}

function report() {
  sample();
  const byKind = new Map();
  for (const [kind, ticks] of seen.values()) {
    const entry = byKind.get(kind) ?? { ticks: 0, processes: 0 };
    entry.ticks += ticks;
    entry.processes += 1;
    byKind.set(kind, entry);
  }
  const rows = [...byKind].filter(([, e]) => e.ticks > 0).sort((a, b) => b[1].ticks - a[1].ticks);
  const sampled = rows.reduce((sum, [, e]) => sum + e.ticks, 0);
  const seconds = (ticks) => (ticks / TICKS_PER_S).toFixed(1).padStart(8);
  const lines = [
    `busy CPU-s of the machine: ${seconds(busyTicks() - startBusy).trim()}, of which sampled processes: ${seconds(sampled).trim()}`,
    '  CPU-s  processes  kind',
    ...rows.slice(0, SHOWN).map(([kind, e]) => `${seconds(e.ticks)} ${String(e.processes).padStart(9)}  ${kind}`),
  ];
  if (rows.length > SHOWN) {
    const rest = rows.slice(SHOWN);
    const ticks = rest.reduce((sum, [, e]) => sum + e.ticks, 0);
    const processes = rest.reduce((sum, [, e]) => sum + e.processes, 0);
    lines.push(`${seconds(ticks)} ${String(processes).padStart(9)}  (${rest.length} other kinds)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(0);
}

process.on('SIGTERM', report);
process.on('SIGINT', report);
// Whoever started it is gone (a CI run killed hard): stop too, quietly, instead of running on.
const parent = process.ppid;
sample();
setInterval(() => (process.ppid === parent ? sample() : process.exit(0)), INTERVAL_MS);
