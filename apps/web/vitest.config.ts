import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Unit tests of the SPA's logic (no DOM); the browser flows are covered by e2e/. */
export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    // Modules afresh per file, also in a worker process the root config reuses between files.
    isolate: true,
  },
});
