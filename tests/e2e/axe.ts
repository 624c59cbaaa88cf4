import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import type {AxeResults, Result} from 'axe-core';

import {finishTransitions} from './animations';
import {expect} from './fixtures';

/** The WCAG 2.0 and 2.1 A and AA rules, which every audit of the suite runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG violations on the page as it is now, of every impact, within
 * `include` (a CSS selector) or the whole document.
 *
 * axe runs in the page itself, injected once per document, so that a page
 * audited twice (light, then dark) does not parse axe's 0.5 MB again, and no
 * blank page is opened to merge the frames' results (what @axe-core/playwright
 * does, for most of an audit's time). Same-origin frames get axe too and
 * answer the top frame's run; a cross-origin frame, which this way cannot
 * reach, fails the audit instead of being skipped.
 */
export async function axeViolations(page: Page, include?: string): Promise<Result[]> {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().filter((frame) => frame.url() !== 'about:blank' && new URL(frame.url(), page.url()).origin !== origin);
  expect(crossOrigin.map((frame) => frame.url()), 'cross-origin frames, which the audit cannot reach').toEqual([]);
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  // axe reads colours as they are drawn, so a transition under way would be audited half-way.
  await finishTransitions(page);
  const results = await page.evaluate(
    ([selector, tags]) => {
      const axe = (window as unknown as {axe: {run: (context: unknown, options: unknown) => Promise<AxeResults>}}).axe;
      // Only violations: collecting passes and incomplete results doubles the time.
      return axe.run(selector ?? document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    },
    [include, WCAG_TAGS] as const,
  );
  return results.violations;
}

/** One line per violation, naming the rule, its impact and up to three of its elements, for a test's failure message. */
export function describeViolations(violations: Result[], where: string): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join('; ');
    return `${where}: ${violation.id} (${violation.impact ?? 'unknown'}, ${violation.nodes.length}×): ${violation.help} — ${targets}`;
  });
}
