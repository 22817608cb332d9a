// The C helpers of `npm run bench:gateway` (setup.c, pingpong.c) talk the same way: they print
// their listener's port on the first line, then answer each request line on stdin with result
// lines up to "end". One helper stays up for the whole bench, because its listener's port must be
// known before the raw relay starts (the relay has one listener per target).
import { spawn } from 'node:child_process';

export interface LineChild {
  /** The port the helper printed on its first line. */
  port: number;
  /** Sends one request line and resolves with the lines that answer it, "end" excluded. */
  request(line: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts `bin mode`; `label` names it in the error when it exits. */
export async function startLineChild(bin: string, mode: string, label: string): Promise<LineChild> {
  const child = spawn(bin, [mode], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let failure: Error | null = null;
  // Whoever waits on stdout now: first the port line, then each request's lines up to "end".
  let onLine: (line: string) => void = () => {};
  let onExit: (err: Error) => void = () => {};
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      failure = new Error(`${label} exited (${code ?? signal}): ${stderr.trim() || 'no message'}`);
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
  const port = await new Promise<number>((resolve, reject) => {
    onLine = (line) => resolve(Number(line));
    onExit = reject;
  });
  const once = (line: string) =>
    new Promise<string[]>((resolve, reject) => {
      if (failure !== null) {
        reject(failure);
        return;
      }
      const lines: string[] = [];
      onLine = (l) => (l === 'end' ? resolve(lines) : lines.push(l));
      onExit = reject;
      child.stdin?.write(`${line}\n`);
    });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    port,
    request(line) {
      // One request at a time: the helper has one loop and the lines of two would interleave.
      const result = queue.then(() => once(line));
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
