// The tunnel-setup load of `npm run bench:gateway` in C (setup.c, compiled with the machine's cc):
// one epoll loop on the load core that is both the clients opening tunnels and the greeter they
// open them to. The Node client (load.ts setupRate) spent about as much CPU per tunnel as the
// proxies and woke up on its own promise and stream machinery, so the figure measured the load
// generator as much as the proxy; it stays as the fallback without cc.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect, SetupResult } from './load';
import { percentile } from './load';
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
  const child = spawn(bin, ['setup'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let failure: Error | null = null;
  let onLine: (line: string) => void = () => {};
  let onExit: (err: Error) => void = () => {};
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      failure = new Error(`setup load exited (${code ?? signal}): ${stderr.trim() || 'no message'}`);
      onExit(failure);
      resolve();
    }),
  );
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() as string;
    for (const line of lines) {
      onLine(line);
    }
  });
  const greetPort = await new Promise<number>((resolve, reject) => {
    onLine = (line) => resolve(Number(line));
    onExit = reject;
  });
  let queue: Promise<unknown> = Promise.resolve();
  const once = (d: Dialect, count: number, concurrency: number) =>
    new Promise<SetupResult>((resolve, reject) => {
      if (failure !== null) {
        reject(failure);
        return;
      }
      const { port, steps: s } = steps(d, greetPort);
      const times: number[] = [];
      let failures = 0;
      let last = '';
      let seconds = NaN;
      onLine = (line) => {
        if (line.startsWith('failed ')) {
          const m = /^failed (\d+) ?(.*)$/.exec(line);
          failures = Number(m?.[1] ?? 0);
          last = m?.[2] ?? '';
        } else if (line.startsWith('elapsed ')) {
          seconds = Number(line.slice(8)) / 1e9;
        } else if (line === 'end') {
          if (failures > count / 100) {
            reject(new Error(`${failures} of ${count} tunnels failed; last: ${last}`));
            return;
          }
          times.sort((a, b) => a - b);
          resolve({
            perSecond: times.length / seconds,
            p50: percentile(times, 0.5),
            p99: percentile(times, 0.99),
            failures,
          });
        } else {
          times.push(Number(line) / 1e6);
        }
      };
      onExit = reject;
      child.stdin?.write(`${[port, count, concurrency, ...s].join(' ')}\n`);
    });
  return {
    greetPort,
    run(d, count, concurrency) {
      // One run at a time: one loop, and the lines of two runs would interleave.
      const result = queue.then(() => once(d, count, concurrency));
      queue = result.catch(() => {});
      return result;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
