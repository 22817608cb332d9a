import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { forkPool, serverTest } from './vitest.config';

/**
 * `npm run test:fast`, the edit-test loop (under two minutes on two cores): the pure projects and
 * a smoke set of the server on PGlite. `npm test` (vitest.config.ts) is still what a change must
 * pass; this only answers "did I break something obvious" quickly.
 */
export default defineConfig({
  test: {
    poolOptions: forkPool,
    maxWorkers: availableParallelism(),
    projects: [
      // The SPA's logic: forms, number formats, proxy lines, realtime parsing.
      'apps/web/vitest.config.ts',
      {
        // The wire contract: schemas, pricing and the proxy line formats.
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], isolate: true },
      },
      {
        // The gateway's parsers and state without sockets (globs: its folders may move).
        test: {
          name: 'gateway-unit',
          include: [
            'apps/gateway/src/**/handshake.test.ts',
            'apps/gateway/src/**/config.test.ts',
            'apps/gateway/src/**/state.test.ts',
            'apps/gateway/src/**/meter.test.ts',
            'apps/gateway/src/**/dns-cache.test.ts',
          ],
          isolate: true,
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server-smoke',
          include: [
            // Configuration, and every module's routes against the stored wire and the registry.
            'apps/server/src/config.test.ts',
            'apps/server/src/app.test.ts',
            // A first start on a fresh database, then balance changes with their ledger rows.
            'apps/server/test/bootstrap.test.ts',
            'apps/server/src/modules/user/admin-money.test.ts',
          ],
          env: { DATABASE_URL: '' },
        },
      },
    ],
  },
});
