import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The multi-instance topology (README "Running several instances"): two panels on PostgreSQL
// behind HAProxy and two standalone gateway nodes, as processes. CI runs it as its own stage.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['e2e/topology/*.topology.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    retry: 0,
  },
});
