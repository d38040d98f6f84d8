import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Web test files that replace modules with vi.mock: those need a module registry of their own. */
const WEB_FILES_WITH_MODULE_MOCKS = [
  'tests/web/buying-stripe-js.test.tsx',
  'tests/web/marketplace-google-map.test.tsx',
  'tests/web/marketplace-search.test.tsx',
];

const webProject = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/web/setup.ts'],
  // A route's code loads lazily on its first render; on a busy 2-core machine that alone can take seconds.
  testTimeout: 15_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest leaves a core to itself by default; its main process mostly waits, so every core runs test files.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // Creates and migrates the databases every test file copies, and compiles the server that tests run as
          // a child process, once per run.
          globalSetup: ['tests/helpers/database-templates.ts', 'tests/helpers/server-bundle.ts'],
          // Files share a worker's imports (the app and its libraries take seconds of CPU to load) instead of
          // loading them again for each file; every file still has its own database and server.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
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
