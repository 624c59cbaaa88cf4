import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

/** GitHub's heading anchors: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function headingAnchors(markdown: string): Set<string> {
  const outsideCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outsideCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1])));
}

/** Relative links of a Markdown file that name no file or no heading, as `file: link (why)`. */
function brokenLinks(file: string): string[] {
  const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [linkPath, anchor] = target.split('#');
    const resolved = linkPath === '' ? path.join(root, file) : path.join(root, path.dirname(file), linkPath);
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      broken.push(`${file}: ${target} (no heading #${anchor})`);
    }
  }
  return broken;
}

describe('the README and the contributor documents', () => {
  it('keeps the README for users: at most 1,000 words', () => {
    const words = read('README.md').split(/\s+/).filter(Boolean).length;
    expect(words).toBeLessThanOrEqual(1000);
  });

  it('gives exactly two Quick start commands: build and serve, and all tests', () => {
    const quickStart = read('README.md').split(/^## /m).find((section) => section.startsWith('Quick start'));
    const block = quickStart?.match(/```bash\n([\s\S]*?)```/)?.[1] ?? '';
    const commands = block.split('\n').filter((line) => line.trim() !== '');
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/npm run build && npm run serve/);
    expect(commands[1]).toMatch(/npm test\b/);
  });

  it('calls the README test command from CI', () => {
    expect(read('.ci/run')).toMatch(/npm test\b/);
  });

  it.each(['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'])('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
