// `npm run size:web`: the JavaScript each main route needs before it can render, read from the
// web build's manifest (apps/web/dist/.vite/manifest.json, or WEB_DIST=<dir>): the entry and the
// route's lazy chunks (layout, page, texts) with everything they import statically, each file
// gzipped at level 9. Chunks a page loads later on demand (dialogs, the captcha, a menu) are not
// counted. It fails (exit 1) when a route is over its budget, so CI keeps what was won; it needs a
// build (`npm run build`) and builds nothing. SIZE_WEB_FILES=1 lists each route's files.
//
// The login page's budget is 200 KB, the dashboard's 352 KB, which holds all the signed-in panel's
// texts (they load with its layout; a screen's texts in a namespace of their own would lower it).
// The login page's first download holds neither zod nor react-hook-form (plain readers and a plain login form, lib/first-load-schemas.ts),
// nor MUI's CSS-variables provider, nor TanStack Query (the site info is a small store,
// lib/site-info.ts, and the query cache comes with every other route, app/layouts/query-layout.tsx),
// nor the maintenance notice's Alert and the route progress bar (loaded when they show). What is
// left is react-dom and react-router, i18next, MUI's styling core, the shell and the form.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');

/** Budgets in KB (1,024 bytes) of gzip; a route without one is only reported. */
const ROUTES = [
  { name: '/auth/login', sources: ['src/features/auth/routes/login.tsx'], budgetKb: 200 },
  {
    name: '/dashboard',
    sources: [
      'src/app/layouts/default-layout.tsx',
      'src/locales/vi/app.ts',
      'src/features/dashboard/routes/dashboard.tsx',
    ],
    budgetKb: 352,
  },
  { name: '/ (home)', sources: ['src/app/layouts/home-layout.tsx', 'src/features/home/routes/landing.tsx'] },
  {
    name: '/manage-proxy',
    sources: [
      'src/app/layouts/default-layout.tsx',
      'src/locales/vi/app.ts',
      'src/features/proxies/routes/manage-proxy.tsx',
    ],
  },
];

function readManifest() {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) {
    console.error(`size:web: ${path.relative(repoRoot, file)} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

const manifest = readManifest();
const gzipCache = new Map();

function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The manifest keys of `keys` and of everything they import statically. */
function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size:web: ${key} is not in the build manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let failed = false;
const rows = [];
for (const route of ROUTES) {
  const keys = closure([entry, ...route.sources]);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const kb = files.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
  const over = route.budgetKb !== undefined && kb > route.budgetKb;
  failed ||= over;
  rows.push({
    route: route.name,
    'gzip KB': kb.toFixed(1),
    budget: route.budgetKb === undefined ? '' : `${route.budgetKb}${over ? ' OVER' : ''}`,
    files: files.length,
  });
}
console.table(rows);
if (process.env.SIZE_WEB_FILES) {
  for (const route of ROUTES) {
    const keys = closure([entry, ...route.sources]);
    console.log(route.name);
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    for (const file of files.sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`  ${(gzipSize(file) / 1024).toFixed(1).padStart(7)}  ${file}`);
    }
  }
}
if (failed) {
  console.error('size:web: a route is over its JavaScript budget');
  process.exit(1);
}
