// Development only (src/plugins/dev-problems): lists the API description's
// problems on the page, from the status `npm start` writes after each run
// of the spec step.
import siteConfig from '@generated/docusaurus.config';

import {locationOf, type DevStatus} from '../../../dev-loop/status';
import {DEV_STATUS_ROUTE} from '../dev-problems-options';
import styles from './overlay.module.css';

const STATUS_URL = `${siteConfig.baseUrl}${DEV_STATUS_ROUTE}/status.json`;
/** Often enough that a save shows within a second or so; a local file, so cheap. */
const POLL_MS = 700;
const DISMISSED_KEY = 'spec-dev-overlay-dismissed-run';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string | undefined, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function heading(status: DevStatus): string {
  const problems = `${status.total} ${status.total === 1 ? 'problem' : 'problems'}`;
  return status.failure ? `This edit cannot be published${status.total > 0 ? ` (and ${problems} in the pages shown)` : ''}` : `API description: ${problems}`;
}

/** The overlay for a status, or nothing when there is nothing to say. */
export function renderOverlay(status: DevStatus, onDismiss: () => void): HTMLElement | undefined {
  if (!status.failure && status.total === 0) return undefined;
  const dismiss = element('button', styles.dismiss, '×');
  dismiss.type = 'button';
  dismiss.setAttribute('aria-label', 'Dismiss the list of problems');
  dismiss.addEventListener('click', onDismiss);
  const body: Node[] = [];
  if (status.failure) {
    const {failure} = status;
    const place = failure.file ? [element('code', styles.location, locationOf({file: failure.file, line: failure.line, column: failure.column})), ' '] : [];
    body.push(
      element('p', styles.failure, ...place, failure.message),
      ...failure.details.slice(0, 5).map((detail) => element('p', styles.detail, detail)),
      element('p', styles.note, 'The page shows the last description that could be published; the next good save updates it.'),
    );
  }
  if (status.problems.length > 0) {
    body.push(
      element(
        'ol',
        styles.list,
        ...status.problems.map((problem) =>
          element('li', styles.problem, element('code', styles.location, locationOf(problem)), ' ', element('code', styles.pointer, problem.pointer === '' ? '/' : problem.pointer), element('span', styles.message, problem.message)),
        ),
      ),
    );
    if (status.total > status.problems.length) body.push(element('p', styles.note, `… and ${status.total - status.problems.length} more in .spec/problems.json`));
  }
  const overlay = element('aside', styles.overlay, element('div', styles.header, element('h2', styles.title, heading(status)), dismiss), element('div', styles.body, ...body));
  overlay.setAttribute('aria-label', 'Problems in the API description');
  overlay.dataset.specDevOverlay = status.run;
  return overlay;
}

function start(): void {
  let shown: HTMLElement | undefined;
  let lastRun = '';
  const show = (status: DevStatus) => {
    shown?.remove();
    shown = undefined;
    if (sessionStorage.getItem(DISMISSED_KEY) === status.run) return;
    shown = renderOverlay(status, () => {
      sessionStorage.setItem(DISMISSED_KEY, status.run);
      shown?.remove();
      shown = undefined;
    });
    if (shown) document.body.append(shown);
  };
  const poll = async () => {
    try {
      const response = await fetch(STATUS_URL, {cache: 'no-store'});
      if (response.ok) {
        const status = (await response.json()) as DevStatus;
        if (status.run !== lastRun) {
          lastRun = status.run;
          show(status);
        }
      }
    } catch {
      // The development server is restarting; the next poll tries again.
    }
    setTimeout(() => void poll(), POLL_MS);
  };
  void poll();
}

if (typeof window !== 'undefined') start();
