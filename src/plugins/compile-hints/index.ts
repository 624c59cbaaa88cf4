import type {Plugin} from '@docusaurus/types';

/**
 * V8's explicit compile hint (Chrome 136 and later): every function of a
 * script whose first line is this comment is compiled while the script
 * streams in, off the main thread, instead of on first call on the main
 * thread. https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * After minification (which drops comments, at stage 400) and before the real
 * content hash (2500), so file names still follow their content.
 */
export const COMPILE_HINT_STAGE = 1000;

/**
 * Marks the entry chunks (the runtime and `main`: React, the router and the
 * theme's layout) for eager compilation. Nearly all of it runs on every first
 * load, to hydrate the page, and compiling it lazily was main-thread time in
 * the load's longest tasks. Chunks loaded later (the explorer, Prism, search)
 * keep lazy compilation: most of their code may never run. Browsers without
 * compile hints read a comment.
 */
export default function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {BannerPlugin} = currentBundler.instance;
      return {plugins: [new BannerPlugin({banner: COMPILE_HINT, raw: true, entryOnly: true, stage: COMPILE_HINT_STAGE})]};
    },
  };
}
