import type {Locator, Page} from '@playwright/test';

import {finishTransitions} from './animations';

/**
 * Layout checks measured in the page the way a reader would notice them
 * (issue 43, point 3). Each returns one line per problem, naming the
 * element, so that a failure says where to look; an empty list passes.
 */

/** Text that lies on top of other text: line boxes of different text nodes that overlap, where both are visible. */
export function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Overlaps of a few pixels are the ascent and descent of neighbouring lines, not text on text.
    const SLACK = 3;
    const visibleCache = new Map<Element, DOMRect | null>();
    /** The part of the viewport-independent page an element's content can show in, or null when it shows nowhere. */
    const clipOf = (element: Element): DOMRect | null => {
      if (visibleCache.has(element)) return visibleCache.get(element)!;
      const style = getComputedStyle(element);
      let clip: DOMRect | null;
      // Content that `content-visibility: auto` skips off screen is laid out when measured but not painted.
      const painted = element.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true});
      if (!painted || (style.clipPath.startsWith('inset(50%') && element.getBoundingClientRect().width <= 1)) {
        clip = null;
      } else {
        const parent = element.parentElement ? clipOf(element.parentElement) : new DOMRect(-1e6, -1e6, 2e6, 2e6);
        if (parent === null) clip = null;
        else if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const box = element.getBoundingClientRect();
          const left = Math.max(parent.left, box.left);
          const top = Math.max(parent.top, box.top);
          const right = Math.min(parent.right, box.right);
          const bottom = Math.min(parent.bottom, box.bottom);
          clip = right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
        } else clip = parent;
      }
      visibleCache.set(element, clip);
      return clip;
    };
    const boxes: {rect: DOMRect; node: number; text: string}[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let index = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      index += 1;
      const text = node.textContent ?? '';
      if (!text.trim() || !node.parentElement) continue;
      const clip = clipOf(node.parentElement);
      if (clip === null) continue;
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        const left = Math.max(rect.left, clip.left);
        const right = Math.min(rect.right, clip.right);
        const top = Math.max(rect.top, clip.top);
        const bottom = Math.min(rect.bottom, clip.bottom);
        if (right - left > SLACK && bottom - top > SLACK) boxes.push({rect: new DOMRect(left, top, right - left, bottom - top), node: index, text: text.trim().slice(0, 30)});
      }
    }
    boxes.sort((a, b) => a.rect.top - b.rect.top);
    const found: string[] = [];
    for (let i = 0; i < boxes.length && found.length < 5; i += 1) {
      const a = boxes[i];
      for (let j = i + 1; j < boxes.length && boxes[j].rect.top < a.rect.bottom - SLACK; j += 1) {
        const b = boxes[j];
        if (a.node === b.node) continue;
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (width > SLACK && height > SLACK) found.push(`"${a.text}" and "${b.text}" overlap by ${Math.round(width)}×${Math.round(height)} px at ${Math.round(b.rect.left)},${Math.round(b.rect.top)}`);
      }
    }
    return found;
  });
}

/** Tab strips whose tabs sit on more than one row. */
export function wrappedTabStrips(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="tablist"]'))
      .filter((list) => list.getClientRects().length > 0)
      .map((list) => {
        const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
        const rows = new Set(tabs.map((tab) => tab.offsetTop));
        return rows.size > 1 ? tabs.map((tab) => `${tab.textContent} @${tab.offsetTop}`).join(', ') : null;
      })
      .filter((row) => row !== null),
  );
}

/** Code blocks cut at the right edge with neither a visible wrap toggle nor a scroll shade. */
export function silentlyCutCode(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('pre'))
      .filter((pre) => pre.getClientRects().length > 0 && pre.scrollWidth > pre.clientWidth)
      .map((pre) => {
        const style = getComputedStyle(pre);
        const scrolls = ['auto', 'scroll'].includes(style.overflowX);
        const block = pre.closest('.theme-code-block') ?? pre.parentElement!;
        const toggle = block.querySelector<HTMLElement>('button[title="Toggle word wrap"]');
        const toggleVisible = toggle !== null && toggle.getClientRects().length > 0 && Number(getComputedStyle(toggle).opacity) > 0;
        // A shade drawn where the code goes on: fixed (`scroll`) gradients the content's own (`local`) covers at the ends.
        const layers = style.backgroundAttachment.split(',').map((layer) => layer.trim());
        const shade = style.backgroundImage.includes('gradient') && layers.includes('local') && layers.includes('scroll');
        return scrolls && (toggleVisible || shade) ? null : `${pre.textContent?.slice(0, 40)}… (overflow-x ${style.overflowX}, wrap toggle ${toggleVisible}, shade ${shade})`;
      })
      .filter((row) => row !== null),
  );
}

/** Buttons in the content that are laid out but invisible until hovered: a touch reader never sees them. */
export async function hoverOnlyButtons(page: Page): Promise<string[]> {
  await finishTransitions(page);
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main button'))
      .filter((button) => button.getClientRects().length > 0 && button.closest('[hidden], .visually-hidden') === null)
      .filter((button) => {
        let opacity = 1;
        for (let node: Element | null = button; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
        return opacity === 0 || getComputedStyle(button).visibility !== 'visible';
      })
      .map((button) => `button "${button.getAttribute('aria-label') || button.title || button.textContent}"`),
  );
}

/** Elements that run past the right edge of the screen outside a box that scrolls or clips sideways, and the document's own width. */
export function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.main-wrapper *'))
      .filter((element) => {
        if (element.getClientRects().length === 0) return false;
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') return false;
        }
        return element.getBoundingClientRect().right > window.innerWidth + 1;
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} reaches ${Math.round(element.getBoundingClientRect().right)} px`);
    if (document.documentElement.scrollWidth > window.innerWidth) found.unshift(`the document is ${document.documentElement.scrollWidth} px wide`);
    return found;
  });
}

/** Targets in the content under 24 × 24 px that are neither spaced from others nor inline in a sentence (WCAG 2.2, 2.5.8). */
export async function smallTargets(page: Page): Promise<string[]> {
  await finishTransitions(page);
  return page.evaluate(() => {
    const MIN = 24;
    const targets = Array.from(document.querySelectorAll<HTMLElement>('main a[href], main button, main [role="tab"], main input, main select, main summary')).filter((element) => {
      const style = getComputedStyle(element);
      return element.getClientRects().length > 0 && style.visibility === 'visible' && Number(style.opacity) > 0 && element.closest('[hidden], .visually-hidden') === null;
    });
    const boxes = targets.map((element) => element.getBoundingClientRect());
    /** A link in a line of text: WCAG 2.2's inline exception. */
    const inline = (element: HTMLElement) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.closest('p, li, td, dd');
      const text = block?.textContent?.trim() ?? '';
      return block !== null && text.length > (element.textContent?.trim().length ?? 0) + 1;
    };
    /** WCAG 2.2's spacing exception: a 24 px circle on the target's centre meets no other target. */
    const spaced = (index: number) => {
      const box = boxes[index];
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      return boxes.every((other, j) => {
        if (j === index || targets[j].contains(targets[index]) || targets[index].contains(targets[j])) return true;
        const dx = Math.max(other.left - cx, 0, cx - other.right);
        const dy = Math.max(other.top - cy, 0, cy - other.bottom);
        return Math.hypot(dx, dy) >= MIN / 2;
      });
    };
    return targets
      .map((element, index) => ({element, box: boxes[index], index}))
      .filter(({element, box, index}) => (box.width < MIN || box.height < MIN) && !inline(element) && !spaced(index))
      .map(({element, box}) => `${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  });
}

/**
 * An overlay whose backdrop lets the page show through: nothing from the
 * element up to its first fixed or absolutely positioned ancestor (the
 * layer it floats on) paints an opaque background.
 */
export async function transparentOverlay(overlay: Locator): Promise<string[]> {
  await finishTransitions(overlay.page());
  return overlay.evaluate((element) => {
    const seen: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const channels = /rgba?\(([^)]+)\)/.exec(style.backgroundColor)?.[1].split(/[\s,/]+/).filter(Boolean) ?? [];
      const alpha = channels.length === 4 ? Number(channels[3]) : channels.length === 3 ? 1 : 0;
      if (alpha === 1) return [];
      seen.push(`${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''} ${style.backgroundColor}`);
      if (['fixed', 'absolute'].includes(style.position) || node.tagName === 'DIALOG') break;
    }
    return [`no opaque background between the overlay and the layer it floats on: ${seen.join(' < ')}`];
  });
}
