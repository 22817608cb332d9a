import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { ownerOf, signIn } from './support/app';
import { layoutProblems } from './support/layout-checks';
import { openInApp } from './support/navigate';
import { BANK_WEBHOOK_KEY, seedRouteData, type RouteData } from './support/route-data';
import { repoRoot } from './support/server';
import { useE2E } from './support/setup';

// docs/screens.md#layouts: on every route of the web app, at 1,366 and 390 px and in both languages,
// no visible control is covered by another element and no page scrolls sideways; on visitor and
// customer pages no table scrolls sideways either (admin tables may scroll inside their own frame).
// The routes come from the router itself, so a new route is checked without being listed here.
const e2e = useE2E({
  env: { BANK_WEBHOOK_KEY },
  ownServer: 'its layout checks cover the admin’s site-wide lists, which would hold other files’ data',
});

/** With E2E_SHOTS_DIR set, every route is also photographed there (for looking at, not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

type Audience = 'visitor' | 'customer' | 'admin';

interface Route {
  /** The key in paths (config/paths.ts), e.g. "app.order.success". */
  key: string;
  pattern: string;
  audience: Audience;
}

const WIDTHS: { name: string; options: BrowserContextOptions }[] = [
  { name: '1366', options: { viewport: { width: 1366, height: 768 } } },
  { name: '390', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
const LANGS = ['vi', 'en'] as const;

/** Every `paths.….path` the router serves (redirects aside), and whether it sits in the public layout. */
function routerRoutes(): Route[] {
  const source = readFileSync(path.join(repoRoot, 'apps/web/src/app/router.tsx'), 'utf8');
  // The public layout's block runs from its Component line to the next layout's.
  const publicStart = source.indexOf('Component: PublicLayout');
  const publicEnd = source.indexOf('Component:', publicStart + 1);
  const found: Route[] = [];
  for (const match of source.matchAll(/paths\.([\w.]+)\.path\b/g)) {
    // The route object's own fields: up to the first closing brace after the path.
    const objectEnd = source.indexOf('}', match.index);
    if (source.slice(match.index, objectEnd).includes('<Navigate')) {
      continue; // A redirect: its target is checked as a route of its own.
    }
    const key = match[1] ?? '';
    let node: unknown = paths;
    for (const part of key.split('.')) {
      node = (node as Record<string, unknown>)[part];
    }
    const pattern = (node as { path: string }).path;
    const inPublic = match.index > publicStart && match.index < publicEnd;
    const audience: Audience = key.startsWith('admin.')
      ? 'admin'
      : key.startsWith('auth.') || inPublic
        ? 'visitor'
        : 'customer';
    found.push({ key, pattern, audience });
    if (inPublic) {
      found.push({ key, pattern, audience: 'customer' });
    }
  }
  // The index routes and the catch-all have no path of their own in the router.
  found.push(
    { key: 'home', pattern: paths.home.path, audience: 'visitor' },
    { key: 'admin.root', pattern: paths.admin.root.path, audience: 'admin' },
    { key: 'notFound', pattern: '/no-such-page', audience: 'visitor' },
    { key: 'notFound', pattern: '/no-such-page', audience: 'customer' },
  );
  return found;
}

/** A route's address: optional parameters left out, required ones from the seeded data. */
function addressOf(route: Route, data: RouteData): string {
  const samples: Record<string, string> = {
    'app.order.success': data.orderId,
    'app.tutorial.article': data.tutorialSlug,
    'admin.customer': data.customerId,
    'admin.order': data.orderId,
  };
  return route.pattern.replace(/\/:\w+\?/g, '').replace(/:\w+/g, () => {
    const sample = samples[route.key];
    if (!sample) {
      throw new Error(`route ${route.pattern} (paths.${route.key}) needs a sample value in route-layout.e2e.ts`);
    }
    return sample;
  });
}

/**
 * The page has drawn its content: the route's code and texts are in, and nothing shows that it is
 * still loading (a spinner, a progress bar, a skeleton, a grid's loading overlay).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const busy = document.querySelectorAll(
      '.MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate, .MuiSkeleton-root',
    );
    const visible = Array.from(busy).some((el) => el.getClientRects().length > 0);
    return document.readyState === 'complete' && !visible && document.querySelector('#root > *') !== null;
  });
}

let data: RouteData;
const ROUTES = routerRoutes();

beforeAll(async () => {
  data = await seedRouteData(e2e.server, e2e.mail);
});

describe('the route list', () => {
  it('should hold every kind of route the router serves', () => {
    const keys = (audience: Audience) => ROUTES.filter((r) => r.audience === audience).map((r) => r.key);
    expect(keys('visitor')).toEqual(expect.arrayContaining(['auth.login', 'auth.register', 'app.tools', 'home']));
    expect(keys('customer')).toEqual(
      expect.arrayContaining(['app.dashboard', 'app.manageProxy', 'app.checkProxy', 'app.order.success']),
    );
    expect(keys('admin')).toEqual(expect.arrayContaining(['admin.customers', 'admin.customer', 'admin.sites']));
    expect(keys('customer')).not.toContain('app.legacyProxy');
    expect(keys('customer')).not.toContain('app.legacyProxyRotating');
  });
});

const signInAs: Record<Audience, (page: Page, lang: 'vi' | 'en') => Promise<void>> = {
  visitor: async (page, lang) => {
    await page.goto(`${e2e.server.baseUrl}/?lang=${lang}`);
  },
  customer: (page, lang) => signIn(page, e2e.server.baseUrl, data.customer, { lang }),
  admin: (page, lang) => signIn(page, e2e.server.baseUrl, ownerOf(e2e.server), { lang }),
};

describe('every route: nothing covered, nothing sideways', () => {
  for (const audience of ['visitor', 'customer', 'admin'] as const) {
    for (const width of WIDTHS) {
      for (const lang of LANGS) {
        it(`should pass on every ${audience} route at ${width.name} px in ${lang}`, { timeout: 300_000 }, async () => {
          const page = await e2e.newPage(width.options);
          await signInAs[audience](page, lang);
          const failures: string[] = [];
          // The first route loads the app (after signing in, for a visitor the home page), the
          // others open inside it.
          for (const route of ROUTES.filter((r) => r.audience === audience)) {
            const address = addressOf(route, data);
            await openInApp(page, address);
            await settled(page);
            if (SHOTS) {
              const name = `route-${audience}${address.replace(/[^\w]+/g, '-')}-${width.name}-${lang}.png`;
              await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
            }
            for (const p of await layoutProblems(page, { tables: audience !== 'admin' })) {
              failures.push(`${address}: ${p.kind}: ${p.what}${p.by ? ` (under ${p.by})` : ''}`);
            }
          }
          expect(failures).toEqual([]);
        });
      }
    }
  }
});
