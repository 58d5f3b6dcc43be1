import { defineConfig } from 'vitest/config';

// One runner for every layer; `vitest run --project <name>` picks a layer.
export default defineConfig({
  test: {
    projects: [
      // Pure functions: one module graph for every file costs nothing in safety and saves the
      // per-file import.
      { test: { name: 'contract', root: 'packages/contract', environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
          globalSetup: ['./src/testing/global-setup.ts'],
          // Each file builds its own app and database (testing/test-app.ts) and no server test
          // mocks modules or stubs globals, so files can share one module graph: importing
          // fastify, drizzle, PGlite and pg-boss once instead of per file halves the project's
          // time on 2 cores. A test that needs vi.mock or vi.stubGlobal must restore what it changed.
          isolate: false,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        // One jsdom and one module graph per worker instead of per file: jsdom and Mantine set-up
        // was over half of every file's time. src/testing/setup.ts resets what is shared (DOM,
        // query cache, toasts, storage) after each test; a file that stubs globals or fakes
        // timers must put them back in its own afterEach.
        test: { name: 'web', root: 'apps/web', isolate: false },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
