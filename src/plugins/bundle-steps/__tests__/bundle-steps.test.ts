import {readFileSync} from 'node:fs';
import {describe, expect, it, vi} from 'vitest';
import bundleStepsPlugin, {BUNDLE_ONLY_VARIABLE, bundleOnly, narrowBundler, onlyConfig} from '..';

const installed = (file: string) => readFileSync(require.resolve(file), 'utf8');

describe('bundle-steps', () => {
  it('reads the compiler to bundle, and names the variable for any other value', () => {
    expect(bundleOnly({})).toBeUndefined();
    expect(bundleOnly({[BUNDLE_ONLY_VARIABLE]: ''})).toBeUndefined();
    expect(bundleOnly({[BUNDLE_ONLY_VARIABLE]: 'client'})).toBe('client');
    expect(bundleOnly({[BUNDLE_ONLY_VARIABLE]: 'server'})).toBe('server');
    expect(() => bundleOnly({[BUNDLE_ONLY_VARIABLE]: 'Server'})).toThrow(/MERIDIAN_BUNDLE_ONLY="Server": expected "client" or "server"/);
  });

  it('keeps the one config of that name, and refuses when there is not exactly one', () => {
    const client = {name: 'client', entry: 'a'};
    const server = {name: 'server', entry: 'b'};
    expect(onlyConfig([client, server], 'server')).toEqual([server]);
    expect(onlyConfig([client, server], 'client')).toEqual([client]);
    expect(() => onlyConfig([client], 'server')).toThrow(/configs "client", not one named "server"/);
    expect(() => onlyConfig([{entry: 'x'} as {name?: string}, server, server], 'server')).toThrow(/configs null, "server", "server"/);
  });

  it('makes the bundler factory compile one config, once however often it is narrowed, and passes the rest through', () => {
    const factory = Object.assign(vi.fn((options: unknown) => ({compiled: options})), {DefinePlugin: class DefinePlugin {}});
    const bundler = {instance: factory as (options: unknown, ...rest: unknown[]) => unknown};
    narrowBundler(bundler, 'client');
    narrowBundler(bundler, 'client');
    const configs = [{name: 'client'}, {name: 'server'}];
    expect(bundler.instance(configs, 'callback')).toEqual({compiled: [{name: 'client'}]});
    expect(factory).toHaveBeenCalledTimes(1);
    expect(factory).toHaveBeenCalledWith([{name: 'client'}], 'callback');
    // One config object (not an array) is not Docusaurus's build call: left as it is.
    expect(bundler.instance({name: 'server'})).toEqual({compiled: {name: 'server'}});
    expect((bundler.instance as unknown as {DefinePlugin: unknown}).DefinePlugin).toBe(factory.DefinePlugin);
  });

  it('leaves the bundler alone when the variable is unset', () => {
    vi.stubEnv(BUNDLE_ONLY_VARIABLE, '');
    try {
      const factory = () => 'both';
      const bundler = {name: 'rspack', instance: factory};
      const plugin = bundleStepsPlugin();
      expect(plugin.configureWebpack?.({} as never, false, {currentBundler: bundler} as never, undefined as never)).toEqual({});
      expect(bundler.instance).toBe(factory);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('narrows the bundler plugins get when the variable is set', () => {
    vi.stubEnv(BUNDLE_ONLY_VARIABLE, 'server');
    try {
      const bundler = {name: 'rspack', instance: (options: unknown) => options};
      bundleStepsPlugin().configureWebpack?.({} as never, true, {currentBundler: bundler} as never, undefined as never);
      expect(bundler.instance([{name: 'client'}, {name: 'server'}])).toEqual([{name: 'server'}]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  describe('upstream (seam 21)', () => {
    it('the build compiles through the bundler of the utilities plugins get, with both configs in one array', () => {
      const buildLocale = installed('@docusaurus/core/lib/commands/build/buildLocale.js');
      expect(buildLocale).toContain('[clientConfig, serverConfig]');
      expect(buildLocale).toContain('currentBundler: configureWebpackUtils.currentBundler');
      // The same utilities object goes to both configs' plugin hooks.
      expect(buildLocale.match(/configureWebpackUtils,\n/g)?.length).toBeGreaterThanOrEqual(4);
      expect(installed('@docusaurus/core/lib/webpack/configure.js')).toContain('configureWebpack(config, isServer, configureWebpackUtils, content)');
      expect(installed('@docusaurus/bundler/lib/compiler.js')).toContain('currentBundler.instance(configs)');
    });

    it('names the configs "client" and "server"', () => {
      const base = installed('@docusaurus/core/lib/webpack/base.js');
      expect(base).toContain("const name = isServer ? 'server' : 'client';");
      expect(base).toMatch(/\n\s+name,\n/);
    });
  });
});
