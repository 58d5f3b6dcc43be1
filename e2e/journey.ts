import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from '../scripts/lib/browser.ts';
import { type RunningServer, type StartOptions, startServer } from '../scripts/lib/server-process.ts';
import { DEMO_DATA_DIR_ENV, RUN_DIR_ENV } from './global-setup.ts';

// Every browser journey needs the same harness: a server of its own for each file and Chromium, a
// fresh browser context (its own cookies and storage, Australian locale) and page for each test,
// and all of it closed afterwards. Written once here so a journey file holds only its journeys, and
// a change to the harness (a context option, the order things close in) is made in one place
// rather than in every file.
//
// A worker runs its files one after another in one process (the e2e project does not isolate
// them), so it keeps what is slow to start and holds nothing of one file's state: one Chromium for
// all its files (each test still gets a context of its own, and whatever a file leaves open in it
// is closed when the file ends), and, while a file runs, the server for its next file that starts
// on the run's demo data as it is (no `env`, `ownDemoData` or `changeDemoData`), on a fresh copy
// of that data as before, so that file does not wait for one to start.

type WorkerState = {
  browser?: Promise<Browser>;
  /** Started for the worker's next file that takes the default server (`startsPlain`). */
  nextServer?: Promise<RunningServer>;
};

/** What this worker keeps from one file to the next, on globalThis so that it outlives any module. */
const worker = ((globalThis as { tradeportJourneyWorker?: WorkerState }).tradeportJourneyWorker ??= {});

/** The worker's Chromium: launched by its first file (or again, should it have gone). */
async function workerBrowser(): Promise<Browser> {
  const running = await worker.browser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  worker.browser = launchBrowser();
  return worker.browser;
}

/** A server on a fresh copy of the run's demo data and the default environment. */
const plainServer = (copyOf: string) => startServer({ copyOf, tempDir: process.env[RUN_DIR_ENV] });

/** The server started for this file while the worker's last one ran, if it is up; else a new one. */
async function takePlainServer(copyOf: string): Promise<RunningServer> {
  const next = worker.nextServer;
  worker.nextServer = undefined;
  const server = await next?.catch(() => undefined);
  if (server) {
    const healthy = await fetch(`${server.url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await server.stop();
  }
  return plainServer(copyOf);
}

/** Starts the server for the worker's next file, if none is starting yet. */
function startNextServer(copyOf: string) {
  if (worker.nextServer) return;
  const next = plainServer(copyOf);
  // A server that failed to start is not taken: the file starts its own, and sees why if that fails.
  next.catch(() => {});
  worker.nextServer = next;
}

export type Viewport = { width: number; height: number };

export type JourneyOptions = {
  /** Extra environment for the server, read when it starts (after the file's own beforeAll hooks). */
  env?: () => Record<string, string>;
  /** The page's viewport; Playwright's default (1280 × 720) otherwise. */
  viewport?: Viewport;
  /** A phone: the context is mobile and has touch (with `viewport` as the screen). */
  isMobile?: boolean;
  /** Open a page before each test (the default); false when the tests call `openPage` themselves. */
  pagePerTest?: boolean;
  /**
   * Let the server migrate and seed its own database as it starts, for a file whose demo data must
   * differ from the run's (the seed dates orders from the server's clock, which `env` may fake).
   * Otherwise it starts on a copy of the data dir global-setup.ts seeded once for the run.
   */
  ownDemoData?: boolean;
  /**
   * Changes the file's copy of the run's demo data before its server starts (its data dir, no
   * process holding the database yet): state no API call can make, such as a trial that ended days
   * ago. Needs the run's seeded data (global-setup.ts), so not with `ownDemoData`.
   */
  changeDemoData?: (dataDir: string) => Promise<void>;
};

export type Journey = {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The current test's page. */
  readonly page: Page;
  /** Opens a page in a fresh context, which becomes `page` and is closed after the test. */
  openPage(viewport?: Viewport): Promise<Page>;
};

/**
 * Registers the file's hooks (call it at the top level of a journey file, after any beforeAll its
 * `env` depends on: hooks run in the order they are registered, and after-hooks in reverse).
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  async function openPage(viewport = options.viewport): Promise<Page> {
    const context = await journey.browser.newContext({
      baseURL: journey.server.url,
      locale: 'en-AU',
      ...(viewport ? { viewport } : {}),
      ...(options.isMobile ? { isMobile: true, hasTouch: true } : {}),
    });
    page = await context.newPage();
    return page;
  }

  const journey: Journey = {
    get server() {
      if (!server) throw new Error('the server is not running (use it inside a test or hook)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running (use it inside a test or hook)');
      return browser;
    },
    get page() {
      if (!page) throw new Error('no page is open (call openPage first)');
      return page;
    },
    openPage,
  };

  beforeAll(async () => {
    // Without the run's seeded dir (a run without global-setup.ts) the server seeds its own.
    const runDemoData = process.env[DEMO_DATA_DIR_ENV];
    const copyOf = options.ownDemoData ? undefined : runDemoData;
    if (options.changeDemoData && !copyOf) {
      throw new Error('changeDemoData needs the run’s seeded demo data (global-setup.ts), not ownDemoData');
    }
    const startsPlain = copyOf && !options.env && !options.changeDemoData;
    const start: StartOptions = {
      env: options.env?.(),
      copyOf,
      tempDir: process.env[RUN_DIR_ENV],
      beforeStart: options.changeDemoData,
    };
    [server, browser] = await Promise.all([
      startsPlain ? takePlainServer(copyOf) : startServer(start),
      workerBrowser(),
    ]);
    if (runDemoData) startNextServer(runDemoData);
  });
  afterAll(async () => {
    // The browser is the worker's: only what this file's tests left open in it is closed.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await server?.stop();
  });
  if (options.pagePerTest !== false) {
    beforeEach(async () => {
      await openPage();
    });
  }
  afterEach(async () => {
    await page?.context().close();
    page = undefined;
  });

  return journey;
}
