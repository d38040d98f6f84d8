import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          // Creates and migrates the databases every test file copies, once per run.
          globalSetup: ['tests/helpers/database-templates.ts'],
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
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // A route's code loads lazily on its first render; on a busy 2-core machine that alone can take seconds.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
