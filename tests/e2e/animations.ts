import type {Page} from '@playwright/test';

/**
 * Brings every finite animation and transition of the page to its end, as
 * Playwright does before a screenshot, so that a check reading computed
 * styles sees what a reader sees once the page is still: a colour or opacity
 * transition under way (after a switch to dark mode, after hydration) would
 * otherwise be read half-way, more often the faster the host.
 */
export async function finishTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}
