#!/usr/bin/env node
/**
 * `npm run build:splice`: builds the gateway's optional splice(2) relay
 * (apps/gateway/native/splice.c) with node-gyp, against the Node headers installed beside this
 * Node (`--nodedir`), so nothing is downloaded. Never run at install: without a compiler the
 * gateway simply keeps its JavaScript relay. The gateway uses the result only with
 * GATEWAY_SPLICE=1 (see apps/gateway/README.md "Splice relay").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/gateway/native');

function fail(msg) {
  console.error(`build:splice: ${msg}`);
  process.exit(1);
}

if (process.platform !== 'linux') {
  fail('splice(2) is Linux only; the gateway keeps its JavaScript relay');
}
// The headers of the running Node: <prefix>/include/node (node-gyp's --nodedir layout).
const nodedir = path.resolve(path.dirname(realpathSync(process.execPath)), '..');
if (!existsSync(path.join(nodedir, 'include/node/node_api.h'))) {
  fail(`no Node headers under ${nodedir}/include/node; install them (no download is attempted)`);
}
// node-gyp as npm ships it.
const npmCli = process.env.npm_execpath;
const candidates = [
  npmCli && path.join(path.dirname(npmCli), '../node_modules/node-gyp/bin/node-gyp.js'),
  path.join(nodedir, 'lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
].filter(Boolean);
const gyp = candidates.find((p) => existsSync(p));
if (gyp === undefined) {
  fail(`node-gyp not found (looked in ${candidates.join(', ')})`);
}
const r = spawnSync(process.execPath, [gyp, 'rebuild', `--nodedir=${nodedir}`, '--release'], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, npm_config_offline: 'true' },
});
if (r.status !== 0) {
  fail('the build failed (a C compiler and make are needed); the gateway keeps its JavaScript relay');
}
console.log(`build:splice: built ${path.join(dir, 'build/Release/splice.node')}; enable with GATEWAY_SPLICE=1`);
