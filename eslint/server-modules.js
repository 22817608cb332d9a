import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's module graph: which module may import which. A module is a folder under
 * apps/server/src/modules; another module (or jobs/, lib/, plugins/, cli/ and the entry files) may
 * import it only through its index.ts, and a module only the modules listed here for it. app.ts is
 * the one exception: it registers each module's routes from `routes.ts` / `*-routes.ts`.
 * The graph must stay acyclic and name every module folder; this file refuses to load otherwise.
 * ARCHITECTURE.md draws it.
 */
export const serverModuleGraph = {
  health: [],
  audit: [],
  'rate-limits': [],
  realtime: [],
  outbox: [],
  promotions: [],
  site: ['catalog', 'promotions'],
  catalog: ['suppliers'],
  usage: [],
  allocation: [],
  'node-protocol': ['usage'],
  nodes: ['allocation'],
  suppliers: ['allocation', 'audit', 'ledger', 'node-protocol', 'realtime'],
  testing: [],
  content: [],
  ledger: ['realtime'],
  agency: ['ledger'],
  auth: ['agency', 'audit', 'outbox', 'realtime', 'site'],
  orders: ['allocation', 'audit', 'catalog', 'ledger', 'node-protocol', 'realtime', 'suppliers'],
  proxies: ['allocation', 'audit', 'catalog', 'ledger', 'node-protocol', 'orders', 'realtime'],
  tags: ['audit', 'proxies'],
  checker: ['nodes', 'proxies'],
  'api-keys': ['audit', 'auth', 'rate-limits', 'site'],
  user: ['api-keys', 'audit', 'auth', 'ledger', 'orders'],
  dashboard: ['catalog'],
  payments: ['agency', 'auth', 'ledger', 'promotions', 'realtime', 'site'],
  stats: [],
  notifications: ['orders', 'outbox', 'site'],
};

const modulesDir = fileURLToPath(new URL('../apps/server/src/modules/', import.meta.url));
const appFile = fileURLToPath(new URL('../apps/server/src/app.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

function checkGraph(graph) {
  const folders = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const name of folders) {
    if (!(name in graph)) {
      throw new Error(`eslint/server-modules.js: module "${name}" has no entry in serverModuleGraph`);
    }
    if (!existsSync(path.join(modulesDir, name, 'index.ts'))) {
      throw new Error(`eslint/server-modules.js: module "${name}" has no index.ts`);
    }
  }
  for (const [name, deps] of Object.entries(graph)) {
    if (!folders.includes(name)) {
      throw new Error(`eslint/server-modules.js: serverModuleGraph names "${name}", which is no module folder`);
    }
    for (const dep of deps) {
      if (!(dep in graph)) {
        throw new Error(`eslint/server-modules.js: "${name}" depends on unknown module "${dep}"`);
      }
    }
  }
  // Depth-first search for a cycle: a module graph with one would let two modules import each other.
  const state = new Map();
  const visit = (name, trail) => {
    if (state.get(name) === 'done') {
      return;
    }
    if (state.get(name) === 'open') {
      throw new Error(`eslint/server-modules.js: module cycle ${[...trail, name].join(' -> ')}`);
    }
    state.set(name, 'open');
    for (const dep of graph[name]) {
      visit(dep, [...trail, name]);
    }
    state.set(name, 'done');
  };
  for (const name of Object.keys(graph)) {
    visit(name, []);
  }
}

checkGraph(serverModuleGraph);

/** The module a path lies in, and the path inside it; null outside apps/server/src/modules. */
function moduleOf(file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    return null;
  }
  const [name, ...rest] = rel.split(path.sep);
  return rest.length === 0 ? null : { name, inner: rest.join('/') };
}

/** The text of a dynamic import's argument when it is fixed: a string or a template without holes. */
function staticSource(node) {
  if (node.type === 'Literal') {
    return node.value;
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0].value.cooked;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other only through index.ts, along serverModuleGraph.' },
    schema: [],
    messages: {
      viaIndex:
        "'{{source}}' reaches into module '{{to}}': import '{{to}}/index.js' (add what you need to its public surface).",
      notAllowed:
        "Module '{{from}}' may not import module '{{to}}': its allowed imports are [{{allowed}}] (eslint/server-modules.js).",
    },
  },
  create(context) {
    const file = context.filename;
    const from = moduleOf(file)?.name ?? null;
    const check = (node, source) => {
      if (typeof source !== 'string') {
        return;
      }
      // The package name reaches the same files as a relative path, so it obeys the same rules.
      const pkg = /^@proxy\/server(?:\/(.*))?$/.exec(source);
      const resolved = source.startsWith('.')
        ? path.resolve(path.dirname(file), source)
        : pkg !== null
          ? path.join(serverDir, pkg[1] ?? '')
          : null;
      const target = resolved === null ? null : moduleOf(resolved);
      if (target === null || target.name === from) {
        return;
      }
      const isIndex = /^index\.[jt]s$/.test(target.inner);
      const isRoutesEntry = file === appFile && /^([\w-]+-)?routes\.[jt]s$/.test(target.inner);
      if (!isIndex && !isRoutesEntry) {
        context.report({ node, messageId: 'viaIndex', data: { source, to: target.name } });
      }
      if (from !== null && !serverModuleGraph[from].includes(target.name)) {
        context.report({
          node,
          messageId: 'notAllowed',
          data: { from, to: target.name, allowed: serverModuleGraph[from].join(', ') },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, staticSource(node.source)),
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const disableReason = {
  meta: {
    type: 'problem',
    docs: { description: 'Every eslint-disable comment says why, after ` -- `.' },
    schema: [],
    messages: { missing: 'Say why after " -- " (e.g. "-- a route table: one short handler per endpoint").' },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/^\s*eslint-disable(-next-line|-line)?(\s|$)/.test(comment.value) && !/\s--\s*\S/.test(comment.value)) {
            context.report({ loc: comment.loc, messageId: 'missing' });
          }
        }
      },
    };
  },
};

export const serverModulesPlugin = {
  rules: { 'module-boundaries': moduleBoundaries, 'disable-reason': disableReason },
};
