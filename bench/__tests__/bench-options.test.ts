import {describe, expect, it} from 'vitest';

import {DEFAULT_OPTIONS, parseOptions} from '../bench-options';

describe('parseOptions', () => {
  it('runs build, pages and peers with three runs and four sizes by default', () => {
    expect(parseOptions([])).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS).toMatchObject({parts: ['build', 'pages', 'peers'], runs: 3, sizes: [24, 250, 1000, 2000], scale: ['github']});
  });

  it('runs the scale part only when asked, GitHub unless told which descriptions', () => {
    expect(parseOptions(['--only=scale'])).toMatchObject({parts: ['scale'], scale: ['github'], scaleTimeoutMinutes: undefined});
    expect(parseOptions(['--only=scale,pages', '--scale=graph,github', '--scale-timeout=40'])).toMatchObject({
      parts: ['pages', 'scale'],
      scale: ['github', 'graph'],
      scaleTimeoutMinutes: 40,
    });
    expect(parseOptions(['--skip=peers']).parts).toEqual(['build', 'pages']);
  });

  it('rebuilds after an edit in the scale part unless told not to', () => {
    expect(parseOptions(['--only=scale']).scaleRebuild).toBe(true);
    expect(parseOptions(['--only=scale', '--scale=graph', '--scale-no-rebuild']).scaleRebuild).toBe(false);
    expect(() => parseOptions(['--scale-no-rebuild'])).toThrow('[bench] --scale-no-rebuild sets up the scale part, which runs only when asked: add --only=scale');
  });

  it('runs the dev part only when asked, on Meridian unless told which descriptions', () => {
    expect(parseOptions(['--only=dev'])).toMatchObject({parts: ['dev'], dev: ['meridian']});
    expect(parseOptions(['--only=dev', '--dev=github,meridian'])).toMatchObject({parts: ['dev'], dev: ['meridian', 'github']});
    expect(() => parseOptions(['--dev=github'])).toThrow('[bench] --dev sets up the dev part, which runs only when asked: add --only=dev');
    expect(() => parseOptions(['--only=dev', '--dev=graph'])).toThrow('[bench] unknown description "graph" in --dev; the descriptions are meridian, github');
  });

  it('starts the dev part on port 4335 unless told another', () => {
    expect(parseOptions(['--only=dev']).devPort).toBe(4335);
    expect(parseOptions(['--only=dev', '--dev-port=4361']).devPort).toBe(4361);
    expect(() => parseOptions(['--only=dev', '--dev-port=70000'])).toThrow('[bench] --dev-port takes a port from 1 to 65535, got "70000"');
    expect(() => parseOptions(['--only=dev', '--dev-port=x'])).toThrow('[bench] --dev-port takes a positive integer, got "x"');
    expect(() => parseOptions(['--dev-port=4361'])).toThrow('[bench] --dev-port sets up the dev part, which runs only when asked: add --only=dev');
  });

  it('runs every versions build unless told which, GitHub as a second API among them', () => {
    expect(parseOptions(['--only=versions'])).toMatchObject({parts: ['versions'], versions: ['none', 'meridian', 'synthetic', 'github']});
    expect(parseOptions(['--only=versions', '--versions=github,none'])).toMatchObject({versions: ['none', 'github']});
    expect(() => parseOptions(['--versions=github'])).toThrow('[bench] --versions sets up the versions part, which runs only when asked: add --only=versions');
    expect(() => parseOptions(['--only=versions', '--versions=graph'])).toThrow('[bench] unknown versions build "graph" in --versions; the versions builds are none, meridian, synthetic, github');
  });

  it('runs the search part only when asked, on every site unless told which, building them unless told to reuse', () => {
    expect(parseOptions(['--only=search'])).toMatchObject({parts: ['search'], search: ['meridian', 'github', 'graph'], searchReuse: false});
    expect(parseOptions(['--only=search', '--search=graph,meridian', '--search-reuse'])).toMatchObject({search: ['meridian', 'graph'], searchReuse: true});
    expect(() => parseOptions(['--search=github'])).toThrow('[bench] --search and --search-reuse set up the search part, which runs only when asked: add --only=search');
    expect(() => parseOptions(['--only=search', '--search=bing'])).toThrow('[bench] unknown site "bing" in --search; the sites are meridian, github, graph');
  });

  it('selects parts in their fixed order, and skips parts', () => {
    expect(parseOptions(['--only=peers,pages']).parts).toEqual(['pages', 'peers']);
    expect(parseOptions(['--skip=build']).parts).toEqual(['pages', 'peers']);
    expect(parseOptions(['--only', 'build,pages', '--skip', 'build']).parts).toEqual(['pages']);
  });

  it('reads runs, sizes (sorted, unique), the pages build and the seed', () => {
    expect(parseOptions(['--runs=1', '--sizes=250,24,250', '--pages-build=build', '--seed=7'])).toMatchObject({
      runs: 1,
      sizes: [24, 250],
      pagesBuild: 'build',
      seed: 7,
    });
    expect(parseOptions(['-h']).help).toBe(true);
  });

  it('names the flag and the bad value', () => {
    expect(() => parseOptions(['--only=pages,lighthouse'])).toThrow('[bench] unknown part "lighthouse" in --only; the parts are build, pages, peers, scale, dev');
    expect(() => parseOptions(['--only=scale', '--scale=github,stripe'])).toThrow(
      '[bench] unknown description "stripe" in --scale; the descriptions are github, graph',
    );
    expect(() => parseOptions(['--only=scale', '--scale=,'])).toThrow('[bench] --scale needs at least one of github, graph');
    expect(() => parseOptions(['--only=scale', '--scale-timeout=0'])).toThrow('[bench] --scale-timeout takes a positive integer, got "0"');
    expect(() => parseOptions(['--scale=graph'])).toThrow('[bench] --scale sets up the scale part, which runs only when asked: add --only=scale');
    expect(() => parseOptions(['--only=pages', '--scale-timeout=90'])).toThrow(
      '[bench] --scale-timeout limits the builds of the scale and search parts, which run only when asked: add --only=scale or --only=search',
    );
    expect(parseOptions(['--only=search', '--search=graph', '--scale-timeout=170'])).toMatchObject({search: ['graph'], scaleTimeoutMinutes: 170});
    expect(() => parseOptions(['--runs=0'])).toThrow('[bench] --runs takes a positive integer, got "0"');
    expect(() => parseOptions(['--sizes=24,lots'])).toThrow('[bench] --sizes takes a positive integer, got "lots"');
    expect(() => parseOptions(['--fast'])).toThrow('[bench] Unknown option "--fast". See --help.');
    expect(() => parseOptions(['--colour=red'])).toThrow('[bench] Unknown option "--colour". See --help.');
    expect(() => parseOptions(['--runs'])).toThrow('[bench] --runs needs a value. See --help.');
    expect(() => parseOptions(['peers'])).toThrow('[bench] Unexpected argument "peers". See --help.');
  });
});
