// Runs once before the e2e files: fail fast on a missing browser, make sure the server will serve a
// bundle built from the current sources (npm run test:e2e builds first; a bare vitest call may not),
// and prepare what the files share: one Chromium, a migrated, seeded database that each server
// starts from a copy of (PGlite, or PostgreSQL with E2E_DATABASE_URL: support/server.ts), and the
// service that gives each worker its shared server.
import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { checkChromium, launchSharedBrowser } from './support/browser';
import { repoRoot, seedTemplate, type ServerTemplate } from './support/server';
import { SHARING, startLeaseService } from './support/shared-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint (support/browser.ts). */
    browserEndpoint: string;
    /** A stopped server's data, seeded with the default environment (support/setup.ts). */
    serverTemplate: ServerTemplate;
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

  const [browser, seeded] = await Promise.allSettled([launchSharedBrowser(), seedTemplate(TEMPLATE_START_MS)]);
  if (browser.status === 'rejected' || seeded.status === 'rejected') {
    if (browser.status === 'fulfilled') {
      await browser.value.close();
    }
    if (seeded.status === 'fulfilled') {
      await seeded.value.remove();
    }
    throw browser.status === 'rejected' ? browser.reason : (seeded as PromiseRejectedResult).reason;
  }
  const { template, remove } = seeded.value;
  const shared = SHARING
    ? await startLeaseService(template).catch(async (err: unknown) => {
        await browser.value.close();
        await remove();
        throw err;
      })
    : undefined;
  project.provide('browserEndpoint', browser.value.wsEndpoint());
  project.provide('serverTemplate', template);
  project.provide('sharedServers', shared?.url ?? '');

  return async () => {
    await shared?.close();
    await browser.value.close().catch(() => undefined);
    await remove();
  };
}
