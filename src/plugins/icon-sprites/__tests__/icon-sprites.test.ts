import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {createElement, type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import iconSpritesPlugin from '../index';
import {ICON_SPRITES, spriteDefs, spriteId, type SpriteName} from '../sprites';
import IconCopy from '../../../theme/Icon/Copy';
import IconSuccess from '../../../theme/Icon/Success';

const require = createRequire(import.meta.url);
const classicTheme = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));

/** The shape the installed classic theme draws for an icon: its viewBox, size attributes and path. */
function classicIcon(name: SpriteName): {viewBox: string; sized: boolean; path: string} {
  const source = readFileSync(path.join(classicTheme, 'lib/theme/Icon', name, 'index.js'), 'utf8');
  const viewBox = /viewBox="([^"]+)"/.exec(source)?.[1];
  const paths = [...source.matchAll(/\bd="([^"]+)"/g)].map((match) => match[1]);
  if (viewBox === undefined || paths.length !== 1) throw new Error(`classic Icon/${name} no longer draws one path in a viewBox: the sprite must be updated`);
  return {viewBox, sized: /width=\{24\}\s+height=\{24\}/.test(source), path: paths[0]};
}

const components: Record<SpriteName, ComponentType<Record<string, unknown>>> = {
  Copy: IconCopy,
  Success: IconSuccess,
};

describe('icon sprites', () => {
  it.each(Object.keys(ICON_SPRITES) as SpriteName[])('draws the installed classic theme\'s %s icon, by reference to a symbol the page holds', (name) => {
    const classic = classicIcon(name);
    expect(ICON_SPRITES[name]).toEqual({viewBox: classic.viewBox, path: classic.path});
    const defs = spriteDefs();
    expect(defs).toContain(`<symbol id="${spriteId(name)}" viewBox="${classic.viewBox}"><path fill="currentColor" d="${classic.path}"/></symbol>`);
    const size = classic.sized ? ' width="24" height="24"' : '';
    // The classic component's props pass through, after its own size, as there.
    expect(renderToStaticMarkup(createElement(components[name], {className: 'icon', 'aria-hidden': true}))).toBe(
      `<svg viewBox="${classic.viewBox}"${size} class="icon" aria-hidden="true"><use href="#${spriteId(name)}"></use></svg>`,
    );
    if (classic.sized) expect(renderToStaticMarkup(createElement(components[name], {width: 16, height: 16}))).toContain('width="16" height="16"');
  });

  it('writes the symbols once per page, hidden, before the page\'s root', () => {
    const tags = iconSpritesPlugin().injectHtmlTags?.({content: undefined}) as {preBodyTags: {tagName: string; attributes: Record<string, string>; innerHTML: string}[]};
    expect(tags.preBodyTags).toEqual([{tagName: 'svg', attributes: {style: 'display: none;', 'aria-hidden': 'true'}, innerHTML: spriteDefs()}]);
    expect(new Set(spriteDefs().match(/id="[^"]+"/g)).size).toBe(Object.keys(ICON_SPRITES).length);
  });
});
