import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {compileSSGTemplate} from '@docusaurus/core/lib/ssg/ssgTemplate.js';
import {SSR_TEMPLATE, START_WITHOUT_FRAME_MS} from '../ssr-template';

async function render(scripts: string[], baseUrl = '/') {
  const template = await compileSSGTemplate(SSR_TEMPLATE);
  return template({
    appHtml: '<main>page</main>',
    baseUrl,
    htmlAttributes: 'lang="en"',
    bodyAttributes: '',
    headTags: '',
    preBodyTags: '',
    postBodyTags: '',
    metaAttributes: ['<title>A page</title>'],
    scripts,
    stylesheets: ['assets/css/styles.css'],
    noIndex: false,
    version: '3.10.2',
  });
}

/** The code of the inline script that ends the head: the starter applied to the page's script URLs. */
function starterOf(html: string): string {
  const code = /<script>(\([\s\S]*?\);)<\/script>\s*<\/head>/.exec(html)?.[1];
  if (code === undefined) throw new Error('no starter script at the end of the head');
  return code;
}

/** The inline script of the head, run against a stand-in document whose timers and frames the test fires by hand. */
function runStarter(html: string, readyState: 'loading' | 'interactive' = 'loading') {
  const code = starterOf(html);
  const appended: {src: string; async: boolean}[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: {ms: number; run: () => void}[] = [];
  const document = {
    readyState,
    head: {appendChild: (script: {src: string; async: boolean}) => appended.push({src: script.src, async: script.async})},
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return {src: '', async: true};
    },
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  vm.runInNewContext(code, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ms, run}),
  });
  return {appended, listeners, frames, timers};
}

describe('the HTML template', () => {
  it('preloads the scripts from the head and writes no script element that runs them before the first frame', async () => {
    const html = await render(['assets/js/runtime~main.1.js', 'assets/js/main.2.js'], '/base/');
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/base/assets/js/runtime~main.1.js" />');
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/base/assets/js/main.2.js" />');
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).toContain('<link rel="stylesheet" href="/base/assets/css/styles.css" />');
    expect(html).toContain('<div id="__docusaurus"><main>page</main></div>');
  });

  it('starts the scripts in their order, as ordered scripts, after the first frame that follows DOMContentLoaded', async () => {
    const {appended, listeners, frames, timers} = runStarter(await render(['assets/js/runtime~main.1.js', 'assets/js/main.2.js']));
    expect(appended).toEqual([]);
    expect(frames).toHaveLength(0);
    listeners.DOMContentLoaded();
    expect(appended).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]();
    // The frame's callback runs before that frame is painted; the scripts start in the task after it.
    expect(appended).toEqual([]);
    timers.find(({ms}) => ms === 0)!.run();
    expect(appended).toEqual([
      {src: '/assets/js/runtime~main.1.js', async: false},
      {src: '/assets/js/main.2.js', async: false},
    ]);
    // The fallback timer does not start them a second time.
    timers.find(({ms}) => ms === START_WITHOUT_FRAME_MS)!.run();
    expect(appended).toHaveLength(2);
  });

  it('starts the scripts from a timer when no frame comes (a background tab), and at once when the document has already been parsed', async () => {
    const html = await render(['assets/js/main.2.js']);
    const hidden = runStarter(html);
    hidden.listeners.DOMContentLoaded();
    hidden.timers.find(({ms}) => ms === START_WITHOUT_FRAME_MS)!.run();
    expect(hidden.appended).toEqual([{src: '/assets/js/main.2.js', async: false}]);
    const parsed = runStarter(html, 'interactive');
    expect(parsed.listeners).toEqual({});
    expect(parsed.frames).toHaveLength(1);
  });

  it('keeps a script name with markup inside its string', async () => {
    const html = await render(['assets/js/</script><script>alert(1)</script>.js']);
    expect(starterOf(html)).not.toContain('</script>');
    const {appended, listeners, frames, timers} = runStarter(html);
    listeners.DOMContentLoaded();
    frames[0]();
    timers.find(({ms}) => ms === 0)!.run();
    expect(appended).toEqual([{src: '/assets/js/</script><script>alert(1)</script>.js', async: false}]);
  });
});
