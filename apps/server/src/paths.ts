import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server. This file is src/paths.ts when run from source (tsx) and part of a dist/*.js bundle
 * when built (scripts/build.mjs): both sit one level below it, so files found from here (the
 * migrations, package.json, the SPA build) resolve the same either way.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
