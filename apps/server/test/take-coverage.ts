import { takeCoverage } from 'node:v8';
import { afterAll } from 'vitest';

// Loaded only when NODE_V8_COVERAGE is set (vitest.config.ts): Vitest ends its worker processes
// with a signal, often before Node writes their coverage at exit, so each file writes its own as
// it ends. Counters restart at each write; scripts/coverage-diff.mjs merges the files.
afterAll(() => {
  takeCoverage();
});
