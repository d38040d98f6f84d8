import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['landing', 'marketplace', 'listing', 'selling', 'buying', 'account', 'auth', 'hotel-console'];

/**
 * The layers of the API, bottom first. A folder may import only folders of the layers below its own (never one
 * beside it or above), so dependencies run one way and a circle between folders cannot be written. The entry
 * points (ENTRY_POINTS) wire all of them; the stand-in wing (server/standins/) has rules of its own below.
 * docs/architecture.md draws the same picture; a new folder must be given a place here (a test checks every
 * folder has one).
 */
export const SERVER_LAYERS = [
  ['crypto', 'mail'],
  ['db'],
  ['http'],
  ['accounts', 'jobs', 'ledger', 'rates'],
  ['auth', 'contact', 'photos', 'system'],
  ['listings'],
  ['alerts', 'seo'],
  // A hotel's resale rules (its standing, the verdict, pausing a listing): read by selling and payments alike.
  ['resale-policy'],
  ['selling'],
  // Hotels joining (the integration webhook, members, the first admin): they read the seller's PMS port.
  ['hotels'],
  // The buying core: the order core, then each layer building on the one before it. A lower layer starts work
  // of a higher one through a job kind it enqueues and the higher one handles (server/orders/sale-jobs.ts).
  ['orders'],
  ['payments'],
  ['handover'],
  ['payouts'],
  // The hotel console's policy: publishing and the kill switch bring listings in line (ending holds on the way).
  ['hotel-policy'],
  // The API's description documents every route, so it sits on top.
  ['openapi'],
];

/** Files of server/ that wire the layers together; no folder imports them. */
const ENTRY_POINTS = ['main', 'start-server', 'serve', 'cli', 'app', 'adapters', 'buying-jobs'];
/** A folder's own command-line entry (npm run ledger:check, jobs, orders) wires like an entry point. */
const COMMAND_LINE_FILES = ['server/*/cli.ts', 'server/*/*-cli.ts'];

/** An import that climbs out of the importing folder into server/<one of names>/ (or names the root file). */
const outOf = (names, tail = '(/|$)') => `^(\\.\\./)+(${names.join('|')})${tail}`;

/**
 * What a stand-in (server/standins/) may import besides its own wing: the database, the HTTP helpers, the clock,
 * the contract, and the provider wire it shares with the real client (the port it implements). Everything else
 * of the product is out of its reach, so a stand-in cannot lean on product code and drift from the real wire.
 */
const STAND_IN_ALLOWED_IMPORTS = [
  'crypto/same-secret.ts',
  'db/',
  'http/',
  'clock.ts',
  'time-zones.ts',
  'background-loop.ts',
  'mail/mailer.ts',
  'payments/stripe/stripe-wire.ts',
  'selling/pms/mews-schemas.ts',
];
/** A path from server/standins/<service>/ out of the wing that is none of the above (or the contract, one up). */
const STAND_IN_FORBIDDEN_IMPORT = `^\\.\\./\\.\\./(?!(${STAND_IN_ALLOWED_IMPORTS.map((p) => p.replace(/[.]/g, '\\.')).join('|')})|\\.\\./contract/)`;

/** Only these files choose and mount stand-ins, behind the stand-in policy (server/stand-in-policy.ts). */
const STAND_IN_CHOOSERS = ['server/adapters.ts', 'server/app.ts'];

const standInRule = {
  // From a root file too (./standins/), not only from a folder.
  regex: '^(\\.{1,2}/)+standins(/|$)',
  message: `Only ${STAND_IN_CHOOSERS.join(' and ')} choose and mount stand-ins; product code uses the port.`,
};
/** What no folder of server/ imports: the stand-in wing and the entry points that wire everything. */
const serverWideImportRules = [
  standInRule,
  { regex: outOf(ENTRY_POINTS, '\\.ts$'), message: 'A folder of server/ never imports an entry point; they wire it.' },
];

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
  // Layers of the API, one way (SERVER_LAYERS): each folder's one rule names every folder it may not import, the
  // entry points, and the stand-in wing, which product code never imports (only the choosers mount it).
  ...SERVER_LAYERS.flatMap((layer, level) =>
    layer.map((name) => {
      const above = SERVER_LAYERS.flatMap((other, otherLevel) => (otherLevel >= level ? other : [])).filter(
        (other) => other !== name,
      );
      return {
        files: [`server/${name}/**/*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...above.map((other) => ({
                  regex: outOf([other]),
                  message: `server/${name} may not import server/${other}: dependencies run one way, down the layers (see docs/architecture.md).`,
                })),
                ...serverWideImportRules,
              ],
            },
          ],
        },
      };
    }),
  ),
  {
    files: COMMAND_LINE_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [standInRule] }] },
  },
  {
    files: ['server/*.ts'],
    ignores: STAND_IN_CHOOSERS,
    rules: { 'no-restricted-imports': ['error', { patterns: [standInRule] }] },
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
