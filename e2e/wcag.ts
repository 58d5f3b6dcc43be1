import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

// WCAG 2.2 AA as accessibility.e2e.test.ts checks it, for a journey that audits the screens it
// passes through: the serious and critical violations, by rule, with the elements at fault.

/** What the audit reads from the page's window (the e2e project is compiled without the DOM types). */
type PageWindow = { axe?: typeof axe; document: Parameters<typeof axe.run>[0] };
type Animation = { playState: string; effect: { getComputedTiming(): { iterations: number } } | null };
type Animated = { document: { getAnimations(): Animation[] }; tradeportStillFrames?: number };

/** Frames in a row with nothing moving that will stop (a transition starts a frame or two late). */
const STILL_FRAMES = 3;

/**
 * Waits until the page is at rest, to be audited: halfway through a dialog's fade-in its text is
 * translucent, and axe reports every line of it as too faint. At rest is a few frames in a row in
 * which nothing that will end is running (a spinner turns for ever, so it does not count), which
 * takes a few tens of milliseconds on a page that is still, rather than a fixed wait.
 */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as Animated).tradeportStillFrames = 0;
  });
  await page.waitForFunction(
    (frames) => {
      const window = globalThis as unknown as Animated;
      const moving = window.document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      window.tradeportStillFrames = moving ? 0 : (window.tradeportStillFrames ?? 0) + 1;
      return window.tradeportStillFrames >= frames;
    },
    STILL_FRAMES,
    { polling: 'raf' },
  );
}

/** `within`: a selector for the part of the page to audit (an open dialog); the whole page otherwise. */
export async function wcagViolations(page: Page, within?: string): Promise<string[]> {
  await atRest(page);
  if (!(await page.evaluate(() => Boolean((globalThis as unknown as PageWindow).axe)))) {
    await page.addScriptTag({ content: axe.source });
  }
  const results: AxeResults = await page.evaluate((selector) => {
    const { axe: inPage, document } = globalThis as unknown as PageWindow;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    const context = selector ? { include: [selector] } : document;
    return inPage!.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, within);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}
