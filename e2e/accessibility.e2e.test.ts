import axe, { type AxeResults, type Result } from 'axe-core';
import type { Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useJourney } from './journey.ts';
import { PATIENCE, signIn } from './catalogue-helpers.ts';
import { atRest } from './wcag.ts';

// Issue 9, defect 3: WCAG 2.2 AA on the main screens, as a merchant Admin, a merchant User and a
// customer see them. axe-core runs in the page after each screen has loaded its data; a serious or
// critical violation fails the journey, and every one found is printed with the screen it is on.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const JOURNEY_MS = 240_000;

const journey = useJourney();

type Finding = { screen: string; violation: Result };

const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root, [data-loading="true"]';

/** The current test's page's requests still waiting for their answer. */
const pending = new Set<Request>();
beforeEach(() => {
  pending.clear();
  journey.page.on('request', (request) => pending.add(request));
  journey.page.on('requestfinished', (request) => pending.delete(request));
  journey.page.on('requestfailed', (request) => pending.delete(request));
});

/**
 * Waits until the screen has its heading and is at rest: nothing shown in it still loading, no
 * request still out (a section may only start loading once another's answer has arrived) and any
 * enter transition (banners, collapses) finished, so colours are read as they stay; checked again
 * after the rest, until all three hold together.
 */
async function settled(screen: string) {
  await journey.page.locator('h1').first().waitFor(PATIENCE);
  // Only what is shown counts: a tab not chosen keeps its panel (and its unfetched skeleton) hidden.
  const loading = journey.page.locator(LOADING).filter({ visible: true });
  const deadline = Date.now() + PATIENCE.timeout;
  for (;;) {
    try {
      await loading.first().waitFor({ state: 'detached', ...PATIENCE });
    } catch (error) {
      const html = await loading.first().evaluate((element) => element.outerHTML);
      throw new Error(`${screen} is still loading: ${html.slice(0, 300)}`, { cause: error });
    }
    while (pending.size > 0) {
      if (Date.now() > deadline) {
        const urls = [...pending].map((request) => request.url()).join(', ');
        throw new Error(`${screen} is still waiting for ${urls}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await atRest(journey.page);
    if (pending.size === 0 && (await loading.count()) === 0) return;
  }
}

/** What the audit reads from the page's window (the e2e project is compiled without the DOM types). */
type PageWindow = { axe?: typeof axe; document: Parameters<typeof axe.run>[0] };

/** Runs axe on the page as it is and keeps the serious and critical violations. */
async function audit(screen: string): Promise<Finding[]> {
  await settled(screen);
  const hasAxe = await journey.page.evaluate(() => Boolean((globalThis as unknown as PageWindow).axe));
  if (!hasAxe) await journey.page.addScriptTag({ content: axe.source });
  const results: AxeResults = await journey.page.evaluate((tags) => {
    const { axe: inPage, document } = globalThis as unknown as PageWindow;
    return inPage!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, TAGS);
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({ screen, violation }));
}

/** Opens `path` and audits it. */
async function visit(path: string): Promise<Finding[]> {
  await journey.page.goto(path);
  return audit(path);
}

/**
 * From a list screen, opens the first record its table links to and audits that screen, then each
 * of `tabs` (tier and group screens show their customers in a second tab).
 */
async function visitFirstRecord(listPath: string, tabs: string[] = []): Promise<Finding[]> {
  await journey.page.goto(listPath);
  await settled(listPath);
  const link = journey.page.locator('main table tbody a[href]').first();
  await link.waitFor(PATIENCE);
  const href = await link.getAttribute('href');
  await link.click();
  await journey.page.waitForURL((url) => url.pathname === href, PATIENCE);
  const findings = await audit(`${href} (from ${listPath})`);
  for (const tab of tabs) {
    await journey.page.getByRole('tab', { name: tab }).click();
    findings.push(...(await audit(`${href}, ${tab} tab`)));
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings
    .map(({ screen, violation }) => {
      const nodes = violation.nodes
        .slice(0, 6)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = violation.nodes.length > 6 ? `\n    … and ${violation.nodes.length - 6} more` : '';
      return `[${violation.impact}] ${violation.id} on ${screen}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

async function expectNoSeriousViolations(screens: (() => Promise<Finding[]>)[]) {
  const findings: Finding[] = [];
  for (const screen of screens) findings.push(...(await screen()));
  expect(findings.length, `axe found serious or critical violations:\n\n${report(findings)}\n`).toBe(0);
}

const MERCHANT_SCREENS = [
  () => visit('/'),
  () => visit('/products'),
  () => visitFirstRecord('/products'),
  () => visit('/customers'),
  () => visitFirstRecord('/customers'),
  () => visit('/pricing'),
  () => visitFirstRecord('/pricing', ['Customers']),
  () => visit('/visibility'),
  () => visitFirstRecord('/visibility', ['Customers']),
  () => visit('/categories'),
  () => visit('/brands'),
  () => visit('/user/account'),
];

describe('WCAG 2.2 AA on the main screens (axe-core)', () => {
  it('holds before signing in: sign in, reset password, sign up', async () => {
    await expectNoSeriousViolations([
      () => visit('/sign-in'),
      () => visit('/sign-in/reset-password'),
      () => visit('/sign-up'),
    ]);
  });

  it(
    'holds for a merchant Admin: catalogue, customers, pricing, visibility, organisation, people, account',
    async () => {
      await signIn(journey.page, 'merchant@demo.test');
      // Organisation details holds the people section (members and open invitations).
      await expectNoSeriousViolations([...MERCHANT_SCREENS, () => visit('/organisations/details')]);
    },
    JOURNEY_MS,
  );

  it(
    'holds on a phone (390 × 844), where lists are cards and the menu folds away',
    async () => {
      await journey.page.setViewportSize({ width: 390, height: 844 });
      await signIn(journey.page, 'merchant@demo.test');
      await expectNoSeriousViolations([
        () => visit('/'),
        () => visit('/pricing'),
        () => visitFirstRecord('/pricing', ['Customers']),
        () => visit('/visibility'),
        () => visit('/categories'),
        () => visit('/brands'),
        () => visit('/products'),
        () => visit('/customers'),
      ]);
    },
    JOURNEY_MS,
  );

  it(
    'holds for a merchant User, who sees the same screens without the Admin-only actions',
    async () => {
      await signIn(journey.page, 'staff@demo.test');
      await expectNoSeriousViolations(MERCHANT_SCREENS);
    },
    JOURNEY_MS,
  );

  it(
    'holds for a customer in the merchant’s portal: home, ordering, organisation and people, account',
    async () => {
      await signIn(journey.page, 'customer@demo.test');
      await expectNoSeriousViolations([
        () => visit('/'),
        () => visit('/orders'),
        () => visit('/orders/create'),
        () => visit('/organisations/details'),
        () => visit('/user/account'),
        () => visit('/support'),
      ]);
    },
    JOURNEY_MS,
  );
});
