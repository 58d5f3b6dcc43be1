import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
/** Web test files (relative to apps/web) that mock a module with vi.mock. */
const webFilesWithModuleMocks = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => readFileSync(path.join(WEB_SRC, file), 'utf8').includes('vi.mock('))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')));

// One runner for every layer; `vitest run --project <name>` picks a layer.
export default defineConfig({
  test: {
    // A worker per core: vitest's default leaves one core free (one worker on a 2-core machine),
    // which the unit projects, all CPU-bound, do not need.
    maxWorkers: '100%',
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
          // A file named for one engine runs in the pass on that engine: PGlite's in `npm test`,
          // PostgreSQL's in the second pass (.ci/run, DATABASE_URL set). Each backup round trip is
          // one (the other engine's would only repeat itself there, and PGlite's would first build
          // a database from nothing); so is what only PostgreSQL's connections do.
          exclude: [
            ...configDefaults.exclude,
            process.env.DATABASE_URL ? '**/*-pglite.test.ts' : '**/*-postgres.test.ts',
          ],
          // Each file builds its own app and database (testing/test-app.ts) and no server test
          // mocks modules or stubs globals, so files can share one module graph: importing
          // fastify, drizzle, PGlite and pg-boss once instead of per file halves the project's
          // time on 2 cores. A test that needs vi.mock or vi.stubGlobal must restore what it changed.
          isolate: false,
        },
      },
      // One jsdom and one module graph per worker instead of per file: jsdom and Mantine set-up
      // was over half of every file's time. src/testing/setup.ts resets what is shared (DOM,
      // query cache, toasts, storage) after each test; a file that stubs globals or fakes timers
      // puts them back in its own afterEach. Module mocks cannot be undone that way (a module
      // another file loaded stays loaded), so files with vi.mock run isolated, as `web-isolated`.
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          isolate: false,
          exclude: [...configDefaults.exclude, ...webFilesWithModuleMocks],
        },
      },
      ...(webFilesWithModuleMocks.length === 0
        ? []
        : [
            {
              extends: 'apps/web/vite.config.ts',
              test: { name: 'web-isolated', root: 'apps/web', include: webFilesWithModuleMocks },
            },
          ]),
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Seeds the demo data once; each file's server starts on its own copy of it.
          globalSetup: ['./global-setup.ts'],
          // Two files at a time: a journey spends much of its time waiting on its browser and
          // server, so a second file uses the cores the first leaves idle. Each file has its own
          // server, data dir, port and browser contexts, so they share nothing. More than two on two
          // cores starves the journeys' waits.
          maxWorkers: 2,
          // A worker's files share its process, so its Chromium and imports (Playwright, axe-core)
          // start once instead of once a file, and the server for its next file starts while the
          // current one runs (journey.ts). No journey mocks modules or stubs globals.
          isolate: false,
          // After the unit projects (vitest runs a group at a time), which may use another worker
          // count: projects in one group must agree on it.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
