import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * The API (apps/server) listens on 8080 by default (API_PROXY_TARGET overrides it);
 * the dev server forwards /api/* to it.
 * The bare /api path is the SPA's developer-API page, so the proxy matches /api/ only.
 */
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/** Files worth compressing (index.html is rendered per site by the server, so it is not among them). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a `.br` and a `.gz` beside every compressible file of the build, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(file)) {
          continue;
        }
        const full = path.join(dir, file);
        const data = await readFile(full);
        if (data.length < 1024) {
          continue;
        }
        await writeFile(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [precompress()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  esbuild: { jsx: 'automatic' },
  server: {
    proxy: { '^/api/': { target: API_TARGET } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1000,
    // dist/.vite/manifest.json: which chunks each route imports, read by `npm run size:web`.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // MUI marks its modules "use client" for React Server Components; a SPA has none.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) {
          return;
        }
        // Comments that Rollup cannot place inside third-party code; it just drops them.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) {
          return;
        }
        warn(warning);
      },
      output: {
        // Libraries change less often than the app; in a chunk of their own they stay cached across
        // deploys. Only React and the router (which every page needs, whole) are forced into one:
        // MUI, emotion, zod and the rest are left to Rollup, so a page loads only the modules it (or
        // the shell) uses; forcing all of MUI's system into one chunk put the pieces that only other
        // pages use (Grid, Container...) in the login page's first download.
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) {
            return 'vendor';
          }
          return undefined;
        },
      },
    },
  },
});
