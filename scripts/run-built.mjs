// Runs a built bundle with plain node, building it first when it is missing or stale:
//   node scripts/run-built.mjs server db-move -- --to postgres://…   (apps/server/dist/db-move.js)
//   node scripts/run-built.mjs gateway                               (apps/gateway/dist/gateway.js)
// The child gets this process's stdio and environment, and the SIGINT/SIGTERM sent to this one.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded } from './build.mjs';
import { repoRoot } from './build-web-if-needed.mjs';

const bundles = {
  server: (entry) => `apps/server/dist/${entry}.js`,
  gateway: () => 'apps/gateway/dist/gateway.js',
};

/** Builds `target` if needed, then runs its `entry` bundle; exits with the child's status. */
export async function runBuilt(target, entry, { args = [], nodeArgs = [] } = {}) {
  try {
    await buildIfNeeded(target);
  } catch (err) {
    console.error(`[build] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [...nodeArgs, bundles[target](entry), ...args], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: process.env,
  });

  // A supervisor (docker, systemd, CI) signals only this process; the child must see it to shut
  // down cleanly. On a terminal's Ctrl-C the child gets SIGINT too, which the server tolerates.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (err) => {
    console.error(`[run] could not start ${bundles[target](entry)}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    // Killed by a signal: report it the shell way (128 + signal number).
    process.exit(128 + (signal ? constants.signals[signal] : 1));
  });
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const [target, ...rest] = process.argv.slice(2);
  if (!(target in bundles)) {
    console.error('usage: node scripts/run-built.mjs server|gateway [ENTRY] [-- ARGS]');
    process.exit(2);
  }
  const entry = target === 'server' && rest[0] && rest[0] !== '--' ? rest.shift() : 'server';
  const args = rest[0] === '--' ? rest.slice(1) : rest;
  // Node flags given to this wrapper go to the bundle: package.json's `gateway` script keeps the
  // node's small young generation there (memory per idle tunnel; bench:gateway reads them too).
  await runBuilt(target, entry, { args, nodeArgs: process.execArgv });
}
