import {HOST_RESOLVER_RULES} from '../config/chromium';
import {CHROMIUM_FLAGS, isLocalUrl} from './page-load';

export interface LighthouseRun {
  /** Performance category score, 0 to 100. */
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Requests Lighthouse saw to hosts other than 127.0.0.1 (unresolvable by the host rules). */
  blocked: number;
  /** Lighthouse's CPU benchmark of this machine; simulated throttling scales by it. */
  benchmarkIndex: number | null;
  /** Why a metric is missing, when Lighthouse says so. */
  error: string | null;
}

type AuditMap = Record<string, {numericValue?: number; details?: unknown; errorMessage?: string} | undefined>;

const numeric = (audits: AuditMap, id: string): number | null => {
  const value = audits[id]?.numericValue;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Requests in the `network-requests` audit whose host is not this machine. */
export function countBlockedRequests(details: unknown): number {
  const items = (details as {items?: unknown} | undefined)?.items;
  if (!Array.isArray(items)) return 0;
  return items.filter((item) => {
    const url = (item as {url?: unknown}).url;
    return typeof url === 'string' && !isLocalUrl(url);
  }).length;
}

/**
 * One Lighthouse run with its defaults (mobile form factor, simulated
 * throttling), performance category only, in a fresh headless Chromium that
 * chrome-launcher starts and stops.
 */
export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseRun> {
  // Both packages are ESM-only; tsx keeps dynamic import() in CommonJS output.
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_FLAGS, HOST_RESOLVER_RULES],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (result === undefined) throw new Error('Lighthouse returned no result');
    const {lhr} = result;
    const audits = lhr.audits as AuditMap;
    const score = lhr.categories.performance?.score;
    return {
      performance: typeof score === 'number' ? Math.round(score * 100) : null,
      fcpMs: numeric(audits, 'first-contentful-paint'),
      lcpMs: numeric(audits, 'largest-contentful-paint'),
      tbtMs: numeric(audits, 'total-blocking-time'),
      cls: numeric(audits, 'cumulative-layout-shift'),
      blocked: countBlockedRequests(audits['network-requests']?.details),
      benchmarkIndex: typeof lhr.environment?.benchmarkIndex === 'number' ? lhr.environment.benchmarkIndex : null,
      error: lhr.runtimeError?.message ?? audits['largest-contentful-paint']?.errorMessage ?? null,
    };
  } catch (error) {
    return {performance: null, fcpMs: null, lcpMs: null, tbtMs: null, cls: null, blocked: 0, benchmarkIndex: null, error: (error as Error).message};
  } finally {
    chrome.kill();
  }
}
