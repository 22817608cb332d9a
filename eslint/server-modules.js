import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's module graph: which module may import which. A module is a folder under
 * apps/server/src/modules; another module (or jobs/, lib/, plugins/, cli/ and the entry files) may
 * import it only through its index.ts, and a module only the modules listed here for it. app.ts is
 * the one exception: it registers each module's routes from the `routes` list of its `routes.ts`.
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
  catalog: ['allocation', 'suppliers'],
  usage: [],
  allocation: [],
  'node-protocol': ['nodes', 'usage'],
  nodes: ['allocation'],
  suppliers: ['allocation', 'audit', 'ledger', 'node-protocol', 'realtime'],
  testing: [],
  content: [],
  ledger: ['realtime'],
  agency: ['ledger'],
  auth: ['agency', 'audit', 'outbox', 'realtime', 'site'],
  orders: ['allocation', 'audit', 'auth', 'catalog', 'ledger', 'node-protocol', 'realtime', 'site', 'suppliers'],
  proxies: ['allocation', 'audit', 'catalog', 'ledger', 'node-protocol', 'nodes', 'orders', 'realtime', 'suppliers'],
  tags: ['audit', 'proxies'],
  checker: ['nodes', 'proxies'],
  'api-keys': ['audit', 'auth', 'rate-limits', 'site'],
  user: ['api-keys', 'audit', 'auth', 'ledger', 'orders'],
  dashboard: ['auth', 'catalog', 'ledger', 'proxies'],
  payments: ['agency', 'auth', 'ledger', 'promotions', 'realtime', 'site'],
  stats: [],
  notifications: ['orders', 'outbox', 'site'],
};

/**
 * Which module owns each table of apps/server/src/db/schema (by its exported symbol), and the
 * tables of other modules each one still uses, with the reason. A module file that imports
 * another module's table (types excepted) or names it in a `sql` template is refused unless its
 * entry lists it under `uses`. What is left there is of three kinds, each reason saying which:
 * a write whose owner sits above the writer in serverModuleGraph (calling it would be a cycle), a
 * read that must stay one statement (a join in a hot or locking statement), and reporting
 * aggregates; anything else calls the owner's exported function, with the caller's transaction.
 * `jobLeases` belongs to jobs/, which is no module.
 */
export const serverModuleTables = {
  site: { owns: ['sites', 'siteHosts', 'siteSettingChanges', 'siteLogos'] },
  auth: {
    owns: ['users', 'sessions', 'refreshTokens', 'emailCodes', 'recoveryCodes'],
    uses: {
      notifySettings:
        'write: registration stores the mail language and the code mails read it with the account; notifications sits above auth (notifications -> orders -> auth)',
      agencies:
        "one statement: the session read behind every authenticated request, and user/me's, probe the agency the user owns",
    },
  },
  'rate-limits': { owns: ['rateLimits', 'usedCaptchas'] },
  ledger: {
    owns: ['transactions'],
    uses: {
      users:
        'write: the balance is a users column, changed with its ledger row in one statement; auth sits above ledger (auth -> agency -> ledger)',
    },
  },
  catalog: {
    owns: ['catalogCountries', 'retailPrices', 'packages', 'discountTiers', 'bandwidthPrices'],
    uses: {
      proxies:
        'an admin deleting a country or package checks nothing live still uses it; proxies and orders sit above catalog',
      rotatingKeys: 'as proxies',
      orders: 'as proxies',
    },
  },
  nodes: {
    owns: ['nodes'],
    uses: { proxies: "reporting: the node list counts each node's proxies and their traffic in its statement" },
  },
  allocation: {
    owns: ['nodePorts', 'egressIps'],
    uses: {
      nodes: 'one statement: a claim and the stock count take only active nodes; nodes sits above allocation',
      proxies: 'write: the lifecycle and rotation sweeps set proxy status; proxies sits above allocation',
      rotatingKeys: 'as proxies',
      sites: "one statement: the lock sweep reads each site's lock days; site sits above allocation",
      upstreamProxies:
        'write: releasing a proxy gives its upstream back (pool) or retires it (Proxy6) in the same statement set as its port; suppliers sits above allocation',
      suppliers: 'one statement: as upstreamProxies, to tell a pool member from a Proxy6 proxy',
    },
  },
  'node-protocol': {
    owns: ['proxyEvents', 'trafficReports'],
    uses: {
      proxies:
        "write: traffic adds to a proxy's counter, and a node's state, changes and change log are built from its proxies in SQL; proxies sits above node-protocol",
      rotatingKeys: 'as proxies',
      upstreamProxies: "one statement: a node's state carries the upstream a chained proxy goes through",
    },
  },
  orders: {
    owns: ['orders', 'orderLogs'],
    uses: {
      proxies:
        "write: a purchase, renewal or amend writes the proxies in the order's transaction; proxies sits above orders",
      rotatingKeys: 'as proxies',
      nodes: "one statement: an order's proxy lines join each proxy's node host",
      users: "reporting: the admin order list shows and filters by the buyer's email in one paged statement",
    },
  },
  proxies: {
    owns: ['proxies', 'rotatingKeys', 'proxyLinks', 'proxyListLinks'],
    uses: {
      nodes: "one statement: a proxy list shows each proxy's node host",
      users: 'one statement: a tool link resolves its owner and the API key owner',
      tags: 'one statement: a proxy-list link filters by tag; tags sits above proxies',
    },
  },
  tags: { owns: ['tags'] },
  payments: {
    owns: ['topups'],
    uses: {
      users:
        "reporting: the top-up list shows and filters by the payer's email; one statement: a transfer finds its payer by code with the top-up it announced",
      transactions: 'reporting: the mismatch audit compares top-ups with their ledger rows',
    },
  },
  outbox: { owns: ['outbox'] },
  agency: {
    owns: ['agencies', 'agencyMembers', 'agencyDeposits', 'agencyTransfers'],
    uses: {
      users: "reporting: agency and member lists show and filter by the accounts' email; auth sits above agency",
      transactions: 'reporting: commission figures sum ledger rows',
      topups: "reporting: commission figures sum the members' top-ups",
    },
  },
  'api-keys': {
    owns: ['apiKeys'],
    uses: { users: 'one statement: a key authenticates to its user row' },
  },
  promotions: { owns: ['promotions', 'promotionGrants'] },
  stats: {
    owns: ['statsDaily'],
    uses: {
      transactions: 'reporting: the daily figures are aggregates over every area',
      users: 'reporting',
      topups: 'reporting',
      proxies: 'reporting',
      rotatingKeys: 'reporting',
      orders: 'reporting',
      orderLogs: 'reporting',
      egressIps: 'reporting',
      nodes: 'reporting',
      sites: 'reporting',
    },
  },
  content: { owns: ['siteContent', 'tutorials'] },
  notifications: {
    owns: ['notifySettings', 'telegramLinkCodes', 'telegramOffsets', 'notifyFired'],
    uses: {
      users:
        'reporting: the alert scans find the recipients and their language; one statement: a low-balance alert is taken against the balance',
      sites: "one statement: an alert's recipients carry their site's forced-English switch",
      proxies: 'reporting: the expiry alert scan',
      rotatingKeys: 'reporting: the expiry alert scan',
      topups: 'reporting: the top-up alert scan',
    },
  },
  audit: {
    owns: ['auditEvents'],
    uses: {
      users: 'reporting: the trail shows who acted',
      proxies: "one statement: a customer's filter checks the proxy is theirs; proxies and orders sit above audit",
      rotatingKeys: 'as proxies',
      orders: 'as proxies',
    },
  },
  usage: {
    owns: ['usageMinutes', 'usageHours', 'usageDays', 'usageRollups'],
    uses: { proxies: "one statement: history is the caller's own proxies only; proxies sits above usage" },
  },
  suppliers: {
    owns: [
      'suppliers',
      'supplierStock',
      'upstreamProxies',
      'supplierRoutes',
      'supplierPurchases',
      'supplierCallWindows',
      'supplierRenewals',
      'supplierReplacements',
      'supplierEvents',
      'supplierCharges',
    ],
    uses: {
      users: "alerts read a site's admins; auth sits above suppliers",
      proxies:
        'write: an upstream purchase or replacement writes the delivered proxies in its transaction; proxies sits above suppliers',
      orders: "write: the purchase intent sets its order's state; orders sits above suppliers",
      orderLogs: 'write: the purchase intent writes its order log line; as orders',
      sites: "the supplier currency rates are the site's settings; site sits above suppliers",
    },
  },
  dashboard: { owns: [] },
  user: { owns: [] },
  health: { owns: [] },
  realtime: { owns: [] },
  testing: { owns: [] },
  checker: { owns: [] },
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
      const isRoutesEntry = file === appFile && /^routes\.[jt]s$/.test(target.inner);
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

const schemaDir = fileURLToPath(new URL('../apps/server/src/db/schema/', import.meta.url));

/** Each table's owner by its schema symbol and by its SQL name; the map must cover every table. */
function tableOwners() {
  const owner = new Map();
  for (const [name, { owns }] of Object.entries(serverModuleTables)) {
    if (!(name in serverModuleGraph)) {
      throw new Error(`eslint/server-modules.js: serverModuleTables names "${name}", which is no module`);
    }
    for (const table of owns) {
      if (owner.has(table)) {
        throw new Error(`eslint/server-modules.js: table ${table} has two owners`);
      }
      owner.set(table, name);
    }
  }
  const bySqlName = new Map();
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const [, symbol, sqlName] of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      if (symbol === 'jobLeases') {
        continue;
      }
      if (!owner.has(symbol)) {
        throw new Error(
          `eslint/server-modules.js: table ${symbol} (db/schema/${file}) has no owner in serverModuleTables`,
        );
      }
      bySqlName.set(sqlName, symbol);
    }
  }
  for (const [name, { uses = {} }] of Object.entries(serverModuleTables)) {
    for (const table of Object.keys(uses)) {
      if (!owner.has(table) || owner.get(table) === name) {
        throw new Error(`eslint/server-modules.js: ${name} declares a use of ${table}, no other module's table`);
      }
    }
  }
  for (const name of Object.keys(serverModuleGraph)) {
    if (!(name in serverModuleTables)) {
      throw new Error(`eslint/server-modules.js: module "${name}" has no entry in serverModuleTables`);
    }
  }
  return { owner, bySqlName };
}

const owners = tableOwners();

/** @type {import('eslint').Rule.RuleModule} */
const tableOwnership = {
  meta: {
    type: 'problem',
    docs: {
      description: "A module's statements touch its own tables, or another's it declares in serverModuleTables.",
    },
    schema: [],
    messages: {
      foreign:
        "Table '{{table}}' belongs to module '{{owner}}': call its exported function, or declare the use under serverModuleTables['{{from}}'].uses with the reason (eslint/server-modules.js).",
      namespace: 'Import tables from db/schema by name, so their owners can be checked.',
    },
  },
  create(context) {
    const from = moduleOf(context.filename)?.name ?? null;
    if (from === null) {
      return {};
    }
    const allowed = serverModuleTables[from].uses ?? {};
    const check = (node, table) => {
      const owner = owners.owner.get(table);
      if (owner !== undefined && owner !== from && !(table in allowed)) {
        context.report({ node, messageId: 'foreign', data: { table, owner, from } });
      }
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !/\/db\/schema(\/|$)/.test(node.source.value)) {
          return;
        }
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportNamespaceSpecifier') {
            context.report({ node: spec, messageId: 'namespace' });
          } else if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type') {
            check(spec, spec.imported.name);
          }
        }
      },
      // Statements written as SQL text name tables by their SQL names.
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === 'MemberExpression' ? node.tag.object : node.tag;
        if (tag.type !== 'Identifier' || tag.name !== 'sql') {
          return;
        }
        for (const quasi of node.quasi.quasis) {
          for (const [, name] of quasi.value.cooked.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)/gi)) {
            const table = owners.bySqlName.get(name);
            if (table !== undefined) {
              check(quasi, table);
            }
          }
        }
      },
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
  rules: { 'module-boundaries': moduleBoundaries, 'table-ownership': tableOwnership, 'disable-reason': disableReason },
};
