// `npm run build`: the production build. The server (with the contract and the embedded gateway)
// and its CLIs become ES modules in apps/server/dist, the standalone gateway node one file,
// apps/gateway/dist/gateway.js, that needs only Node; the SPA goes to apps/web/dist (vite).
// Type checking stays with `npm run typecheck`: esbuild only strips the types, in about a second.
// `npm start` and the db:* scripts call buildServerIfNeeded(), so a fresh clone still starts with
// one command and an edited source is never run from a stale bundle.
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWebIfNeeded, newestMtime, repoRoot, run } from './build-web-if-needed.mjs';

const at = (p) => path.join(repoRoot, p);

/** The server's bundles: dist/<name>.js, run with `node apps/server/dist/<name>.js`. */
export const serverEntries = {
  server: 'apps/server/src/server.ts',
  'audit-ledger': 'apps/server/src/cli/audit-ledger.ts',
  'db-move': 'apps/server/src/cli/db-move.ts',
  'db-backup': 'apps/server/src/cli/db-backup.ts',
  'db-restore': 'apps/server/src/cli/db-restore.ts',
};

const targets = {
  server: {
    out: at('apps/server/dist'),
    // Written last, so a build that failed half way is still stale.
    marker: at('apps/server/dist/.built'),
    sources: ['apps/server/src', 'apps/gateway/src', 'packages/contract/src', 'apps/server/package.json'],
  },
  gateway: {
    out: at('apps/gateway/dist'),
    marker: at('apps/gateway/dist/gateway.js'),
    sources: ['apps/gateway/src', 'packages/contract/src', 'apps/gateway/package.json'],
  },
};

/** Why `name` ('server' or 'gateway') needs a build, or null when its bundle is up to date. */
export function buildReason(name) {
  const target = targets[name];
  if (!existsSync(target.marker)) return `${path.relative(repoRoot, target.out)} is missing`;
  const builtAt = statSync(target.marker).mtimeMs;
  const changedAt = Math.max(...[...target.sources, 'scripts/build.mjs'].map((p) => newestMtime(at(p))));
  return changedAt > builtAt ? `${target.sources[0]} changed since the last build` : null;
}

async function loadEsbuild() {
  try {
    return await import('esbuild');
  } catch {
    throw new Error(
      'esbuild is not installed (npm ci --omit=dev leaves it out): run `npm ci && npm run build` first, then `npm ci --omit=dev` on the built tree',
    );
  }
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * Every package import stays an import (node_modules ships beside the bundle) except the
 * workspace's own packages, whose entry points are TypeScript sources and are compiled in.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@proxy/') ? undefined : { external: true }));
  },
};

export async function buildServer() {
  const esbuild = await loadEsbuild();
  const { out, marker } = targets.server;
  // Chunk names change with their content: start empty so old ones do not pile up.
  rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    ...common,
    entryPoints: Object.fromEntries(Object.entries(serverEntries).map(([name, src]) => [name, at(src)])),
    outdir: out,
    // Shared code goes to chunks beside the entries (the same directory depth, which paths.ts relies on).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    plugins: [externalPackages],
  });
  writeFileSync(marker, `${new Date().toISOString()}\n`);
}

export async function buildGateway() {
  const esbuild = await loadEsbuild();
  mkdirSync(targets.gateway.out, { recursive: true });
  await esbuild.build({
    ...common,
    entryPoints: [at('apps/gateway/src/node/main.ts')],
    outfile: targets.gateway.marker,
    // One file with every package inside: CommonJS packages (prom-client) call require() for Node
    // built-ins, which an ES module only has through createRequire.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
  });
}

const builders = { server: buildServer, gateway: buildGateway };

/** Builds `name` when buildReason says so; resolves true when it built. */
export async function buildIfNeeded(name) {
  const reason = buildReason(name);
  if (!reason) return false;
  console.log(`[build] ${reason}: building the ${name}…`);
  await builders[name]();
  return true;
}

/** `node scripts/build.mjs [server] [gateway] [web]`: those parts, or all three. */
async function buildParts(parts) {
  const started = Date.now();
  if (parts.includes('server')) await buildServer();
  if (parts.includes('gateway')) await buildGateway();
  console.log(
    `[build] ${parts.filter((p) => p !== 'web').join(' and ') || 'no'} bundle(s) in ${Date.now() - started} ms`,
  );
  if (parts.includes('web')) await run('npm', ['run', 'build', '-w', 'apps/web']);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((p) => !['server', 'gateway', 'web'].includes(p));
  if (unknown.length > 0) {
    console.error(`[build] unknown part(s) ${unknown.join(', ')}: use server, gateway, web`);
    process.exit(2);
  }
  buildParts(asked.length > 0 ? asked : ['server', 'gateway', 'web']).catch((err) => {
    console.error(`[build] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}

export { buildWebIfNeeded };
