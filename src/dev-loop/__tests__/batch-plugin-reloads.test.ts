import {EventEmitter} from 'node:events';
import {fork} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

import {batchReloads, FIRST_REFRESH_VARIABLE, install, REFRESH_MESSAGE} from '../batch-plugin-reloads.cjs';

interface FakeSite {
  version: number;
  plugins: string[];
}

/** A reload that takes `ms`, records which plugin it reloaded from which site, and makes a new site. */
function recordingReload(ms = 5) {
  const calls: Array<{plugin: string; from: number}> = [];
  let version = 0;
  const reload = async (site: FakeSite, id: {name: string; id?: string}): Promise<FakeSite> => {
    calls.push({plugin: id.name, from: site.version});
    await new Promise((resolve) => setTimeout(resolve, ms));
    version += 1;
    return {version: 100 + version, plugins: [...site.plugins, id.name]};
  };
  return {reload, calls};
}

describe('batchReloads', () => {
  it('reloads a plugin once for a burst of events, and every caller gets that reload\'s site', async () => {
    const {reload, calls} = recordingReload();
    const batched = batchReloads(reload, {quietMs: 20});
    const site: FakeSite = {version: 1, plugins: []};
    const results = await Promise.all([0, 1, 2, 3].map(() => batched(site, {name: 'docs', id: 'default'})));
    expect(calls).toEqual([{plugin: 'docs', from: 1}]);
    expect(new Set(results).size).toBe(1);
  });

  it('runs the reloads of two plugins one after the other, the second from the site the first made', async () => {
    const {reload, calls} = recordingReload();
    const batched = batchReloads(reload, {quietMs: 5});
    const site: FakeSite = {version: 1, plugins: []};
    const [first, second] = await Promise.all([batched(site, {name: 'api-resources'}), batched(site, {name: 'docs', id: 'default'})]);
    expect(calls).toEqual([
      {plugin: 'api-resources', from: 1},
      {plugin: 'docs', from: first.version},
    ]);
    expect(second.plugins).toEqual(['api-resources', 'docs']);
  });

  it('reloads again for an event that comes once the reload has started: it may have read the files already', async () => {
    const {reload, calls} = recordingReload(40);
    const batched = batchReloads(reload, {quietMs: 5});
    const site: FakeSite = {version: 1, plugins: []};
    const first = batched(site, {name: 'docs'});
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = batched(site, {name: 'docs'});
    const [a, b] = await Promise.all([first, second]);
    expect(calls).toEqual([
      {plugin: 'docs', from: 1},
      {plugin: 'docs', from: a.version},
    ]);
    expect(b.version).toBeGreaterThan(a.version);
  });

  it('starts from a site it did not make (a full reload of the site in between)', async () => {
    const {reload, calls} = recordingReload();
    const batched = batchReloads(reload, {quietMs: 5});
    await batched({version: 1, plugins: []}, {name: 'docs'});
    await batched({version: 50, plugins: []}, {name: 'docs'});
    expect(calls.map((call) => call.from)).toEqual([1, 50]);
  });

  it('goes on after a reload that failed', async () => {
    let fail = true;
    const batched = batchReloads(
      async (site: FakeSite) => {
        if (fail) {
          fail = false;
          throw new Error('broken MDX');
        }
        return {...site, version: site.version + 1};
      },
      {quietMs: 5},
    );
    await expect(batched({version: 1, plugins: []}, {name: 'docs'})).rejects.toThrow('broken MDX');
    await expect(batched({version: 1, plugins: []}, {name: 'docs'})).resolves.toMatchObject({version: 2});
  });

  it('holds reloads while npm start says a refresh runs, and makes one per plugin once it ends', async () => {
    const {reload, calls} = recordingReload();
    const channel = Object.assign(new EventEmitter(), {connected: true});
    const siteModule = {reloadSitePlugin: reload, loadSite: async () => ({version: 0, plugins: []})};
    install(siteModule, channel, {});
    const site: FakeSite = {version: 1, plugins: []};
    channel.emit('message', {type: REFRESH_MESSAGE, running: true});
    // The spec step's files, then gen's, then the changelog's, each well after the quiet time.
    const first = siteModule.reloadSitePlugin(site, {name: 'api-resources'});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = siteModule.reloadSitePlugin(site, {name: 'docs', id: 'default'});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const third = siteModule.reloadSitePlugin(site, {name: 'docs', id: 'default'});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toEqual([]);
    channel.emit('message', {type: REFRESH_MESSAGE, running: false});
    await Promise.all([first, second, third]);
    expect(calls.map((call) => call.plugin)).toEqual(['api-resources', 'docs']);
  });

  it('waits for nothing when the channel closes during a refresh, or when there is no channel', async () => {
    const {reload, calls} = recordingReload();
    const channel = Object.assign(new EventEmitter(), {connected: true});
    const siteModule = {reloadSitePlugin: reload, loadSite: async () => ({version: 0, plugins: []})};
    install(siteModule, channel, {});
    channel.emit('message', {type: REFRESH_MESSAGE, running: true});
    const held = siteModule.reloadSitePlugin({version: 1, plugins: []}, {name: 'docs'});
    channel.emit('disconnect');
    await held;
    const unconnected = {reloadSitePlugin: reload, loadSite: async () => ({version: 0, plugins: []})};
    install(unconnected, Object.assign(new EventEmitter(), {connected: false}), {});
    await unconnected.reloadSitePlugin({version: 2, plugins: []}, {name: 'docs'});
    expect(calls.map((call) => call.from)).toEqual([1, 2]);
  });

  it('loads the site once the first refresh ends, when npm start started the server during it', async () => {
    const loads: string[] = [];
    const channel = Object.assign(new EventEmitter(), {connected: true});
    const siteModule = {reloadSitePlugin: recordingReload().reload, loadSite: async () => void loads.push('loaded')};
    install(siteModule, channel, {[FIRST_REFRESH_VARIABLE]: '1'});
    const loaded = siteModule.loadSite();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads).toEqual([]);
    channel.emit('message', {type: REFRESH_MESSAGE, running: false});
    await loaded;
    expect(loads).toEqual(['loaded']);

    // Without the variable, the first load waits for nothing.
    const other = {reloadSitePlugin: recordingReload().reload, loadSite: async () => void loads.push('at once')};
    install(other, Object.assign(new EventEmitter(), {connected: true}), {});
    await other.loadSite();
    expect(loads).toEqual(['loaded', 'at once']);
  });

  it('keeps a server that waits for the first refresh running until it ends, though the channel is unreferenced', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'first-refresh-'));
    try {
      const script = path.join(dir, 'server.cjs');
      // A stand-in for docusaurus start: nothing but the wait keeps it up.
      writeFileSync(
        script,
        `const {install} = require(${JSON.stringify(path.join(__dirname, '../batch-plugin-reloads.cjs'))});
const site = {reloadSitePlugin: async (s) => s, loadSite: async () => 'site'};
install(site);
site.loadSite().then((loaded) => process.stdout.write(loaded + ' loaded'));
`,
      );
      const child = fork(script, [], {env: {...process.env, [FIRST_REFRESH_VARIABLE]: '1'}, stdio: ['ignore', 'pipe', 'inherit', 'ipc']});
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(child.exitCode).toBeNull();
      child.send({type: REFRESH_MESSAGE, running: false});
      expect(await exited).toBe(0);
      expect(output).toBe('site loaded');
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('refuses a core without reloadSitePlugin, naming the seam', () => {
    expect(() => install({})).toThrow('[start] @docusaurus/core lib/server/site.js has no reloadSitePlugin or loadSite function any more; see seam 18 in src/plugins/README.md');
  });
});

/** Guard of seam 18 (src/plugins/README.md): what the wrapper relies on in the installed core. */
describe('upstream: the start command reloads a plugin per file event through site.js\'s exports', () => {
  const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
  const read = (file: string) => readFileSync(path.join(core, file), 'utf8');

  it('start.js reloads the plugin of every file event, without a debounce', () => {
    const source = read('lib/commands/start/start.js');
    expect(source).toContain('reloadableSite.reloadPlugin(plugin);');
  });

  it('utils.js calls reloadSitePlugin through the module object at each reload, so a replaced export is the one called', () => {
    const source = read('lib/commands/start/utils.js');
    expect(source).toContain('return (0, site_1.reloadSitePlugin)(site, pluginIdentifier);');
    expect(source).toContain("(0, site_1.loadSite)(loadSiteParams)");
    expect(source).toContain('site = await logger_1.PerfLogger.async(`Reload site plugin');
  });

  it('site.js exports reloadSitePlugin as a plain property that can be replaced', () => {
    const site = createRequire(__filename)(path.join(core, 'lib/server/site.js')) as Record<string, unknown>;
    for (const name of ['reloadSitePlugin', 'loadSite']) {
      const descriptor = Object.getOwnPropertyDescriptor(site, name);
      expect(typeof descriptor?.value).toBe('function');
      expect(descriptor?.writable).toBe(true);
    }
  });
});
