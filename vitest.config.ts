import { defineConfig } from 'vitest/config';

// One runner for every layer; `vitest run --project <name>` picks a layer.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
          globalSetup: ['./src/testing/global-setup.ts'],
        },
      },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
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
