// Per spec file: a product server and an SMTP sink, and a connection to the run's Chromium
// (global-setup.ts); per test: a fresh browser context, so no session or language choice leaks from
// one test into the next. The server is the worker's shared one (support/shared-server.ts;
// E2E_SHARED=0: none is shared) unless the file needs its own: an environment of its own, or
// `ownServer` with the reason (it moves the server's clock, changes what every file of the site
// would see...). An own server has its own database, a copy of the run's seeded template unless
// the file's environment changes what the seed writes, and its own sink.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { connectBrowser, launchBrowser } from './browser';
import { PROFILING, treeCpu } from './profile';
import { repoRoot, startServer, type RunningServer, type ServerOptions } from './server';
import { leaseSharedServer, SHARED_ENV, SHARING, type SharedLease } from './shared-server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { NAVIGATION_MS, WAIT_MS } from './wait';

export interface E2E {
  readonly server: RunningServer;
  readonly mail: SmtpSink;
  readonly browser: Browser;
  /** The test's default page (desktop viewport, default site). */
  readonly page: Page;
  /** Another page in its own context, e.g. with a phone viewport; closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

const artifactsDir = path.join(repoRoot, 'test-results');

/**
 * What the server's first start writes from its environment (`prepare` in apps/server/src/bootstrap.ts:
 * the seed's settings, the owner, and the local node's secret derived from APP_SECRET): a file that
 * sets one needs a fresh database, not a copy of the template.
 */
const SEED_ENV = ['DEMO', 'GATEWAY_PORTS', 'IPV6_PREFIX', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'APP_SECRET', 'DATA_DIR'];

function fileSafe(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

export interface BrowserChoice {
  /**
   * Launch a Chromium of the file's own instead of joining the run's: for a file that reads the
   * clipboard (one per browser process, so a parallel file's copy would race it) or a download's
   * path (not available over a remote connection).
   */
  ownBrowser?: boolean;
}

/** E2E_OWN_BROWSER=1: every file launches its own Chromium, so E2E_PROFILE=1 counts each file's browser CPU. */
const OWN_BROWSER_ALWAYS = process.env.E2E_OWN_BROWSER === '1';

export interface E2EServerOptions extends Omit<ServerOptions, 'smtpUrl'> {
  /**
   * Why the file needs a server of its own although its environment would let it share one: what
   * it does would leak into, or be disturbed by, other files on the same server (the server clock,
   * the site's settings or catalogue, counts of site-wide lists).
   */
  ownServer?: string;
}

/** Whether a file with these options can use its worker's shared server. */
function canShare({ ownServer, env = {}, ...rest }: E2EServerOptions): boolean {
  const other = Object.values(rest).some((v) => v !== undefined);
  return SHARING && !ownServer && !other && Object.entries(env).every(([key, value]) => SHARED_ENV[key] === value);
}

export function useE2E(
  { ownServer, ...serverOptions }: E2EServerOptions = {},
  { ownBrowser = OWN_BROWSER_ALWAYS }: BrowserChoice = {},
): E2E {
  const shares = canShare({ ownServer, ...serverOptions });
  let lease: SharedLease | undefined;
  let server: RunningServer | undefined;
  let mail: SmtpSink | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let contexts: BrowserContext[] = [];
  // What the pages complained about; printed when a test fails, since a screenshot rarely says why.
  let pageErrors: string[] = [];
  // What the Content-Security-Policy blocked: a policy that is too strict breaks the app silently
  // (a missing script or style), so every test fails on any violation.
  let cspViolations: string[] = [];

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`${what} is not ready: use it inside a test`);
    }
    return value;
  };

  const openPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const context = await need(browser, 'the browser').newContext({
      viewport: { width: 1366, height: 900 },
      // The app then skips its transitions and animations (lib/theme.ts): a page settles as soon as
      // it has rendered, and Chromium paints far fewer frames.
      reducedMotion: 'reduce',
      ...options,
      ...(server?.headers ? { extraHTTPHeaders: { ...server.headers, ...options.extraHTTPHeaders } } : {}),
    });
    contexts.push(context);
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_MS);
    const created = await context.newPage();
    if (PROFILING) {
      // Full loads of the app (a move inside it fires no load event): what a page costs the browser most.
      created.on('load', () => {
        const loads = globalThis as { __e2eLoads?: number };
        loads.__e2eLoads = (loads.__e2eLoads ?? 0) + 1;
      });
    }
    created.on('pageerror', (err) => pageErrors.push(`pageerror: ${err.message}`));
    created.on('console', (msg) => {
      if (msg.type() === 'error') {
        pageErrors.push(`console.error: ${msg.text()}`);
      }
      if (/Content Security Policy/i.test(msg.text())) {
        cspViolations.push(`${created.url()}: ${msg.text()}`);
      }
    });
    return created;
  };

  beforeAll(async () => {
    const startOwn = async (): Promise<void> => {
      mail = await startSmtpSink();
      const seedsItsOwn = serverOptions.databaseUrl || SEED_ENV.some((key) => serverOptions.env?.[key] !== undefined);
      const template = seedsItsOwn ? undefined : inject('serverTemplate');
      server = await startServer({ ...serverOptions, smtpUrl: mail.url, ...(template ? { template } : {}) });
    };
    const leaseShared = async (): Promise<void> => {
      lease = await leaseSharedServer(inject('sharedServers'));
      ({ server, mail } = lease);
    };
    // Side by side; each is kept as soon as it is up, so afterAll closes it even if the other failed.
    await Promise.all([
      shares ? leaseShared() : startOwn(),
      (ownBrowser ? launchBrowser() : connectBrowser(inject('browserEndpoint'))).then((b) => {
        browser = b;
      }),
    ]);
  });

  afterAll(async () => {
    if (PROFILING) {
      // Split by process kind while they still run (support/profile-hooks.ts writes the record).
      (globalThis as { __e2eTreeCpu?: Record<string, number> }).__e2eTreeCpu = treeCpu();
    }
    // Each step runs even if an earlier one failed, so no process outlives the file.
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await mail?.close();
  });

  beforeEach(async () => {
    pageErrors = [];
    cspViolations = [];
    page = await openPage();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(artifactsDir, { recursive: true });
      const pages = contexts.flatMap((c) => c.pages());
      for (const [i, p] of pages.entries()) {
        const file = path.join(artifactsDir, `${fileSafe(task.name)}-${i}.png`);
        await p.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(`[e2e] "${task.name}" failed on ${p.url()}; screenshot: ${path.relative(repoRoot, file)}`);
      }
      if (pageErrors.length > 0) {
        console.error(`[e2e] browser errors:\n  ${pageErrors.join('\n  ')}`);
      }
      if (server) {
        const tail = lease ? await lease.logTail().catch((err: unknown) => String(err)) : server.logTail();
        console.error(`[e2e] server log tail${lease ? ' (the worker’s shared server)' : ''}:\n${tail || '(empty)'}`);
      }
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    contexts = [];
    page = undefined;
    if (cspViolations.length > 0) {
      throw new Error(`the Content-Security-Policy blocked something:\n  ${cspViolations.join('\n  ')}`);
    }
  });

  return {
    get server() {
      return need(server, 'the server');
    },
    get mail() {
      return need(mail, 'the SMTP sink');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    get page() {
      return need(page, 'the page');
    },
    newPage: openPage,
  };
}
