import type {SyntheticEvent} from 'react';

/**
 * A code block's copy button that is still server HTML (HydrateOnDemand) has
 * no handler until the part hydrates, which can wait for the page's full
 * model: this copies the block's code on that first press instead.
 */
export function copyCodeFromServerHtml(event: SyntheticEvent): void {
  const target = event.target as Element;
  const button = target.closest?.('.theme-code-block button[aria-label="Copy code to clipboard"]');
  const block = button?.closest('.theme-code-block')?.querySelector('pre > code');
  if (!block || !navigator.clipboard) return;
  // Each line is a .token-line element ending in <br>, which textContent drops.
  const lines = Array.from(block.querySelectorAll('.token-line'), (line) => line.textContent ?? '');
  const code = lines.length > 0 ? lines.join('\n') : (block.textContent ?? '');
  void navigator.clipboard.writeText(code).catch(() => undefined);
}
