// The tunnel-setup load of `npm run bench:gateway` in C (setup.c, compiled with the machine's cc):
// one epoll loop on the load core that is both the clients opening tunnels and the greeter they
// open them to. The Node client (load.ts setupRate) spent about as much CPU per tunnel as the
// proxies and woke up on its own promise and stream machinery, so the figure measured the load
// generator as much as the proxy; it stays as the fallback without cc.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect, SetupResult } from './load';
import { percentile } from './load';
import { startLineChild } from './line-child';
import { steps } from './rtt';

/** Compiles setup.c into `dir`; null (and why) when there is no working cc. */
export function compileSetup(dir: string): { bin: string } | { reason: string } {
  const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'setup.c');
  const bin = path.join(dir, 'setup-load');
  try {
    execFileSync('cc', ['-O2', '-o', bin, source], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    return {
      reason: e.code === 'ENOENT' ? 'no cc on this machine' : `cc failed: ${String(e.stderr ?? e.message).trim()}`,
    };
  }
  return existsSync(bin) ? { bin } : { reason: 'cc produced no binary' };
}

export interface CSetup {
  /** The greeter's port: the tunnels' target ('G', then it closes). */
  greetPort: number;
  /** `count` tunnels through `d` to the greeter, `concurrency` at a time. */
  run(d: Dialect, count: number, concurrency: number): Promise<SetupResult>;
  stop(): Promise<void>;
}

/** Starts `setup-load setup`; it stays up for the whole bench (the raw relay needs the greeter's port). */
export async function startCSetup(bin: string): Promise<CSetup> {
  const child = await startLineChild(bin, 'setup', 'setup load');
  return {
    greetPort: child.port,
    async run(d, count, concurrency) {
      const { port, steps: s } = steps(d, child.port);
      return setupResult(await child.request([port, count, concurrency, ...s].join(' ')), count);
    },
    stop: () => child.stop(),
  };
}

/** Reads a run's lines: one setup time (ns) per tunnel, then "failed N [last error]" and "elapsed NS". */
function setupResult(lines: string[], count: number): SetupResult {
  const times: number[] = [];
  let failures = 0;
  let last = '';
  let seconds = NaN;
  for (const line of lines) {
    if (line.startsWith('failed ')) {
      const m = /^failed (\d+) ?(.*)$/.exec(line);
      failures = Number(m?.[1] ?? 0);
      last = m?.[2] ?? '';
    } else if (line.startsWith('elapsed ')) {
      seconds = Number(line.slice(8)) / 1e9;
    } else {
      times.push(Number(line) / 1e6);
    }
  }
  if (failures > count / 100) {
    throw new Error(`${failures} of ${count} tunnels failed; last: ${last}`);
  }
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99), failures };
}
