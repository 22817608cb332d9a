import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The multi-instance topology (docs/operations.md#running-several-instances): two panels on PostgreSQL
// behind HAProxy and two standalone gateway nodes, as processes, and a customer in Chromium. CI runs
// it beside the check job (type check and lint).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['e2e/topology/*.topology.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    // beforeAll may build the SPA (two minutes on a loaded machine) before starting the panels.
    hookTimeout: 420_000,
    retry: 0,
  },
});
