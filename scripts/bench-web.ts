// `npm run bench:web`: how fast the panel's pages load in Chromium from a cold cache, against the
// real server (started as a child process, PGlite, the built SPA): first contentful paint, the
// time until the page's content is on screen, and the JavaScript each page loads (bytes on the
// wire, and their gzip size whatever the server sent).
//
// Environment: BENCH_RUNS (default 3; the median is printed), WEB_DIST (another build to serve,
// e.g. one from before a change), CHROMIUM_PATH.
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { startServer, type RunningServer } from '../e2e/support/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Route {
  name: string;
  path: string;
  /** Shown once the page's own content is there (not just the shell). */
  ready: string;
  signedIn: boolean;
}

const ROUTES: Route[] = [
  // The visitor's first page (docs/screens.md#home): content = the live price table.
  { name: '/ (home)', path: '/', ready: '[data-testid="price-table-v6"]', signedIn: false },
  { name: '/auth/login', path: '/auth/login', ready: 'input[name="email"]', signedIn: false },
  { name: '/dashboard', path: '/dashboard', ready: '[data-testid="buy-tab-v6"]', signedIn: true },
  { name: '/manage-proxy', path: '/manage-proxy', ready: '.MuiDataGrid-root', signedIn: true },
];

interface Sample {
  fcp: number;
  ready: number;
  jsWire: number;
  jsGzip: number;
  jsFiles: number;
}

async function tokens(server: RunningServer): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  const body = (await res.json()) as { tokens?: { accessToken: string; refreshToken: string } };
  if (!res.ok || !body.tokens) {
    throw new Error(`login failed: ${res.status}`);
  }
  return body.tokens;
}

/** Every script the page loaded: bytes on the wire and the gzip size of its body. */
function watchScripts(page: Page) {
  const pending: Promise<{ wire: number; gzip: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') {
      return;
    }
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const body = response ? await response.body() : Buffer.alloc(0);
        return { wire: sizes.responseBodySize, gzip: gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  return async () => {
    const all = await Promise.all(pending);
    return {
      jsWire: all.reduce((n, s) => n + s.wire, 0),
      jsGzip: all.reduce((n, s) => n + s.gzip, 0),
      jsFiles: all.length,
    };
  };
}

async function measure(browser: Browser, server: RunningServer, route: Route): Promise<Sample> {
  // A new context is a cold cache: nothing from an earlier run is reused.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    if (route.signedIn) {
      const t = await tokens(server);
      await context.addInitScript((pair) => {
        localStorage.setItem('accessToken', pair.accessToken);
        localStorage.setItem('refreshToken', pair.refreshToken);
        localStorage.setItem('clientLanguage', 'en');
      }, t);
    }
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${server.baseUrl}${route.path}`, { waitUntil: 'commit' });
    await page.locator(route.ready).first().waitFor({ timeout: 60_000 });
    const ready = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    return { fcp, ready, ...(await scripts()) };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

async function main(): Promise<void> {
  const server = await startServer({
    env: { GATEWAY: 'off', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) },
    startTimeoutMs: 180_000,
  });
  const browser = await launchBrowser();
  const rows: string[][] = [];
  try {
    for (const route of ROUTES) {
      // A warm-up load, so the server's first-request costs are not counted.
      await measure(browser, server, route);
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        samples.push(await measure(browser, server, route));
      }
      rows.push([
        route.name,
        median(samples.map((s) => s.fcp)).toFixed(0),
        median(samples.map((s) => s.ready)).toFixed(0),
        kb(median(samples.map((s) => s.jsWire))),
        kb(median(samples.map((s) => s.jsGzip))),
        String(median(samples.map((s) => s.jsFiles))),
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const head = ['route', 'FCP ms', 'content ms', 'JS wire KB', 'JS gzip KB', 'JS files'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`bench:web: cold cache, median of ${RUNS} loads per route, Chromium ${browser.version()}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) {
    console.log(line(row));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
