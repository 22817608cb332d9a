// E2E_PROFILE=1: per spec file, the wall time and the CPU time (user + system) of the Vitest worker,
// the servers and the browsers it started, and how many full page loads its pages made, appended as
// one JSON line to test-results/e2e-profile.jsonl.
// On this CPU-bound machine a file's cost is its CPU, which wall time under load hides.
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PROFILING = process.env.E2E_PROFILE === '1';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime of the process itself, in ms. */
  self: number;
  /** cutime + cstime: its children that have exited and been waited for, in ms. */
  reaped: number;
}

function readStat(pid: number | 'self'): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const f = text.slice(close + 2).split(' ');
    // Fields after the comm: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return {
      pid: Number(text.slice(0, text.indexOf(' '))),
      ppid: Number(f[1]),
      comm,
      self: (Number(f[11]) + Number(f[12])) * TICK_MS,
      reaped: (Number(f[13]) + Number(f[14])) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/** CPU ms of the live processes below this worker, by kind, including their exited children. */
export function treeCpu(): Record<string, number> {
  const all = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    if (/^\d+$/.test(name)) {
      const stat = readStat(Number(name));
      if (stat) {
        all.set(stat.pid, stat);
      }
    }
  }
  const byKind: Record<string, number> = {};
  const kindOf = (p: ProcStat): string => (/chrom/i.test(p.comm) ? 'browser' : p.comm === 'node' ? 'server' : p.comm);
  const visit = (pid: number, kind: string | null) => {
    for (const child of all.values()) {
      if (child.ppid === pid) {
        const k = kind ?? kindOf(child);
        byKind[k] = (byKind[k] ?? 0) + child.self + child.reaped;
        visit(child.pid, k);
      }
    }
  };
  visit(process.pid, null);
  return byKind;
}

/** This worker's own CPU ms, and that of its children it has waited for. */
export function selfCpu(): { worker: number; reaped: number } {
  const stat = readStat('self');
  return { worker: stat?.self ?? 0, reaped: stat?.reaped ?? 0 };
}

export function writeProfile(record: Record<string, unknown>): void {
  const dir = path.resolve(process.cwd(), 'test-results');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'e2e-profile.jsonl'), `${JSON.stringify(record)}\n`);
}
