// Builds the SPA (apps/web/dist) only when it is missing or older than its sources, so
// `npm start` and `npm run test:e2e` stay fast on the second run yet never serve a stale bundle.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const builtMarker = path.join(repoRoot, 'apps/web/dist/index.html');

// Everything the bundle is made from. public/ is not in the brief's list but vite copies it into dist.
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
].map((p) => path.join(repoRoot, p));

/** The newest mtime (ms) of a file or of any file below a directory; 0 when it does not exist. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or null when apps/web/dist is up to date. */
export function webBuildReason() {
  // index.html is written by every vite build (emptyOutDir wipes the rest), so its mtime is the build time.
  if (!existsSync(builtMarker)) return 'apps/web/dist is missing';
  const builtAt = statSync(builtMarker).mtimeMs;
  const changedAt = Math.max(...sources.map(newestMtime));
  return changedAt > builtAt ? 'apps/web sources changed since the last build' : null;
}

export function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      // A build started from a test runner inherits NODE_ENV=test, which makes vite bundle React's
      // development build: the artifacts are always the production ones.
      env: { ...process.env, NODE_ENV: 'production' },
      // npm is npm.cmd on Windows, which only a shell can start.
      shell: process.platform === 'win32',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Runs `npm run build -w apps/web` when needed; resolves true when it built. */
export async function buildWebIfNeeded() {
  const reason = webBuildReason();
  if (!reason) return false;
  console.log(`[build] ${reason}: building the web app…`);
  await run('npm', ['run', 'build', '-w', 'apps/web']);
  return true;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  buildWebIfNeeded().then(
    (built) => {
      if (!built) console.log('[build] apps/web/dist is up to date');
    },
    (err) => {
      console.error(`[build] ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
