// `npm start`: the one-command start. Builds the SPA if needed, then runs the server in a child
// process (tsx loads the TypeScript sources directly, so there is no server build step).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildWebIfNeeded, repoRoot } from './build-web-if-needed.mjs';

try {
  await buildWebIfNeeded();
} catch (err) {
  console.error(`[start] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

// `node --import tsx` works on Node >= 20.6, so no extra binary is needed; resolved from repoRoot.
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
});

// A supervisor (docker, systemd, CI) signals only this process; the server must see it to shut down cleanly.
// On a terminal's Ctrl-C the child gets SIGINT too, which the server's shutdown tolerates.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (err) => {
  console.error(`[start] could not start the server: ${err.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: report it the shell way (128 + signal number).
  process.exit(128 + (signal ? constants.signals[signal] : 1));
});
