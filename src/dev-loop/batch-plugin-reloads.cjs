// For `docusaurus start` under `npm start` (preloaded by
// dev-server-preload.cjs): the development server reloads a plugin once per burst of
// file events instead of once per file, and one plugin at a time.
//
// Docusaurus 3.10's start command (lib/commands/start/start.js) calls
// reloadSitePlugin for every file event a plugin's watched paths get, at
// once and unqueued; a save of the description writes several generated
// files, and each made the docs plugin read every doc again, concurrently.
// Seam 18 in src/plugins/README.md; guard: src/dev-loop/__tests__/batch-plugin-reloads.test.ts.
'use strict';

/** Time without a new event for the same plugin before its reload starts; a save's files are written within a few milliseconds. */
const QUIET_MS = 150;

/**
 * Wraps `reload(site, pluginIdentifier) => Promise<newSite>` so that: a call
 * for a plugin whose reload has not started yet joins it (and resolves with
 * its result); reloads run one after another, each from the newest site a
 * reload made, so that two plugins reloaded together do not each start from
 * the site before the other; a reload starts `quietMs` after the last call
 * that joined it.
 *
 * @template Site
 * @param {(site: Site, id: {name: string, id?: string}) => Promise<Site>} reload
 * @param {{quietMs?: number}} [options]
 * @returns {(site: Site, id: {name: string, id?: string}) => Promise<Site>}
 */
function batchReloads(reload, {quietMs = QUIET_MS} = {}) {
  /** Sites this wrapper made; a site the caller has that is not one of them is newer (the first, or one from a full reload). */
  const made = new WeakSet();
  /** @type {Site | undefined} */
  let latest;
  /** Reloads run in this chain, one at a time. */
  let chain = Promise.resolve();
  /** @type {Map<string, {promise: Promise<Site>, wake: () => void}>} */
  const waiting = new Map();

  return (site, id) => {
    if (!made.has(site)) latest = site;
    const key = `${id.name}\u0000${id.id ?? ''}`;
    const joined = waiting.get(key);
    if (joined) {
      joined.wake();
      return joined.promise;
    }
    /** @type {() => void} */
    let wake = () => undefined;
    // Resolves once no call has joined for quietMs.
    const quiet = new Promise((resolve) => {
      let timer = setTimeout(resolve, quietMs);
      wake = () => {
        clearTimeout(timer);
        timer = setTimeout(resolve, quietMs);
      };
    });
    const promise = chain.then(async () => {
      await quiet;
      // From here on a new event needs a reload of its own: this one may have read the files already.
      waiting.delete(key);
      const next = await reload(/** @type {Site} */ (latest), id);
      made.add(next);
      latest = next;
      return next;
    });
    waiting.set(key, {promise, wake: () => wake()});
    // A failed reload (Docusaurus logs it) must not stop the ones after it.
    chain = promise.then(
      () => undefined,
      () => undefined,
    );
    return promise;
  };
}

/** Replaces reloadSitePlugin in the installed core's module `site.js`, which the start command calls through its exports. */
function install(siteModule) {
  if (typeof siteModule.reloadSitePlugin !== 'function') {
    throw new Error('[start] @docusaurus/core lib/server/site.js has no reloadSitePlugin function any more; see seam 18 in src/plugins/README.md');
  }
  siteModule.reloadSitePlugin = batchReloads(siteModule.reloadSitePlugin);
}

module.exports = {batchReloads, install, QUIET_MS};

