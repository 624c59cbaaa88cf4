import type {SyntheticEvent} from 'react';
// The classic copy button's own stylesheet, for its "copied" class.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/CopyButton/styles.module.css';

/** How long the button says it copied, as the classic button's handler does. */
const COPIED_MS = 1000;

/**
 * A code block's copy button that is still server HTML (HydrateOnDemand) has
 * no handler until the part hydrates, which can wait for the page's full
 * model: this copies the block's code on that first press instead, and shows
 * what the classic button shows after a copy (its success icon, and the
 * label "Copied").
 */
export function copyCodeFromServerHtml(event: SyntheticEvent): void {
  const target = event.target as Element;
  const button = target.closest?.('.theme-code-block button[aria-label="Copy code to clipboard"]');
  const block = button?.closest('.theme-code-block')?.querySelector('pre > code');
  if (!button || !block || !navigator.clipboard) return;
  // Lines rendered by React are .token-line elements ending in <br>, which
  // textContent drops; the server's are the code's own line breaks.
  const lines = Array.from(block.querySelectorAll('.token-line'), (line) => line.textContent ?? '');
  const code = lines.length > 0 ? lines.join('\n') : (block.textContent ?? '');
  void navigator.clipboard.writeText(code).then(() => showCopied(button), () => undefined);
}

function showCopied(button: Element): void {
  const label = button.getAttribute('aria-label') ?? '';
  button.classList.add(styles.copyButtonCopied!);
  // The classic button's English label, as the selector above reads its other one (the site has one locale).
  button.setAttribute('aria-label', 'Copied');
  // React may have replaced the button by then; the old one is gone with its state.
  window.setTimeout(() => {
    button.classList.remove(styles.copyButtonCopied!);
    button.setAttribute('aria-label', label);
  }, COPIED_MS);
}
