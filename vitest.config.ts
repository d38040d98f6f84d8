import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

/**
 * Web test files that need a module registry of their own: whether Stripe.js is imported at all is what one
 * asserts. The fakes every web file shares (the maps) are mocked in tests/web/setup.ts instead (ADR 0066).
 */
const WEB_FILES_WITH_MODULE_MOCKS = ['tests/web/buying-stripe-js.test.tsx'];

/**
 * The system tier (`npm run test:system`, also in CI): tests that start whole processes or run long, too slow for
 * the suite a developer runs before each commit. Servers run as child processes and killed mid-write, the start-up
 * matrix, processes racing for the data directory's lock, fresh embedded clusters in their own threads, the
 * migrations run whole from empty databases again and again, two instances on one database, the full authorization
 * matrix, the seeded fuzz run, the property tests (hundreds of interleavings replayed, any resale policy against any
 * reservation), a refund by hand at every state of an order and its payout, ESLint run over sample files to prove
 * the import rules, a slow hotel's real lookup deadlines and breaker cool-downs waited out (seconds by design), the
 * hotel directory read whole over HTTP through the real Mews adapter, a hotel's token withdrawn at every state of a
 * sale, the demo hotel system (a stand-in the end-to-end suite also drives) seeded whole for each of its files (the
 * stay page's "approved" held against checkout at every demo hotel among them), Supabase's migrations run on a blank
 * cluster, the test databases' own reuse proven (it changes the schema on purpose, so the next file in its worker
 * migrates again), and the public pages drawn by the whole web app compiled for Node (seconds of compiling before
 * the first test) and by renderers in threads of their own; what the server checks in the replies a page carries
 * stays in the everyday suite (served-replies.test.ts).
 */
const SYSTEM_FILES = [
  'tests/contract/supabase-migrations.test.ts',
  'tests/server/authorization-matrix.test.ts',
  'tests/server/crash-payouts.test.ts',
  'tests/server/crash-restart.test.ts',
  'tests/server/data-dir-lock.test.ts',
  'tests/server/demo-pms.test.ts',
  'tests/server/demo-pms-cancel-guard.test.ts',
  'tests/server/demo-pms-sweep.test.ts',
  'tests/server/database-outage.test.ts',
  'tests/server/fuzz.test.ts',
  'tests/server/handover-interleavings.test.ts',
  'tests/server/hotel-approval-agrees.test.ts',
  'tests/server/hotel-directory-sync.test.ts',
  'tests/server/hotel-token-withdrawn.test.ts',
  'tests/server/lint-layers.test.ts',
  'tests/server/migrate.test.ts',
  'tests/server/pglite-thread.test.ts',
  'tests/server/production-bundle.test.ts',
  'tests/server/ready-means-ready.test.ts',
  'tests/server/refund-by-hand-states.test.ts',
  'tests/server/resale-policy-property.test.ts',
  'tests/server/selling-code-property.test.ts',
  'tests/server/server-rendering.test.ts',
  'tests/server/slow-hotel.test.ts',
  'tests/server/startup-matrix.test.ts',
  'tests/server/startup.test.ts',
  'tests/server/test-database.test.ts',
  'tests/server/two-instances.test.ts',
];

const serverProject = {
  environment: 'node' as const,
  // Files share a worker's imports (the app and its libraries take seconds of CPU to load) instead of loading
  // them again for each file; every file still has its own database and server.
  isolate: false,
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

/** Creates and migrates the databases every server test file copies, once per run. */
const DATABASE_TEMPLATES = 'tests/helpers/database-templates.ts';
/** The same, while the run's first files (the web's) go on: a server file waits for them where it needs one. */
const DATABASE_TEMPLATES_IN_BACKGROUND = 'tests/helpers/database-templates-background.ts';

const webProject = {
  // happy-dom, not jsdom: the same 359 tests took about 30% less CPU (ADR 0065).
  environment: 'happy-dom' as const,
  setupFiles: ['tests/web/setup.ts'],
  // A route's code loads lazily on its first render; on a busy 2-core machine that alone can take seconds.
  testTimeout: 15_000,
};

/**
 * The order projects' files are handed to the workers, longest first within each (vitest's own order). Left to
 * itself vitest takes projects by name, so the isolated web files came last, and the longest of them ran alone
 * at the end of the web's turn while the other core sat idle; the other web files' many short ones fill that
 * end instead.
 */
const PROJECT_ORDER = ['web-module-mocks', 'web', 'server', 'system'];

class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    // A stable sort: within a project, the order vitest chose stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves a core to itself by default; its main process mostly waits, so every core runs test files.
    maxWorkers: '100%',
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      {
        extends: true,
        test: {
          ...serverProject,
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          exclude: SYSTEM_FILES,
          globalSetup: [DATABASE_TEMPLATES_IN_BACKGROUND],
          // After the web projects, not beside them: run together, both projects' workers (four processes, each
          // loading its own imports) shared the two cores, and the run took 4-6 s longer than the two in turn.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...serverProject,
          name: 'system',
          include: SYSTEM_FILES,
          // Processes started, raced and killed take seconds each; on a busy 2-core machine many more.
          testTimeout: 60_000,
          // Also compiles the server that tests run as a child process, once per run.
          globalSetup: [DATABASE_TEMPLATES, 'tests/helpers/server-bundle.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...webProject,
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          exclude: WEB_FILES_WITH_MODULE_MOCKS,
          // As on the server: files share a worker's imports (React, the router, each page's code). Every test
          // still renders into a clean document with fresh storage, query cache and sign-in client (setup.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...webProject, name: 'web-module-mocks', include: WEB_FILES_WITH_MODULE_MOCKS },
      },
    ],
  },
});
