import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import searchPlugin, {runSearchJob, SEARCH_JOB_VARIABLE, type SearchJob} from '..';
import {DEFAULT_OPTIONS} from '../search-options';

describe('the search job of a build in steps', () => {
  let site: string;
  beforeEach(() => {
    site = mkdtempSync(path.join(os.tmpdir(), 'search-job-'));
    mkdirSync(path.join(site, 'build/docs/api/create-contact'), {recursive: true});
    writeFileSync(
      path.join(site, 'build/docs/api/create-contact.html'),
      '<!doctype html><html lang="en"><head><title>Create a contact</title></head><body><main data-pagefind-body><h1>Create a contact</h1><p>Adds a contact to the workspace with its email address.</p></main></body></html>',
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(site, {recursive: true, force: true});
  });

  it('is written by the plugin in place of the index, with the output folder and the options', async () => {
    const jobFile = path.join(site, 'search-job.json');
    vi.stubEnv(SEARCH_JOB_VARIABLE, jobFile);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const plugin = searchPlugin({siteDir: site} as never, {language: 'en'});
    await plugin.postBuild?.({outDir: path.join(site, 'build')} as never);
    expect(JSON.parse(readFileSync(jobFile, 'utf8'))).toEqual({outDir: path.join(site, 'build'), options: DEFAULT_OPTIONS} satisfies SearchJob);
    expect(existsSync(path.join(site, 'build/pagefind'))).toBe(false);
  });

  it('makes the index the plugin would have made, once run', async () => {
    const jobFile = path.join(site, 'search-job.json');
    writeFileSync(jobFile, JSON.stringify({outDir: path.join(site, 'build'), options: DEFAULT_OPTIONS} satisfies SearchJob));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await runSearchJob(jobFile, site);
    expect(log.mock.calls[0][0]).toMatch(/^\[search\] indexed 1 pages into build\/pagefind \(/);
    expect(existsSync(path.join(site, 'build/pagefind/pagefind.js'))).toBe(true);
  }, 60_000);

  it('names the job file it cannot read, and options that are not valid', async () => {
    await expect(runSearchJob(path.join(site, 'missing.json'), site)).rejects.toThrow(/could not read the search job .*missing\.json: ENOENT/);
    const jobFile = path.join(site, 'search-job.json');
    writeFileSync(jobFile, JSON.stringify({outDir: path.join(site, 'build'), options: {glob: '**/*.md'}}));
    await expect(runSearchJob(jobFile, site)).rejects.toThrow(/option "glob" must match HTML files/);
  });
});
