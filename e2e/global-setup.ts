// Runs once before the e2e files: fail fast on a missing browser, and make sure the server will
// serve a bundle built from the current sources (npm run test:e2e builds first; a bare vitest call may not).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './support/browser';
import { repoRoot } from './support/server';

export default function setup(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`);
  }
  const build = spawnSync(process.execPath, ['scripts/build-web-if-needed.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    throw new Error('building apps/web failed; see the output above');
  }
}
