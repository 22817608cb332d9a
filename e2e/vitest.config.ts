import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The e2e suite: real server, real SMTP, real Chromium. Files run one at a time because each starts
// its own server and browser; the timeouts cover a cold server start and a slow CI machine.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A flaky UI test must be fixed, not retried into green.
    retry: 0,
  },
});
