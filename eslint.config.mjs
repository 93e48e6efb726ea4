// One lint configuration for the whole repository. The boundary rules are the point: a remote never
// imports another workspace's source, only @qf/shared's public entry points.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import boundaryRules from './shared/lint/boundaries.js';
import { workspaceNames } from './scripts/workspaces.cjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Every workspace but shared (the root package.json's list): none is imported by another. */
const workspaces = workspaceNames.filter((w) => w !== 'shared');

/**
 * Where a file may import from: never another workspace's source, only @qf/shared's entry points. A
 * relative path into another workspace, at any depth, is qf/workspace-boundaries' (shared/lint/).
 */
const boundaries = [
  { group: ['@qf/shared/src/*', '@qf/shared/build/*'], message: 'Use the public entry points of @qf/shared (bus, contracts, routing, i18n, react, content, server).' },
  ...workspaces.map((w) => ({ group: [`@qf/${w}`, `@qf/${w}/*`], message: 'Sections meet only through @qf/shared contracts, never by importing each other.' })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'data/**', 'releases/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { qf: boundaryRules.boundariesPlugin(root) },
    rules: {
      'qf/workspace-boundaries': 'error',
    },
  },
  {
    // No import cycle inside a workspace (none can span two: sections import only @qf/shared, which
    // imports none of them). Type-only imports are left out: they vanish from the build.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: boundaries }],
    },
  },
  {
    // The contracts module is shared whole (Module Federation does not tree-shake a shared module) and
    // runs in every page: zod/mini through @qf/shared/zod only (classic zod is ~50 KB more and tries
    // eval, which the CSP blocks), and nothing server-side.
    files: ['shared/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: boundaries,
          paths: [
            { name: 'zod', message: 'Contracts use zod/mini through @qf/shared/zod (every page loads this module whole).' },
            { name: 'semver', message: 'Keep server-side checks in @qf/shared/server (every page loads the contracts module whole).' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
  },
);
