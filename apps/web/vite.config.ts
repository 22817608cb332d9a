import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The API (apps/server) listens on 8080 by default (API_PROXY_TARGET overrides it);
 * the dev server forwards /api/* to it.
 * The bare /api path is the SPA's developer-API page, so the proxy matches /api/ only.
 */
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
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
        // Libraries change less often than the app; in chunks of their own they stay cached across deploys.
        manualChunks(id) {
          if (/\/node_modules\/(@mui\/(material|system|utils|styled-engine|private-theming)|@emotion)\//.test(id)) {
            return 'mui';
          }
          if (
            /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zod)\//.test(id)
          ) {
            return 'vendor';
          }
          return undefined;
        },
      },
    },
  },
});
