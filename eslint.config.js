import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importCyclesPlugin } from './eslint/import-cycles.js';
import { serverModulesPlugin } from './eslint/server-modules.js';

// Boundaries (ARCHITECTURE.md). The zones are checked on resolved paths, so a relative path, the `@/`
// alias and a workspace package name (`@proxy/server`) all count as the same import.
const WEB_SRC = './apps/web/src';
const webDirs = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = webDirs(`${WEB_SRC}/features`);
// Everything under src that is neither the app shell nor a feature is shared (components, lib, hooks,
// config, locales...): it sits below both and imports neither.
const webShared = webDirs(WEB_SRC).filter((name) => name !== 'app' && name !== 'features');

const webZones = [
  ...webShared.map((name) => ({
    target: `${WEB_SRC}/${name}`,
    from: [`${WEB_SRC}/app`, `${WEB_SRC}/features`],
    message: 'Shared web code never imports a feature or the app shell; move the piece down instead.',
  })),
  {
    target: `${WEB_SRC}/features`,
    from: `${WEB_SRC}/app`,
    message: 'Features never import the app shell (app -> features -> shared).',
  },
  ...webFeatures.map((name) => ({
    target: `${WEB_SRC}/features/${name}`,
    from: `${WEB_SRC}/features`,
    except: [`./${name}`],
    message: 'Features do not import each other; move shared code to src/components, src/lib or src/hooks.',
  })),
];

const workspaceZones = [
  {
    target: './packages/contract',
    from: ['./apps', './e2e', './scripts'],
    message: 'The contract is the bottom layer: it imports nothing but zod and its own files.',
  },
  {
    target: './apps/gateway',
    from: './apps/server',
    message: 'The gateway never imports server code; it talks to the server over its node protocol.',
  },
  {
    target: './apps/gateway/src/protocol',
    from: ['./apps/gateway/src/io', './apps/gateway/src/sync', './apps/gateway/src/node'],
    message:
      "The gateway's protocol/ holds pure codecs: bytes in, a decision out; sockets and state live in io/, sync/ and node/.",
  },
  {
    target: './apps/web',
    from: ['./apps/server', './apps/gateway'],
    message: 'The web app talks to the server over HTTP only; share code through @proxy/contract.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server never imports web code.',
  },
];

// Server code outside db/ never hands SQL text to the driver: `.execute('…')` takes a plain string
// with no import at all, and a string or template built by hand bypasses Drizzle's parameters.
// A dynamic import names its module literally, so the import rules below can see it.
const serverSyntax = [
  {
    selector: "CallExpression[callee.property.name='execute'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
    message: 'SQL text goes through a `sql` template, never a plain string.',
  },
  {
    selector: "ImportExpression[source.type!='Literal']",
    message: 'Name the module of a dynamic import with a string literal, so the import rules can check it.',
  },
];
// Outside the modules the same holds for every way to reach the database without an import:
// the context's handle runs statements (`execute`), hands out the driver (`$client`) and the
// relational query API (`db.query.<table>`), and a dynamic import is still an import.
const outsideModulesSyntax = [
  ...serverSyntax,
  {
    selector: "CallExpression[callee.property.name='execute']",
    message: 'Queries belong in a module: call the owning module from here.',
  },
  {
    selector: "MemberExpression[property.name='$client']",
    message: 'Queries belong in a module: the raw driver stays in db/.',
  },
  {
    selector:
      "MemberExpression[property.name='query']:matches([object.name=/^(db|tx)$/], [object.property.name=/^(db|tx)$/])",
    message: 'Queries belong in a module: call the owning module from here.',
  },
  {
    selector: 'ImportExpression[source.value=/^drizzle-orm|db.(schema|client)/]',
    message: 'Queries belong in a module: a dynamic import of Drizzle, the schema or the client is still an import.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'coverage/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Off: every async function here without an await implements a promise-returning contract:
      // Fastify route handlers and hooks (a non-async hook must call `done`, and a handler's return
      // value is sent only when it is async), the payment provider interface, the mailer, test fakes.
      // `async` also turns a throw into a rejection; dropping it would change behaviour.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Tests read answers as `any` (`res.json()`, `JSON.parse`, fakes' request bodies): the
    // no-unsafe-* family would flag nearly every assertion there, so it holds for source only.
    files: ['**/*.test.{ts,tsx}', 'apps/*/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Import cycles and path zones, in the four workspaces. The resolver follows each tsconfig
    // (the web's `@/` alias) and the workspace symlinks to their real paths.
    files: ['apps/*/**/*.{ts,tsx}', 'packages/*/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'import-cycles': importCyclesPlugin },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Cycles through any import, `import type` included. It replaces import-x/no-cycle, which
      // skips type-only imports and parses every imported file again for its export map;
      // eslint/import-cycles.js reads each file's import lines once with TypeScript's pre-processor.
      'import-cycles/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...workspaceZones, ...webZones] }],
    },
  },
  {
    // Only value imports in the gateway for now: tunnel.ts, relay.ts and tunnel-host.ts, and
    // wire.ts and wire-net.ts, type each other, and their shared types need a file of their own
    // before type-only imports can count there too.
    files: ['apps/gateway/**/*.ts'],
    rules: { 'import-cycles/no-cycle': ['error', { typeImports: false }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/server/**/*.ts', 'apps/gateway/**/*.ts', 'packages/contract/**/*.ts', 'packages/sdk/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverSyntax] },
  },
  {
    // Queries live in the modules (each use case runs its own statements): outside them (and db/,
    // the job runner's lease statements, tests, the CLI tools), server code neither imports Drizzle
    // or the schema nor runs SQL itself. Types may still be imported.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**',
      'apps/server/src/jobs/repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/cli/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/|$)|/db/schema(/|$)',
              allowTypeImports: true,
              message: 'Queries belong in a module: call the owning module from here.',
            },
            {
              regex: '/db/client(\\.js)?$',
              importNames: ['queryRows', 'queryRowsPrepared'],
              message: 'Queries belong in a module: call the owning module from here.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...outsideModulesSyntax],
    },
  },
  {
    // Server modules: another module, a job, a plugin or lib code imports a module only through its
    // index.ts, and a module only the modules its entry in eslint/server-modules.js lists (an acyclic
    // graph, checked when the config loads). Tests may reach inside.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'server-modules': serverModulesPlugin },
    rules: { 'server-modules/module-boundaries': 'error', 'server-modules/table-ownership': 'error' },
  },
  {
    // Size: no server, gateway or web source file over 400 lines, no function (a component
    // included) over 80, unless an eslint-disable comment at its top gives the reason (`-- reason`,
    // required below).
    files: ['apps/server/src/**/*.ts', 'apps/gateway/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/__tests__/**'],
    plugins: { 'server-modules': serverModulesPlugin },
    rules: {
      'server-modules/disable-reason': 'error',
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // The contract is shared by the browser and Node: zod is its only dependency (vitest in its tests).
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.{1,2}/)',
              message: 'The contract imports nothing but zod and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod(/|$)|vitest$|\\.{1,2}/)', message: 'Contract tests import zod and vitest only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**/*', 'e2e/**/*'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
