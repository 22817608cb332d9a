import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (DESIGN.md "Parts"): web, server and e2e talk only through the contract;
// web features never reach into each other.
const noServerFromWeb = {
  group: ['**/apps/server/**', '@proxy/server', '@proxy/server/*'],
  message: 'The web app talks to the server over HTTP only; share code through @proxy/contract.',
};
const noWebFromServer = {
  group: ['**/apps/web/**', '@proxy/web', '@proxy/web/*'],
  message: 'The server never imports web code.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.ts', 'scripts/*.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerFromWeb] }],
    },
  },
  {
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerFromWeb,
            {
              regex: '^(\\.\\./)+features/|^@/features/',
              message: 'Features do not import each other; move shared code to src/components, src/lib or src/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'apps/gateway/**/*.ts', 'packages/contract/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', { patterns: [noWebFromServer] }] },
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
