import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that run a second time on PGlite when the server project runs on PostgreSQL
 * (DATABASE_URL set, as in CI): where the two databases behave differently. Everything else
 * (validation, permissions, rendering, wire formats) does the same on both and runs once.
 * The migrations run on PGlite too: the subset's global setup migrates its template database,
 * and the server process that banner spawns migrates an empty data directory (the other spawned
 * servers start from a copy of the migrated template: test/spawn-server.ts, migratedDataDir).
 */
export const PGLITE_SUBSET = [
  // The embedded start: a server process opening (and migrating) PGlite in its data directory,
  // seeding the first start, printing its banner, and closing the database on SIGTERM.
  'apps/server/test/banner.test.ts',
  'apps/server/test/shutdown.test.ts',
  // Crash recovery: PGlite's files after a SIGKILL are not PostgreSQL's write-ahead log. (The
  // chaos, job-crash and lost-listener tests kill PostgreSQL backends or a second instance: they
  // are PostgreSQL-only and skip themselves on PGlite, so they are not listed here.)
  'apps/server/test/crash.test.ts',
  'apps/server/test/supply-crash.test.ts',
  // Listen/notify: PGlite delivers notifications in process, PostgreSQL over its own connection.
  'apps/server/src/modules/realtime/realtime.test.ts',
  'apps/server/src/modules/proxies/tool-links-cache.test.ts',
  // Jobs and leases: row locks (`for update skip locked`) on one PGlite connection versus a pool.
  'apps/server/src/jobs/*.test.ts',
  'apps/server/src/modules/outbox/outbox.test.ts',
  'apps/server/src/modules/allocation/allocator.test.ts',
  // Every money path: a ledger row plus a conditional update in one transaction, whose
  // concurrency differs (PGlite runs one transaction at a time, PostgreSQL interleaves them).
  'apps/server/src/modules/ledger/*.test.ts',
  'apps/server/src/modules/orders/*.test.ts',
  'apps/server/src/modules/payments/*.test.ts',
  'apps/server/src/modules/user/admin-money.test.ts',
  'apps/server/src/modules/agency/commission.test.ts',
  'apps/server/src/modules/promotions/promotions.test.ts',
  // Buying from suppliers: the customer's payment, the purchase intent under a lease and the refund.
  'apps/server/src/modules/suppliers/*.test.ts',
];

/**
 * Files under the subset's folders that change no balance and take no lease or lock: what they
 * check (validation, settings, paging, outbound address rules) is the same on both databases.
 */
export const PGLITE_SUBSET_EXCLUDE = [
  // Payment settings, checkout URLs and outbound address checks, refused webhook bodies (no row
  // changes), the VietQR payload's pure functions.
  'apps/server/src/modules/payments/settings.test.ts',
  'apps/server/src/modules/payments/redirect-url.test.ts',
  'apps/server/src/modules/payments/outbound.test.ts',
  'apps/server/src/modules/payments/webhook-input.test.ts',
  'apps/server/src/modules/payments/vietqr.test.ts',
  // The suppliers' admin screens and list paging: no purchase, and the job is only asked if idle.
  'apps/server/src/modules/suppliers/admin.test.ts',
  'apps/server/src/modules/suppliers/list-page.test.ts',
];

/** The server suite's settings, shared by the full project and the PGlite subset. */
export const serverTest = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Nets for a hang, not bounds on speed: in CI the suite runs at a low priority beside the specs,
  // and on a slow 2-core machine a file's app (its database, its migrations' template) took over a
  // minute to build there.
  testTimeout: 90_000,
  hookTimeout: 180_000,
  pool: 'forks',
  // Files share a worker process, one after another: the app's modules are loaded and
  // PGlite's WebAssembly compiled once per worker, not once per file (about half of a
  // small file's CPU time). Each file still builds its own app on its own database; no
  // module here keeps per-test state (process-wide metrics are never asserted on).
  // Vitest reuses worker processes only when the root config says so (`forkPool` below);
  // this keeps the modules loaded between the files of a reused worker.
  isolate: false,
  // Stated per project rather than inherited: a worker process may run files of both server
  // projects one after the other, and each must set its own database for the next file.
  env: { DATABASE_URL: process.env.DATABASE_URL ?? '' },
  // Coverage for scripts/coverage-diff.mjs (docs/testing.md, "Coverage before and after a cut").
  setupFiles: process.env.NODE_V8_COVERAGE ? ['apps/server/test/take-coverage.ts'] : [],
} satisfies TestProjectInlineConfiguration['test'];

// With DATABASE_URL set the server project runs on PostgreSQL and the subset again on PGlite;
// without it the server project already runs everything on PGlite, so the subset would repeat it.
const pgliteSubset: TestProjectInlineConfiguration[] = process.env.DATABASE_URL
  ? [
      {
        test: {
          ...serverTest,
          name: 'server-pglite',
          include: PGLITE_SUBSET,
          exclude: PGLITE_SUBSET_EXCLUDE,
          // Empty is unset for the server's config and for the tests (test/helper.ts): PGlite.
          env: { DATABASE_URL: '' },
        },
      },
    ]
  : [];

/**
 * Worker processes are reused between files (of the same project) only when the root config turns
 * process isolation off; a project-level `isolate: false` alone still forks a process per file.
 * Every other project states `isolate: true`, so its modules are still loaded afresh per file.
 */
export const forkPool = { forks: { isolate: false } } satisfies NonNullable<
  TestProjectInlineConfiguration['test']
>['poolOptions'];

/**
 * With worker processes reused, Vitest runs one project's files, then the next project's; within a
 * project it runs the slowest files first when it has their times from an earlier run, and the
 * largest first on a fresh clone (CI), where files that take long but are small (spawned servers
 * and their kills, the fuzzer's rounds, the supplier fakes' retries and timeouts) came last, and
 * the suite ended on two of them with the cores half idle. Here the projects run in a fixed order,
 * the two long server projects first and the short, CPU-bound ones last, and within each the files
 * below first, in this order (the longest of a run of the suite alone on PostgreSQL and on PGlite,
 * 2026-12-01, 5 to 25 s each); the rest as Vitest orders them.
 */
const PROJECT_ORDER = ['server-pglite', 'server', 'sdk', 'gateway', 'gateway-net', 'web', 'contract'];
const LONG_FILES = [
  'apps/server/test/malformed-input.test.ts',
  'apps/server/test/supply-crash.test.ts',
  'apps/server/src/modules/suppliers/faults.test.ts',
  'apps/server/src/modules/suppliers/buy.test.ts',
  'apps/server/test/shutdown.test.ts',
  'apps/server/test/chaos.integration.test.ts',
  'apps/server/test/banner.test.ts',
  'apps/server/src/modules/suppliers/renew.test.ts',
  'apps/server/src/modules/suppliers/renew-race.test.ts',
  'apps/server/test/crash.test.ts',
  'apps/server/test/job-crash.test.ts',
  'apps/server/test/node-restart.integration.test.ts',
  'apps/server/src/modules/payments/topup-races.test.ts',
  'apps/server/src/modules/notifications/webhooks.test.ts',
  'apps/server/src/modules/suppliers/call-budget.test.ts',
  'apps/server/src/modules/orders/orders.test.ts',
  'apps/server/src/modules/orders/amend.test.ts',
  'apps/server/src/modules/suppliers/health.test.ts',
  'apps/server/test/gateway.integration.test.ts',
];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (list: string[], found: number) => (found < 0 ? list.length : found);
    const project = (f: TestSpecification) => rank(PROJECT_ORDER, PROJECT_ORDER.indexOf(f.project.name));
    const long = (f: TestSpecification) =>
      rank(
        LONG_FILES,
        LONG_FILES.findIndex((p) => f.moduleId.endsWith(p)),
      );
    // A stable sort: files of the same rank keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => project(a) - project(b) || long(a) - long(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    poolOptions: forkPool,
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
          isolate: true,
        },
      },
      {
        test: {
          name: 'sdk',
          include: ['packages/sdk/src/**/*.test.ts'],
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
        },
      },
      ...pgliteSubset,
      {
        test: {
          name: 'gateway',
          include: ['apps/gateway/src/**/*.test.ts'],
          isolate: true,
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
          isolate: true,
          testTimeout: 20_000,
          hookTimeout: 20_000,
          pool: 'forks',
        },
      },
    ],
  },
});
