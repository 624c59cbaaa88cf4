import {mkdir} from 'node:fs/promises';
import path from 'node:path';

import type {Browser} from '@playwright/test';

import {checkFieldNames, type FieldNameCheck} from './field-names';
import {runLighthouse, type LighthouseRun} from './lighthouse';
import {loadPage, type PageLoadRun} from './page-load';
import {median, ratio} from './stats';

/** One page to measure. */
export interface PageTarget {
  /** What the tables call it: a site path, or a peer's name. */
  label: string;
  /** Full URL, with the deep-link fragment if any. */
  url: string;
  /** Request body property names that must be in the static HTML; null when not applicable. */
  fieldNames: string[] | null;
  /** Title of the operation the deep link should show, when there is one. */
  targetText?: string;
  isCreateContact: boolean;
}

export interface PageRun {
  load: PageLoadRun;
  lighthouse: LighthouseRun;
}

export interface PageMedian {
  /** External scripts plus inline scripts, decoded. */
  jsRawBytes: number | null;
  /** The same, each gzipped by the benchmark at level 9. */
  jsGzipBytes: number | null;
  /** External scripts as the server sent them. */
  jsTransferBytes: number | null;
  inlineJsRawBytes: number | null;
  jsPrefetchGzipBytes: number | null;
  jsFiles: number | null;
  requests: number | null;
  blocked: number | null;
  lighthouseBlocked: number | null;
  failed: number | null;
  totalTransferBytes: number | null;
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Lighthouse's CPU benchmark during these runs; lower means a busier or slower machine. */
  benchmarkIndex: number | null;
  targetVisible: boolean | null;
}

export interface PageResult {
  path: string;
  url: string;
  isCreateContact: boolean;
  fieldNames: FieldNameCheck | null;
  blockedHosts: string[];
  lighthouseErrors: string[];
  median: PageMedian;
  runs: PageRun[];
}

export interface PeerRatios {
  jsGzip: number | null;
  requests: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  performance: number | null;
}

export interface PeerResult {
  name: string;
  version: string;
  deepLink: string;
  result: PageResult;
  ratios: PeerRatios;
}

/** True when most runs say true; null when no run could tell. */
export function majority(values: ReadonlyArray<boolean | null>): boolean | null {
  const known = values.filter((value): value is boolean => value !== null);
  if (known.length === 0) return null;
  return known.filter(Boolean).length * 2 > known.length;
}

/** Medians over runs of every figure the tables show. */
export function summarizeRuns(runs: readonly PageRun[]): PageMedian {
  const of = (pick: (run: PageRun) => number | null): number | null => median(runs.map(pick));
  return {
    jsRawBytes: of((run) => run.load.jsRawBytes + run.load.inlineJs.rawBytes),
    jsGzipBytes: of((run) => run.load.jsGzipBytes + run.load.inlineJs.gzipBytes),
    jsTransferBytes: of((run) => run.load.jsTransferBytes),
    inlineJsRawBytes: of((run) => run.load.inlineJs.rawBytes),
    jsPrefetchGzipBytes: of((run) => run.load.jsPrefetchGzipBytes),
    jsFiles: of((run) => run.load.jsFiles),
    requests: of((run) => run.load.requests),
    blocked: of((run) => run.load.blocked),
    lighthouseBlocked: of((run) => run.lighthouse.blocked),
    failed: of((run) => run.load.failed),
    totalTransferBytes: of((run) => run.load.totalTransferBytes),
    performance: of((run) => run.lighthouse.performance),
    fcpMs: of((run) => run.lighthouse.fcpMs),
    lcpMs: of((run) => run.lighthouse.lcpMs),
    tbtMs: of((run) => run.lighthouse.tbtMs),
    cls: of((run) => run.lighthouse.cls),
    benchmarkIndex: of((run) => run.lighthouse.benchmarkIndex),
    targetVisible: majority(runs.map((run) => run.load.targetVisible)),
  };
}

/** Peer figures as multiples of ours. */
export function peerRatios(peer: PageMedian, ours: PageMedian | undefined): PeerRatios {
  return {
    jsGzip: ratio(peer.jsGzipBytes, ours?.jsGzipBytes),
    requests: ratio(peer.requests, ours?.requests),
    fcp: ratio(peer.fcpMs, ours?.fcpMs),
    lcp: ratio(peer.lcpMs, ours?.lcpMs),
    tbt: ratio(peer.tbtMs, ours?.tbtMs),
    performance: ratio(peer.performance, ours?.performance),
  };
}

/** The page's HTML as a client without JavaScript gets it. */
async function fetchStaticHtml(url: string): Promise<string> {
  const withoutFragment = url.split('#')[0]!;
  const response = await fetch(withoutFragment, {signal: AbortSignal.timeout(30_000)});
  if (!response.ok) throw new Error(`[bench] GET ${withoutFragment} answered ${response.status}`);
  return response.text();
}

const slug = (label: string): string => label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase() || 'home';

/**
 * Measures each target `runs` times, one page at a time (Lighthouse wants
 * the machine to itself): a Playwright load for bytes and requests, then a
 * Lighthouse run for the timings. Screenshots of the first load go to
 * `screenshotDir` so a reader can check what each renderer showed.
 */
export async function measurePages(
  browser: Browser,
  targets: readonly PageTarget[],
  options: {runs: number; chromePath: string; screenshotDir: string; log: (line: string) => void},
): Promise<PageResult[]> {
  await mkdir(options.screenshotDir, {recursive: true});
  const results: PageResult[] = [];
  for (const target of targets) {
    const fieldNames = target.fieldNames === null ? null : checkFieldNames(await fetchStaticHtml(target.url), target.fieldNames);
    const runs: PageRun[] = [];
    for (let index = 0; index < options.runs; index += 1) {
      const load = await loadPage(browser, target.url, {
        targetText: target.targetText,
        screenshotPath: index === 0 ? path.join(options.screenshotDir, `${slug(target.label)}.png`) : undefined,
      });
      const lighthouse = await runLighthouse(target.url, options.chromePath);
      runs.push({load, lighthouse});
      options.log(
        `[bench] ${target.label} run ${index + 1}/${options.runs}: ${load.requests} requests (${load.blocked} blocked), ` +
          `JS ${((load.jsGzipBytes + load.inlineJs.gzipBytes) / 1024).toFixed(0)} KB gzip, perf ${lighthouse.performance ?? 'n/a'}, ` +
          `LCP ${lighthouse.lcpMs === null ? 'n/a' : `${(lighthouse.lcpMs / 1000).toFixed(2)} s`}${lighthouse.error ? ` (${lighthouse.error})` : ''}`,
      );
    }
    results.push({
      path: target.label,
      url: target.url,
      isCreateContact: target.isCreateContact,
      fieldNames,
      blockedHosts: [...new Set(runs.flatMap((run) => run.load.blockedHosts))].sort(),
      lighthouseErrors: runs.map((run) => run.lighthouse.error).filter((error): error is string => error !== null),
      median: summarizeRuns(runs),
      runs,
    });
  }
  return results;
}
