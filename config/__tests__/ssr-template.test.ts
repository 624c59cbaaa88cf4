import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {compileSSGTemplate} from '@docusaurus/core/lib/ssg/ssgTemplate.js';
import {SSR_TEMPLATE, START_AT_THE_LATEST_MS, START_WITHOUT_FRAME_MS} from '../ssr-template';

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

interface StarterSetting {
  readyState?: 'loading' | 'interactive';
  visibilityState?: 'visible' | 'hidden';
  /** Whether the stand-in browser has paint timing entries (a PerformanceObserver that supports `paint`). */
  paintEntries?: boolean;
}

/** The inline script of the head, run against a stand-in document whose timers, frames, visibility and paint entries the test fires by hand. */
function runStarter(html: string, {readyState = 'loading', visibilityState = 'visible', paintEntries = true}: StarterSetting = {}) {
  const code = starterOf(html);
  const appended: {src: string; async: boolean}[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: {ms: number; run: () => void}[] = [];
  const observers: {callback: () => void; options: unknown; disconnected: boolean}[] = [];
  const document = {
    readyState,
    visibilityState,
    head: {appendChild: (script: {src: string; async: boolean}) => appended.push({src: script.src, async: script.async})},
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return {src: '', async: true};
    },
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  class PerformanceObserver {
    static supportedEntryTypes = ['navigation', 'paint', 'largest-contentful-paint'];
    private readonly record: (typeof observers)[number];
    constructor(callback: () => void) {
      this.record = {callback, options: undefined, disconnected: false};
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.options = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vm.runInNewContext(code, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, ms: number) => timers.push({ms, run}),
    ...(paintEntries ? {PerformanceObserver} : {}),
  });
  const timer = (ms: number) => {
    const found = timers.find((candidate) => candidate.ms === ms);
    if (!found) throw new Error(`no timer of ${ms} ms among ${timers.map((candidate) => candidate.ms).join(', ')}`);
    return found;
  };
  return {appended, listeners, frames, timers, timer, observers, document};
}

const TWO_SCRIPTS = [
  {src: '/assets/js/runtime~main.1.js', async: false},
  {src: '/assets/js/main.2.js', async: false},
];

describe('the HTML template', () => {
  it('preloads the scripts from the head and writes no script element that runs them before the first frame', async () => {
    const html = await render(['assets/js/runtime~main.1.js', 'assets/js/main.2.js'], '/base/');
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/base/assets/js/runtime~main.1.js" />');
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/base/assets/js/main.2.js" />');
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).toContain('<link rel="stylesheet" href="/base/assets/css/styles.css" />');
    expect(html).toContain('<div id="__docusaurus"><main>page</main></div>');
  });

  it('starts the scripts in their order, as ordered scripts, once DOMContentLoaded has fired and the first paint is on screen', async () => {
    const {appended, listeners, frames, timers, timer, observers} = runStarter(await render(['assets/js/runtime~main.1.js', 'assets/js/main.2.js']));
    expect(appended).toEqual([]);
    expect(observers).toHaveLength(0);
    listeners.DOMContentLoaded();
    expect(appended).toEqual([]);
    // A frame produced is not a frame presented: the starter waits for the paint entry, not for an animation frame.
    expect(frames).toHaveLength(0);
    expect(observers).toHaveLength(1);
    expect(observers[0].options).toEqual({type: 'paint', buffered: true});
    // A visible document gets no short timer, only the late one.
    expect(timers.map(({ms}) => ms)).toEqual([START_AT_THE_LATEST_MS]);
    observers[0].callback();
    expect(observers[0].disconnected).toBe(true);
    expect(appended).toEqual(TWO_SCRIPTS);
    // Neither the late timer nor a second entry starts them a second time.
    timer(START_AT_THE_LATEST_MS).run();
    observers[0].callback();
    expect(appended).toHaveLength(2);
  });

  it('starts the scripts a task after the next animation frame in a browser without paint entries', async () => {
    const {appended, listeners, frames, timer} = runStarter(await render(['assets/js/runtime~main.1.js', 'assets/js/main.2.js']), {paintEntries: false});
    listeners.DOMContentLoaded();
    expect(frames).toHaveLength(1);
    frames[0]();
    // The frame's callback runs before that frame is painted; the scripts start in the task after it.
    expect(appended).toEqual([]);
    timer(0).run();
    expect(appended).toEqual(TWO_SCRIPTS);
  });

  it('starts the scripts from a short timer in a hidden document, or one hidden before its first paint, and from a late one when a visible document is never drawn', async () => {
    const html = await render(['assets/js/main.2.js']);
    const main = [{src: '/assets/js/main.2.js', async: false}];

    const hidden = runStarter(html, {visibilityState: 'hidden'});
    hidden.listeners.DOMContentLoaded();
    hidden.timer(START_WITHOUT_FRAME_MS).run();
    expect(hidden.appended).toEqual(main);

    const hiddenLater = runStarter(html);
    hiddenLater.listeners.DOMContentLoaded();
    expect(hiddenLater.timers.some(({ms}) => ms === START_WITHOUT_FRAME_MS)).toBe(false);
    hiddenLater.document.visibilityState = 'hidden';
    hiddenLater.listeners.visibilitychange();
    hiddenLater.timer(START_WITHOUT_FRAME_MS).run();
    expect(hiddenLater.appended).toEqual(main);

    const neverDrawn = runStarter(html);
    neverDrawn.listeners.DOMContentLoaded();
    neverDrawn.timer(START_AT_THE_LATEST_MS).run();
    expect(neverDrawn.appended).toEqual(main);

    const parsed = runStarter(html, {readyState: 'interactive'});
    expect(parsed.listeners).toEqual({visibilitychange: expect.any(Function)});
    expect(parsed.observers).toHaveLength(1);
  });

  it('keeps a script name with markup inside its string', async () => {
    const html = await render(['assets/js/</script><script>alert(1)</script>.js']);
    expect(starterOf(html)).not.toContain('</script>');
    const {appended, listeners, observers} = runStarter(html);
    listeners.DOMContentLoaded();
    observers[0].callback();
    expect(appended).toEqual([{src: '/assets/js/</script><script>alert(1)</script>.js', async: false}]);
  });
});
