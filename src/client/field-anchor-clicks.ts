/**
 * Field links (src/components/FieldLink), with JavaScript: a click copies the
 * field's full URL and says so to screen readers; a URL whose fragment names
 * a field shows it, opening the collapsed schema parts and the response tab
 * that hold it, then scrolling to it.
 *
 * Without JavaScript the same HTML works on its own: each field link is a
 * plain `#id` link, the browser opens the closed `<details>` around a
 * fragment's target by itself (the HTML standard's "ancestor details revealing
 * algorithm"), and every response tab panel is shown (OperationPage's
 * noscript style). Parts of the page that are still server HTML (not yet
 * hydrated, see HydrateOnDemand) are changed here directly; once React
 * renders them it opens the same parts (useHoldsTarget, useTargetAnchor).
 */
import type {ClientModule} from '@docusaurus/types';

let listening = false;
let liveRegion: HTMLElement | undefined;

function announce(message: string): void {
  if (!liveRegion) {
    liveRegion = document.createElement('div');
    liveRegion.setAttribute('role', 'status');
    liveRegion.className = 'sr-only field-link-status';
    document.body.append(liveRegion);
  }
  // A change of text is what a screen reader announces: clear first, so a second copy is told too.
  liveRegion.textContent = '';
  window.setTimeout(() => {
    if (liveRegion) liveRegion.textContent = message;
  }, 50);
}

/** Shows the tab panel `panel` of its tabs, whether React handles the tabs yet or not. */
function showTabPanel(panel: HTMLElement): void {
  const container = panel.parentElement;
  const tabs = container?.parentElement?.querySelector(':scope > [role="tablist"]');
  if (!container || !tabs) return;
  const panels = Array.from(container.children).filter((element) => element.getAttribute('role') === 'tabpanel');
  const index = panels.indexOf(panel);
  const tab = tabs.querySelectorAll<HTMLElement>(':scope > [role="tab"]')[index];
  tab?.click();
  if (!panel.hidden) return;
  // Server HTML without React's handlers yet: switch the tabs by hand.
  panels.forEach((other) => ((other as HTMLElement).hidden = other !== panel));
  tabs.querySelectorAll<HTMLElement>(':scope > [role="tab"]').forEach((other, position) => {
    const selected = position === index;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    other.classList.toggle('tabs__item--active', selected);
  });
}

/** Opens what hides the element with this id and scrolls it into view. */
export function revealFieldTarget(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  let opened = false;
  for (let element = target.parentElement; element; element = element.parentElement) {
    if (element instanceof HTMLDetailsElement && !element.open) {
      element.open = true;
      opened = true;
    }
    if (element.getAttribute('role') === 'tabpanel' && element.hidden) {
      showTabPanel(element);
      opened = true;
    }
  }
  // Headings and visible fields are where Docusaurus already scrolled.
  if (opened || target.querySelector(':scope > * > .field-link')) target.scrollIntoView({block: 'start'});
  return opened;
}

function fragmentId(hash: string): string {
  if (hash.length < 2) return '';
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** An "Expand all" button (OperationPage's ExpandAll): opens every nested schema of its section, or closes them all when none is closed. */
export function toggleSchemaDetails(button: HTMLElement): void {
  const section = document.getElementById(button.getAttribute('aria-controls') ?? '');
  const all = Array.from(section?.querySelectorAll<HTMLDetailsElement>('details[data-schema-details]') ?? []);
  const open = all.some((details) => !details.open);
  for (const details of all) details.open = open;
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const expandAll = (event.target as Element | null)?.closest?.<HTMLElement>('button[data-expand-all]');
  if (expandAll) {
    toggleSchemaDetails(expandAll);
    return;
  }
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a.field-link');
  if (!link) return;
  // The link still goes to the field (the address bar shows it); the copy is extra.
  const url = new URL(link.getAttribute('href') ?? '', window.location.href).href;
  void copyText(url).then((copied) => announce(copied ? 'Link to the field copied' : 'The field link is in the address bar'));
}

const clientModule: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    if (typeof window === 'undefined') return;
    // Registered once, for every page the reader visits.
    if (!listening) {
      listening = true;
      document.addEventListener('click', onClick);
      window.addEventListener('hashchange', () => revealFieldTarget(fragmentId(window.location.hash)));
    }
    const id = fragmentId(location.hash);
    if (!id || (previousLocation && previousLocation.pathname === location.pathname && previousLocation.hash === location.hash)) return;
    // After this update's render (and Docusaurus's own scroll to the hash, which cannot reach a closed part).
    window.requestAnimationFrame(() => revealFieldTarget(id));
  },
};

export default clientModule;
