import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WAIT_MS } from './support/wait';

// The e2e suite: real server, real SMTP, real Chromium. The files that can share use their
// worker's server, the others start their own (support/setup.ts, support/shared-server.ts;
// E2E_SHARED=0: every file its own), each with its own database copied from the run's seeded template and
// random ports, and works in its own contexts of the run's one Chromium (global-setup.ts), so
// files can run side by side: a spec spends much of its time waiting on its server and page, so
// two at a time halve the suite's wall time without starving the cores. E2E_WORKERS=1 runs them one at a time.
// The timeouts cover a cold server start and a slow CI machine.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/support/profile-hooks.ts'],
    fileParallelism: true,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
    pool: 'forks',
    // A worker process runs file after file: Vitest's runtime, playwright-core and the support
    // modules load once per worker instead of once per file (about a CPU-second a file). Each file
    // still imports afresh, and what it starts (server, browser connection, contexts) its own hooks
    // close; the support modules keep no state between files.
    poolOptions: { forks: { isolate: false } },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll waits as long as a locator does (support/wait.ts), not Vitest's default 1 s: the
    // answer it waits for comes from a server sharing the machine with other jobs.
    expect: { poll: { timeout: WAIT_MS, interval: 100 } },
    // A flaky UI test must be fixed, not retried into green.
    retry: 0,
  },
});
