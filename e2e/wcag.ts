import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

// WCAG 2.2 AA as the journeys check it (accessibility.e2e.test.ts audits the main screens; other
// journeys audit the dialogs and pages they reach): axe-core in the page, serious and critical
// violations only.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What the audit reads from the page's window (the e2e project is compiled without the DOM types). */
type PageWindow = { axe?: typeof axe; document: Parameters<typeof axe.run>[0] };

/** The serious and critical violations on the page as it is now, each as "rule: the elements". */
export async function wcagViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => Boolean((globalThis as unknown as PageWindow).axe)))) {
    await page.addScriptTag({ content: axe.source });
  }
  const results: AxeResults = await page.evaluate((tags) => {
    const { axe: inPage, document } = globalThis as unknown as PageWindow;
    return inPage!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, TAGS);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}
