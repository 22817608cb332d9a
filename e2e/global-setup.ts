// Runs once before the e2e files: fail fast on a missing browser, make sure the server will serve a
// bundle built from the current sources (npm run test:e2e builds first; a bare vitest call may not),
// and prepare what the files share: one Chromium, a migrated, seeded PGlite database that each
// server starts from a copy of, and the service that gives each worker its shared server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkChromium, launchSharedBrowser } from './support/browser';
import { repoRoot, startServer } from './support/server';
import { SHARING, startLeaseService } from './support/shared-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint (support/browser.ts). */
    browserEndpoint: string;
    /** A stopped server's data directory, seeded with the default environment (support/setup.ts). */
    pgliteTemplate: string;
    /** The lease service of the servers the files share, one per worker (support/shared-server.ts). */
    sharedServers: string;
  }
}

/** The template's start migrates and seeds on a machine also running the unit suites: allow it long. */
const TEMPLATE_START_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 300_000);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Before the build, so a machine without a browser is told at once.
  checkChromium();
  const build = spawnSync(process.execPath, ['scripts/build-web-if-needed.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    throw new Error('building apps/web failed; see the output above');
  }

  const template = mkdtempSync(path.join(tmpdir(), 'proxy-panel-e2e-template-'));
  const [browser, seeded] = await Promise.allSettled([
    launchSharedBrowser(),
    // A first start migrates and seeds; stopping it closes PGlite cleanly, so the directory can be copied.
    startServer({ env: { DATA_DIR: template }, startTimeoutMs: TEMPLATE_START_MS }).then((server) => server.stop()),
  ]);
  if (browser.status === 'rejected' || seeded.status === 'rejected') {
    if (browser.status === 'fulfilled') {
      await browser.value.close();
    }
    rmSync(template, { recursive: true, force: true });
    throw browser.status === 'rejected' ? browser.reason : (seeded as PromiseRejectedResult).reason;
  }
  const shared = SHARING
    ? await startLeaseService(template).catch(async (err: unknown) => {
        await browser.value.close();
        rmSync(template, { recursive: true, force: true });
        throw err;
      })
    : undefined;
  project.provide('browserEndpoint', browser.value.wsEndpoint());
  project.provide('pgliteTemplate', template);
  project.provide('sharedServers', shared?.url ?? '');

  return async () => {
    await shared?.close();
    await browser.value.close().catch(() => undefined);
    rmSync(template, { recursive: true, force: true });
  };
}
