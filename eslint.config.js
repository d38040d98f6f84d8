import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['landing', 'marketplace', 'listing', 'selling', 'buying', 'account', 'auth'];

/** For each folder of the API, the folders it may not import (they build on it). */
const SERVER_FORBIDDEN_IMPORTS = {
  db: ['listings', 'selling', 'payments', 'demo', 'accounts', 'auth', 'contact', 'mail', 'photos', 'system'],
  demo: ['listings', 'selling', 'payments'],
  listings: ['selling', 'payments', 'demo'],
  selling: ['payments'],
};

/** Import patterns naming a folder of the SPA, however deep the importing file sits. */
const folder = (path) => [`**/${path}/**`, `**/${path}`];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'playwright-report', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Each side sees only its own globals: the SPA runs in the browser, the API, scripts and configs in Node, the
  // web tests in Node with a simulated browser, and the contract (shared by both) in neither.
  { files: ['src/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  { files: ['tests/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layers of the SPA: app/ (shell, routes, providers) may use everything; a feature uses only components/, lib/
  // and contract/ besides its own folder; components/ and lib/ are shared by all and so reach into neither.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...FEATURES.filter((other) => other !== feature).map((other) => ({
              group: folder(`features/${other}`),
              message: `features/${feature} may not import features/${other}; move shared code to components, lib or contract.`,
            })),
            {
              group: folder('app'),
              message: 'A feature may not import app/; move what it needs to components or lib.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...folder('features'), ...folder('app')],
              message: 'components/ and lib/ are shared: they import neither features/ nor app/.',
            },
          ],
        },
      ],
    },
  },
  // The contract is what both sides agree on: it imports neither.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/src/**'], message: 'contract/ imports neither the SPA nor the API.' },
          ],
        },
      ],
    },
  },
  // Layers of the API, one way: selling (a seller's journey, listing creation and edits) builds on listings (the
  // catalogue, its status machine and search); payments builds on both; demo/ (the demo data and its seed)
  // rests on db/ alone; db/ imports no domain. Entry points (main.ts, cli.ts, app.ts, adapters.ts) wire them.
  ...Object.entries(SERVER_FORBIDDEN_IMPORTS).map(([layer, forbidden]) => ({
    files: [`server/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((other) => ({
            group: folder(other),
            message: `server/${layer} may not import server/${other}: dependencies run one way (see docs/architecture.md).`,
          })),
        },
      ],
    },
  })),
  {
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
