import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['landing', 'marketplace', 'listing', 'selling', 'buying', 'account', 'auth'];

/** For each folder of the API, the folders it may not import (they build on it). */
const SERVER_FORBIDDEN_IMPORTS = {
  db: ['listings', 'selling', 'payments', 'standins', 'accounts', 'auth', 'contact', 'mail', 'photos', 'system'],
  listings: ['selling', 'payments'],
  selling: ['payments', 'hotel-policy'],
  // The hotel's rules (the verdict, its standing, pausing a listing) are read by selling and payments alike.
  'resale-policy': ['selling', 'payments', 'hotel-policy'],
};

/**
 * What a stand-in (server/standins/) may import besides its own wing: the database, the HTTP helpers, the clock,
 * the contract, and the provider wire it shares with the real client (the port it implements). Everything else
 * of the product is out of its reach, so a stand-in cannot lean on product code and drift from the real wire.
 */
const STAND_IN_ALLOWED_IMPORTS = [
  'db/',
  'http/',
  'clock.ts',
  'background-loop.ts',
  'mail/mailer.ts',
  'payments/stripe/stripe-wire.ts',
  'selling/pms/mews-schemas.ts',
];
/** A path from server/standins/<service>/ out of the wing that is none of the above (or the contract, one up). */
const STAND_IN_FORBIDDEN_IMPORT = `^\\.\\./\\.\\./(?!(${STAND_IN_ALLOWED_IMPORTS.map((p) => p.replace(/[.]/g, '\\.')).join('|')})|\\.\\./contract/)`;

/** Only these files choose and mount stand-ins, behind the stand-in policy (server/stand-in-policy.ts). */
const STAND_IN_CHOOSERS = ['server/adapters.ts', 'server/app.ts'];

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
  // The stand-in wing: product code never imports it (only the two choosers do), and it imports only what it
  // shares with the real adapters.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/standins/**', ...STAND_IN_CHOOSERS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: folder('standins'),
              message: `Only ${STAND_IN_CHOOSERS.join(' and ')} choose and mount stand-ins; product code uses the port.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/standins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: STAND_IN_FORBIDDEN_IMPORT,
              message:
                'A stand-in imports only the database, HTTP helpers, clock, contract and the provider wire it shares ' +
                'with the real adapter (see docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
