// The round-trip part of `npm run bench:gateway`: pingpong.c compiled with the machine's cc, run two
// ways on the load core (they inherit the bench's affinity), timing each ping with
// clock_gettime(CLOCK_MONOTONIC):
// - a blocking pinger and an echo target (a thread per connection), TCP_NODELAY; each waits in
//   read(), so the load core sleeps and is woken twice per round trip, besides the proxy's core;
// - one busy-polling thread that is pinger and echo at once (non-blocking sockets, TCP_NODELAY), so
//   the load core never sleeps and only the proxy's own wake-ups stay in the round trip.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { startLineChild } from './line-child';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from './load';

export interface CPinger {
  bin: string;
  /** Command prefix that pins the echo and its pingers to cores, e.g. ['taskset', '-c', '1']. */
  cores: string[];
  /** The C echo target's port: one greeting byte 'G', then it echoes. */
  echoPort: number;
  stop(): Promise<void>;
}

/** Compiles pingpong.c into `dir`; null (and why) when there is no working cc. */
export function compilePinger(dir: string): { bin: string } | { reason: string } {
  const source = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pingpong.c');
  const bin = path.join(dir, 'pingpong');
  try {
    execFileSync('cc', ['-O2', '-pthread', '-o', bin, source], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    return {
      reason: e.code === 'ENOENT' ? 'no cc on this machine' : `cc failed: ${String(e.stderr ?? e.message).trim()}`,
    };
  }
  return existsSync(bin) ? { bin } : { reason: 'cc produced no binary' };
}

/** Starts the C echo target (under `cores`, if given); resolves once it printed its port. */
export async function startCEcho(bin: string, cores: string[] = []): Promise<CPinger> {
  const argv = [...cores, bin, 'echo'];
  const child: ChildProcess = spawn(argv[0] as string, argv.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const echoPort = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^(\d+)\n/.exec(out);
      if (m !== null) {
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`C echo exited (${code}) before listening`)));
  });
  return {
    bin,
    cores,
    echoPort,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

const hex = (b: Buffer | string) => (typeof b === 'string' ? Buffer.from(b, 'latin1') : b).toString('hex');

/** The pinger's handshake steps (see pingpong.c) for a tunnel to 127.0.0.1:`target` through `d`. */
export function steps(d: Dialect | null, target: number): { port: number; steps: string[] } {
  if (d === null) {
    return { port: target, steps: [] };
  }
  if (d.kind === 'raw') {
    const port = d.ports.get(target);
    if (port === undefined) {
      throw new Error(`the raw relay has no listener for port ${target}`);
    }
    return { port, steps: [] };
  }
  if (d.kind === 'connect') {
    const authority = `127.0.0.1:${target}`;
    const basic = Buffer.from(`${d.auth[0]}:${d.auth[1]}`).toString('base64');
    const req = `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\nProxy-Authorization: Basic ${basic}\r\n\r\n`;
    return { port: d.port, steps: [`s${hex(req)}`, `u${hex('\r\n\r\n')}`] };
  }
  const [user, pass] = d.auth.map((s) => Buffer.from(s)) as [Buffer, Buffer];
  const auth = Buffer.concat([Buffer.from([0x01, user.length]), user, Buffer.from([pass.length]), pass]);
  const req = Buffer.from([0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, 0, 0]);
  req.writeUInt16BE(target, 8);
  return { port: d.port, steps: ['s050102', 'r2', `s${hex(auth)}`, 'r2', `s${hex(req)}`, 'r4', '5'] };
}

/** µs, sorted, from the nanosecond lines pingpong prints. */
function parseRtts(lines: string[], n: number): number[] {
  const rtts = lines.filter(Boolean).map((l) => Number(l) / 1e3);
  if (rtts.length !== n || rtts.some((x) => !Number.isFinite(x))) {
    throw new Error(`pingpong: ${rtts.length} of ${n} round trips`);
  }
  return rtts.sort((a, b) => a - b);
}

/** Round-trip times (µs, sorted) of `n` sequential 64-byte pings through `d` (or direct) to the C echo. */
export function cPingPong(p: CPinger, d: Dialect | null, n: number): Promise<number[]> {
  const { port, steps: s } = steps(d, p.echoPort);
  return new Promise((resolve, reject) => {
    const argv = [...p.cores, p.bin, 'ping', String(port), String(n), '64', ...s];
    execFile(argv[0] as string, argv.slice(1), { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err !== null) {
        reject(new Error(`pingpong through port ${port}: ${err.message}`));
        return;
      }
      try {
        resolve(parseRtts(stdout.split('\n'), n));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

export interface BusyPinger {
  /** The busy pinger's own listener: the tunnels' target, and what the direct baseline dials. */
  echoPort: number;
  /** Round-trip times (µs, sorted) of `n` sequential 64-byte pings through `d` (or direct). */
  pings(d: Dialect | null, n: number): Promise<number[]>;
  stop(): Promise<void>;
}

/** Starts `pingpong busy` (one busy-polling thread, pinger and echo at once) for the whole bench. */
export async function startCBusy(bin: string): Promise<BusyPinger> {
  const child = await startLineChild(bin, 'busy', 'busy pinger');
  return {
    echoPort: child.port,
    async pings(d, n) {
      const { port, steps: s } = steps(d, child.port);
      return parseRtts(await child.request([port, n, 64, ...s].join(' ')), n);
    },
    stop: () => child.stop(),
  };
}
