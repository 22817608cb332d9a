// `npm start`: the one-command start. Builds what is missing or stale (the SPA with vite, the
// server bundle with esbuild), then runs the built server with plain node: no tsx, no vite at run
// time, so `npm ci --omit=dev && npm start` works on a built tree.
import { buildWebIfNeeded } from './build-web-if-needed.mjs';
import { runBuilt } from './run-built.mjs';

try {
  await buildWebIfNeeded();
} catch (err) {
  console.error(`[start] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

await runBuilt('server', 'server', { nodeArgs: ['--enable-source-maps'] });
