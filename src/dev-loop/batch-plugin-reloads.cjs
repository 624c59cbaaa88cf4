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
 * that joined it, and once `idle()` resolves (npm start is not regenerating).
 *
 * @template Site
 * @param {(site: Site, id: {name: string, id?: string}) => Promise<Site>} reload
 * @param {{quietMs?: number, idle?: () => Promise<void>}} [options]
 * @returns {(site: Site, id: {name: string, id?: string}) => Promise<Site>}
 */
function batchReloads(reload, {quietMs = QUIET_MS, idle = () => Promise.resolve()} = {}) {
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
      await idle();
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

/** The message npm start (scripts/start.ts) sends its development server when a refresh of the pages starts or ends. */
const REFRESH_MESSAGE = 'meridian:refresh';
/** Set to `1` by npm start when it starts the server before its first refresh has ended: the server waits for the end message before loading the site. */
const FIRST_REFRESH_VARIABLE = 'MERIDIAN_FIRST_REFRESH';

/**
 * A promise per call that resolves when npm start is not regenerating the
 * pages, as its messages on `channel` (this process's IPC channel) say. The
 * spec step, gen and the changelog each write files that plugins watch; a
 * reload per step compiled the site three times per save, each slowing the
 * next step. Without a channel, or once it closes, nothing waits.
 *
 * @param {NodeJS.EventEmitter & {connected?: boolean}} channel
 * @param {boolean} [running] whether a refresh runs already (the first, when npm start starts the server during it)
 * @returns {() => Promise<void>}
 */
function refreshIdle(channel, running = false) {
  let refreshing = running;
  /** @type {Array<() => void>} */
  let waiting = [];
  /** Keeps the process up while something waits: the channel does not (install unrefs it), and a pending promise does not either. */
  /** @type {NodeJS.Timeout | undefined} */
  let keepAlive;
  const release = () => {
    refreshing = false;
    clearInterval(keepAlive);
    keepAlive = undefined;
    for (const resolve of waiting.splice(0)) resolve();
  };
  channel.on('message', (message) => {
    if (!message || message.type !== REFRESH_MESSAGE) return;
    if (message.running) refreshing = true;
    else release();
  });
  channel.on('disconnect', release);
  return () => {
    if (!refreshing) return Promise.resolve();
    keepAlive ??= setInterval(() => undefined, 60_000);
    return new Promise((resolve) => waiting.push(resolve));
  };
}

/**
 * Replaces reloadSitePlugin in the installed core's module `site.js`, which
 * the start command calls through its exports. Under npm start (an IPC
 * channel), reloads wait while it regenerates the pages, and so does
 * loadSite, the start command's first load of the site, when npm start
 * started the server during its first refresh (FIRST_REFRESH_VARIABLE).
 *
 * @param {{reloadSitePlugin?: unknown, loadSite?: unknown}} siteModule
 * @param {NodeJS.EventEmitter & {connected?: boolean}} [channel]
 * @param {Record<string, string | undefined>} [env]
 */
function install(siteModule, channel = process, env = process.env) {
  if (typeof siteModule.reloadSitePlugin !== 'function' || typeof siteModule.loadSite !== 'function') {
    throw new Error('[start] @docusaurus/core lib/server/site.js has no reloadSitePlugin or loadSite function any more; see seam 18 in src/plugins/README.md');
  }
  const idle = channel.connected ? refreshIdle(channel, env[FIRST_REFRESH_VARIABLE] === '1') : undefined;
  // The channel must not keep the server running once everything else is done.
  if (channel === process) process.channel?.unref();
  siteModule.reloadSitePlugin = batchReloads(siteModule.reloadSitePlugin, idle ? {idle} : {});
  if (idle) {
    const loadSite = siteModule.loadSite;
    siteModule.loadSite = async (...args) => {
      await idle();
      return loadSite(...args);
    };
  }
}

module.exports = {batchReloads, install, refreshIdle, FIRST_REFRESH_VARIABLE, QUIET_MS, REFRESH_MESSAGE};

