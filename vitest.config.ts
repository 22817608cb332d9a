import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, i.e. one worker on a 2-core CI machine,
    // where much of a test's time is spent waiting on sockets, timers and the database: one worker
    // per core keeps both busy.
    maxWorkers: availableParallelism(),
    projects: [
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'sdk',
          include: ['packages/sdk/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Files share a worker process, one after another: the app's modules are loaded and
          // PGlite's WebAssembly compiled once per worker, not once per file (about half of a
          // small file's CPU time). Each file still builds its own app on its own database; no
          // module here keeps per-test state (process-wide metrics are never asserted on).
          isolate: false,
        },
      },
      {
        test: {
          name: 'gateway',
          include: ['apps/gateway/src/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 20_000,
          pool: 'forks',
        },
      },
      {
        // The gateway's socket tests again on its net.Socket wire, the fallback for a Node without
        // the TCP bindings it uses by default (apps/gateway/src/io/wire.ts).
        test: {
          name: 'gateway-net',
          include: [
            'apps/gateway/src/node/gateway-*.test.ts',
            'apps/gateway/src/node/metrics.test.ts',
            'apps/gateway/src/sync/node-client.test.ts',
            'apps/gateway/src/io/wire.test.ts',
          ],
          env: { GATEWAY_WIRE: 'net' },
          testTimeout: 20_000,
          hookTimeout: 20_000,
          pool: 'forks',
        },
      },
    ],
  },
});
