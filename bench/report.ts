import type {BuildResult, MeasuredBuild} from './build-bench';
import {BUILD_TARGET} from './build-bench';
import type {Part} from './bench-options';
import type {DevResult} from './dev-bench';
import type {QueryRun, SiteFigures} from './search-quality';
import {toKib} from './stats';
import {HOST_FILE_LIMIT_BYTES, REBUILD_EDIT, SCALE_MEMORY_LIMIT_BYTES, type ScaleResult} from './scale-bench';
import type {PageResult, PeerResult} from './web-bench';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  chromium: string;
  lighthouse: string;
  docusaurus: string;
  os: string;
}

export interface BenchResults {
  date: string;
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  commit: string;
  parts: Part[];
  runs: number;
  sizes: number[];
  seed: number;
  machine: MachineInfo;
  builds: BuildResult[] | null;
  pages: {buildDir: string; results: PageResult[]} | null;
  peers: PeerResult[] | null;
  /** The scale part: public descriptions, and create-contact of the bundled spec to compare their pages with. */
  scale: {specs: ScaleResult[]; createContact: PageResult | null} | null;
  /** The dev part: `npm start` on a cold copy, a page open, the description edited. */
  dev?: DevResult[] | null;
  /** The search part: per site figures and every query's run (bench/search-quality.ts). */
  search: {sites: SiteFigures[]; runs: QueryRun[]} | null;
  notes: string[];
}

const withTarget = (value: number | null, target: number | undefined, digits = 2): string =>
  value === null ? 'n/a' : `${formatNumber(value, digits)}${target === undefined ? '' : ` (target ≤ ${target}${value <= target ? ', met' : ', missed'})`}`;

export function renderDevTable(results: readonly DevResult[]): string {
  return renderTable(
    ['Description', 'Page', 'Cold start to page (s)', 'Save to text visible (s)', 'Save to new operation in sidebar (s)', 'CPU s: cold start / text / sidebar', 'In place', 'Peak RSS (GB)', 'Load avg start → end (1/5/15 min)', 'Outcome'],
    results.map((result) => [
      result.title,
      result.page,
      withTarget(result.coldStartSeconds, result.targets.coldStartSeconds, 1),
      withTarget(result.saveToVisibleSeconds, result.targets.saveToVisibleSeconds),
      formatNumber(result.saveToSidebarSeconds, 2),
      // Results written before the CPU figures were measured have none.
      [result.coldStartCpuSeconds, result.saveToVisibleCpuSeconds, result.saveToSidebarCpuSeconds].map((value) => (value === null || value === undefined ? 'n/a' : formatNumber(value, 1))).join(' / '),
      yesNo(result.updatedInPlace),
      withTarget(result.peakRssBytes === null ? null : result.peakRssBytes / 1024 ** 3, result.targets.peakRssGb),
      `${result.loadAverageStart.join(' / ')} → ${result.loadAverageEnd.join(' / ')}`,
      result.ok ? 'ok' : (result.error ?? 'failed'),
    ]),
    ['left', 'left', 'right', 'right', 'right', 'right', 'left', 'right', 'left', 'left'],
  );
}

export type Cell = string | number | null | undefined;
export type Align = 'left' | 'right';

/** Escapes what would break a Markdown table cell. */
export function escapeCell(value: Cell): string {
  if (value === null || value === undefined || value === '') return 'n/a';
  return String(value).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** A GitHub-flavoured Markdown table; numbers align right unless told otherwise. */
export function renderTable(headers: readonly string[], rows: ReadonlyArray<readonly Cell[]>, align?: readonly Align[]): string {
  const alignment = headers.map((_, index) => align?.[index] ?? (rows.some((row) => typeof row[index] === 'number') ? 'right' : 'left'));
  const lines = [
    `| ${headers.map(escapeCell).join(' | ')} |`,
    `| ${alignment.map((side) => (side === 'right' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${headers.map((_, index) => escapeCell(row[index])).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** A number with fixed decimals and thousands separators, or n/a. */
export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-GB', {minimumFractionDigits: digits, maximumFractionDigits: digits});
}

export const formatKib = (bytes: number | null | undefined): string => formatNumber(typeof bytes === 'number' ? toKib(bytes) : null, 0);
export const formatSeconds = (ms: number | null | undefined): string => formatNumber(typeof ms === 'number' ? ms / 1000 : null, 2);
export const formatRatio = (value: number | null | undefined): string => (typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
export const yesNo = (value: boolean | null | undefined): string => (value === true ? 'yes' : value === false ? 'no' : 'n/a');

function fieldNamesCell(check: {names: string[]; found: string[]} | null): string {
  if (check === null) return 'n/a';
  return `${check.found.length === check.names.length ? 'yes' : 'no'} (${check.found.length}/${check.names.length})`;
}

export function renderBuildTable(builds: readonly BuildResult[]): string {
  return renderTable(
    ['N', 'Operations', 'Pages (HTML)', 'API pages', 'Wall time (s)', 'CPU time (s)', 'Steps, wall (s)', 'Peak RSS (MB)', 'Load avg', 'Within target'],
    builds.map((build) => [
      formatNumber(build.size),
      formatNumber(build.operations),
      build.ok ? formatNumber(build.htmlPages) : null,
      build.ok ? formatNumber(build.apiPages) : null,
      formatNumber(build.wallSeconds, 1),
      formatNumber(build.cpuSeconds, 1),
      build.phases.map((phase) => `${phase.name} ${phase.wallSeconds.toFixed(1)}`).join(', '),
      formatNumber(build.peakRssMb),
      build.phases.length === 0 ? null : formatNumber(Math.max(...build.phases.map((phase) => phase.loadAverage)), 1),
      build.ok ? yesNo(build.withinTarget) : `failed: ${build.error ?? 'unknown error'}`,
    ]),
    ['right', 'right', 'right', 'right', 'right', 'right', 'left', 'right', 'right', 'left'],
  );
}

/** Lighthouse's figures of a page, in the order of the tables' "Perf, FCP, LCP, TBT, CLS" columns. */
function lighthouseCells(median: PageResult['median']): Cell[] {
  return [formatNumber(median.performance), formatSeconds(median.fcpMs), formatSeconds(median.lcpMs), formatNumber(median.tbtMs), formatNumber(median.cls, 3)];
}

export function renderPagesTable(pages: readonly PageResult[]): string {
  return renderTable(
    ['Page', 'JS raw (KB)', 'JS gzip (KB)', 'JS as served (KB)', 'Requests', 'Perf', 'FCP (s)', 'LCP (s)', 'TBT (ms)', 'CLS', 'Field names in HTML'],
    pages.map((page) => [
      page.path,
      formatKib(page.median.jsRawBytes),
      formatKib(page.median.jsGzipBytes),
      formatKib(page.median.jsTransferBytes),
      formatNumber(page.median.requests),
      ...lighthouseCells(page.median),
      fieldNamesCell(page.fieldNames),
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
  );
}

export function renderPeersTable(ours: PageResult | undefined, peers: readonly PeerResult[]): string {
  const rows: Cell[][] = [];
  const row = (name: string, result: PageResult, ratios: PeerResult['ratios'] | null): Cell[] => [
    name,
    formatKib(result.median.jsRawBytes),
    formatKib(result.median.jsGzipBytes),
    formatNumber(result.median.requests),
    formatNumber(result.median.blocked),
    ...lighthouseCells(result.median),
    fieldNamesCell(result.fieldNames),
    yesNo(result.median.targetVisible),
    // Our own row is the unit the peers are measured in.
    ...(['jsGzip', 'requests', 'fcp', 'lcp', 'tbt'] as const).map((key) => (ratios === null ? '1.00×' : formatRatio(ratios[key]))),
  ];
  if (ours !== undefined) rows.push(row('Meridian (this site)', ours, null));
  for (const peer of peers) rows.push(row(`${peer.name} (${peer.version})`, peer.result, ours === undefined ? {jsGzip: null, requests: null, fcp: null, lcp: null, tbt: null, performance: null} : peer.ratios));
  return renderTable(
    ['Renderer', 'JS raw (KB)', 'JS gzip (KB)', 'Requests', 'Blocked', 'Perf', 'FCP (s)', 'LCP (s)', 'TBT (ms)', 'CLS', 'Field names in HTML', 'Deep link shown', 'JS gzip ratio', 'Requests ratio', 'FCP ratio', 'LCP ratio', 'TBT ratio'],
    rows,
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left', 'right', 'right', 'right', 'right', 'right'],
  );
}

/** Where a scale build stopped and how far it got, or "ok". */
export function scaleBuildOutcome(spec: ScaleResult): string {
  const {build} = spec;
  if (build.ok) return spec.error === null ? 'ok' : `built; pages not measured: ${spec.error}`;
  const lastPhase = build.phases.at(-1);
  const limit = lastPhase?.timedOut === true ? `stopped at the ${spec.timeoutMinutes} min limit` : lastPhase?.overMemory === true ? 'stopped at the memory limit' : 'failed';
  return `${limit} in ${build.failedPhase ?? 'the copy'}; ${formatNumber(build.generatedFiles)} files in docs/api by then: ${build.error ?? 'unknown error'}`;
}

/** A scale build's steps and their wall time (`spec 6.9, gen 21.4`), a step stopped by a limit marked as such. */
function formatScaleSteps(build: MeasuredBuild): string {
  return build.phases.map((phase) => `${phase.name} ${phase.wallSeconds.toFixed(1)}${phase.timedOut || phase.overMemory === true ? ' (stopped)' : ''}`).join(', ');
}

/** The Docusaurus processes a build's steps reported, each with its wall time and own peak memory (`client bundling 38.9 s, 1,334 MiB`). */
export function formatDocusaurusProcesses(build: MeasuredBuild): string | null {
  const steps = build.phases.flatMap((phase) => phase.steps ?? []);
  if (steps.length === 0) return null;
  return steps.map((step) => `${step.name} ${step.seconds.toFixed(1)} s, ${step.peakRssMib === null ? 'peak unknown' : `${formatNumber(step.peakRssMib)} MiB`}`).join('; ');
}

export function renderScaleBuildTable(specs: readonly ScaleResult[]): string {
  return renderTable(
    ['Description', 'Source', 'Operations', 'API pages (HTML)', 'Wall time (s)', 'CPU time (s)', 'Steps, wall (s)', 'Peak RSS (MB)', 'Docusaurus processes: wall, own peak', 'Load avg', 'Build'],
    specs.map((spec) => [
      spec.title,
      spec.source,
      formatNumber(spec.operations),
      spec.build.ok ? formatNumber(spec.apiHtmlPages) : null,
      formatNumber(spec.build.wallSeconds, 1),
      formatNumber(spec.build.cpuSeconds, 1),
      formatScaleSteps(spec.build),
      formatNumber(spec.build.peakRssMb),
      formatDocusaurusProcesses(spec.build),
      spec.build.phases.length === 0 ? null : formatNumber(Math.max(...spec.build.phases.map((phase) => phase.loadAverage)), 1),
      scaleBuildOutcome(spec),
    ]),
    ['left', 'left', 'right', 'right', 'right', 'right', 'left', 'right', 'left', 'right', 'left'],
  );
}

/** Megabytes (10^6 bytes, as hosts state their limits) with one decimal. */
function formatMb(bytes: number): string {
  return formatNumber(bytes / 1e6, 1);
}

/** What each finished build's build/ holds: size, files, the largest file, files over a host's per-file limit, and the three largest kinds of file. */
export function renderScaleOutputTable(specs: readonly ScaleResult[]): string {
  return renderTable(
    ['Description', 'build/ (MB)', 'Files', 'Largest file', 'Largest (MB)', `Files over ${HOST_FILE_LIMIT_BYTES / 1024 ** 2} MiB`, 'Largest kinds (MB)'],
    specs
      .filter((spec) => spec.output)
      .map((spec) => {
        const output = spec.output!;
        return [
          spec.title,
          formatMb(output.bytes),
          formatNumber(output.files),
          output.largest?.file ?? null,
          output.largest ? formatMb(output.largest.bytes) : null,
          output.overHostLimit.length === 0 ? 'none' : output.overHostLimit.map((file) => `${file.file} (${formatMb(file.bytes)})`).join(', '),
          output.byKind.slice(0, 3).map((kind) => `${kind.kind} ${formatMb(kind.bytes)} in ${formatNumber(kind.files)}`).join(', '),
        ];
      }),
    ['left', 'right', 'right', 'left', 'right', 'left', 'left'],
  );
}

/** A figure as a share of another, in percent with one decimal (`18.4%`); null when either is missing. */
export function formatShare(part: number | null, whole: number | null): string | null {
  if (part === null || whole === null || whole <= 0) return null;
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/**
 * The rebuild after one operation's description changed, next to the full
 * build; and what a rebuild cannot leave out: the spec step (the changed
 * description is parsed and checked again) and the search index of every
 * page (Pagefind has no incremental mode), timed on its own.
 */
export function renderScaleRebuildTable(specs: readonly ScaleResult[]): string {
  const rows = specs.flatMap((spec): Cell[][] => {
    const {rebuild} = spec;
    if (rebuild === null) return [];
    const build = rebuild.build;
    const specStep = build?.phases.find((phase) => phase.name === 'spec')?.wallSeconds ?? null;
    const floor = specStep === null || rebuild.searchIndexSeconds === null ? null : specStep + rebuild.searchIndexSeconds;
    const outcome = rebuild.error ?? (build === null ? 'not run' : build.ok ? (rebuild.editShown ? 'yes' : 'no: the page does not show the edit') : `failed: ${build.error ?? 'unknown error'}`);
    return [
      [
        spec.title,
        rebuild.route === null ? rebuild.operationId : `${rebuild.operationId} (${rebuild.route})`,
        formatNumber(spec.build.wallSeconds, 1),
        build?.ok ? formatNumber(build.wallSeconds, 1) : null,
        build?.ok ? formatShare(build.wallSeconds, spec.build.wallSeconds) : null,
        build?.ok ? formatScaleSteps(build) : null,
        build?.ok ? formatNumber(build.peakRssMb) : null,
        formatNumber(rebuild.searchIndexSeconds, 1),
        formatShare(floor, spec.build.wallSeconds),
        outcome,
      ],
    ];
  });
  return renderTable(
    ['Description', 'Edited operation', 'Full build (s)', 'Rebuild (s)', 'Rebuild / full', 'Rebuild steps, wall (s)', 'Rebuild peak RSS (MB)', 'Search index alone (s)', '(Spec step + search index) / full', 'Edit on the page'],
    rows,
    ['left', 'left', 'right', 'right', 'right', 'left', 'right', 'right', 'right', 'left'],
  );
}

function scalePageRow(name: string, role: string, route: string, html: {bytes: number; gzipBytes: number} | null, load: PageResult | undefined): Cell[] {
  return [
    name,
    role,
    route,
    html === null ? null : formatKib(html.bytes),
    html === null ? null : formatKib(html.gzipBytes),
    formatKib(load?.median.jsGzipBytes),
    formatNumber(load?.median.requests),
    formatNumber(load?.median.performance),
    formatSeconds(load?.median.lcpMs),
    formatNumber(load?.median.tbtMs),
    formatNumber(load?.median.benchmarkIndex),
  ];
}

export function renderScalePagesTable(specs: readonly ScaleResult[], createContact: PageResult | null): string {
  const rows: Cell[][] = [];
  for (const spec of specs.filter((candidate) => candidate.build.ok)) {
    const htmlOf = (route: string | undefined): {bytes: number; gzipBytes: number} | null =>
      [spec.heaviestPage, spec.heaviestOperation, spec.medianOperation, ...spec.namedOperations].find((page) => page !== null && page.route === route) ?? null;
    if (spec.heaviestPage !== null && spec.heaviestPage.route !== spec.heaviestOperation?.route) {
      rows.push(scalePageRow(spec.title, 'heaviest page', spec.heaviestPage.route, spec.heaviestPage, undefined));
    }
    for (const load of spec.loads) rows.push(scalePageRow(spec.title, load.role, load.result.path, htmlOf(load.result.path), load.result));
  }
  if (createContact !== null) rows.push(scalePageRow('Bundled spec (this run)', 'create-contact', createContact.path, null, createContact));
  return renderTable(
    ['Description', 'Page', 'Route', 'HTML (KB)', 'HTML gzip (KB)', 'JS gzip (KB)', 'Requests', 'Perf', 'LCP (s)', 'TBT (ms)', 'benchmarkIndex'],
    rows,
    ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

export function renderScaleSearchTable(specs: readonly ScaleResult[]): string {
  return renderTable(
    ['Description', 'Query', 'Search box', 'Requests', 'Raw (KB)', 'Gzip (KB)', 'Largest responses'],
    specs
      .filter((spec) => spec.search !== null)
      .map((spec) => {
        const search = spec.search!;
        return [
          spec.title,
          search.query,
          search.searchBox === null ? null : `\`${search.searchBox}\``,
          search.error === null ? formatNumber(search.requests) : `failed: ${search.error}`,
          formatKib(search.rawBytes),
          formatKib(search.gzipBytes),
          search.largest.join(', '),
        ];
      }),
    ['left', 'left', 'left', 'right', 'right', 'right', 'left'],
  );
}

/** The whole Markdown summary of a run. */
export function renderSummary(results: BenchResults): string {
  const {machine} = results;
  const sections: string[] = [
    `# Benchmark ${results.date}`,
    '',
    `Commit ${results.commit}; parts: ${results.parts.join(', ')}; runs per page: ${results.runs}; took ${formatNumber(results.durationSeconds / 60, 1)} min.`,
    '',
    renderTable(
      ['Machine', 'Value'],
      [
        ['CPU', `${machine.cores} cores (${machine.cpuModel})`],
        ['Memory', `${formatNumber(machine.memoryGb, 1)} GB`],
        ['OS', machine.os],
        ['Node.js', machine.node],
        ['Chromium', machine.chromium],
        ['Lighthouse', machine.lighthouse],
        ['Docusaurus', machine.docusaurus],
      ],
      ['left', 'left'],
    ),
  ];
  if (results.builds !== null) {
    sections.push(
      '',
      '## Builds',
      '',
      `Full build (each step of \`npm run build\`, timed) in a copy of the project with a cold Rspack cache. N = 24 is the bundled spec; larger N add generated resources to it (seed ${results.seed}). Peak RSS is the highest sum over the whole process tree, sampled every 200 ms from /proc (a process counts from its second sample, so a child caught between fork and exec, which briefly shows a copy of its parent's memory, is not counted twice). CPU time is user plus system time of every process (GNU time), which other work on the machine barely changes; on an idle machine wall time is at least CPU time divided by the cores. Load avg is the highest 1-minute load average at the end of a step: above the core count, other work competed for the CPU and wall times are inflated. Target: ${BUILD_TARGET.wallSeconds / 60} min and ${formatNumber(BUILD_TARGET.peakRssMb / 1024)} GB (the 2,000-operation goal, checked for every N).`,
      '',
      renderBuildTable(results.builds),
    );
  }
  if (results.pages !== null) {
    sections.push(
      '',
      '## Our pages',
      '',
      `Production build of the bundled spec (\`${results.pages.buildDir}\`) served by \`serve\` (compressing) on 127.0.0.1. ${results.runs === 1 ? 'One run per page.' : `Medians of ${results.runs} runs.`} JS is every script the page fetched until network and main thread were quiet (no request for 1 s, then an idle callback), plus inline scripts and what the scripts fetched themselves (fetch and XHR: our sidebar category files, a peer's description); Requests counts the same window; "gzip" is each body gzipped by the benchmark at level 9, "as served" is what \`serve\` sent (Brotli for Chromium). Perf, FCP, LCP, TBT and CLS are Lighthouse mobile defaults (simulated throttling). "Field names in HTML": each request body property of createContact is the own text of an element in the HTML as served, before JavaScript (mentions in prose and code blocks do not count). KB = 1,024 bytes.`,
      '',
      renderPagesTable(results.pages.results),
    );
  }
  if (results.peers !== null) {
    const ours = results.pages?.results.find((page) => page.isCreateContact);
    sections.push(
      '',
      '## Peers: createContact, same spec, same server',
      '',
      `Each renderer opens its deep link to createContact, served by the same compressing server, with every request off 127.0.0.1 blocked (Blocked counts them over the whole visit in the Playwright load; Lighthouse resolves no other host). "Deep link shown" means the operation title ended up visible in the viewport, outside navigation. Ratios are peer / this site (above 1 means the peer is heavier or slower).${ours === undefined ? ' Ratios need the pages part.' : ''}`,
      '',
      renderPeersTable(ours, results.peers),
    );
  }
  if (results.scale !== null) {
    sections.push(
      '',
      '## Scale: public descriptions',
      '',
      `Each description comes from its npm package (nothing is fetched) and is built with the site's own \`npm run build\` (SPEC_FILE, SPEC_STRICT=1) in a cold copy of the project, with a time limit on the whole build and a memory limit of ${formatNumber(SCALE_MEMORY_LIMIT_BYTES / 1024 ** 3)} GB (summed RSS; the machine is shared and has no swap); a build that fails or runs over a limit is stopped with its process tree and reported with the step it was in, the last progress line of its log and the files \`npm run gen\` had written under docs/api. Wall time, CPU time and peak RSS are measured as in the build part, up to where the build stopped. "Docusaurus processes": the processes \`npm run build:site\` ran one after the other (SITE_BUILD_STEPS), each with its wall time and its own peak RSS as the kernel counts it (its threads included; npm, the build script and child processes such as Pagefind's not), as the build printed them.`,
      '',
      renderScaleBuildTable(results.scale.specs),
      '',
      `What each build's \`build/\` holds, as a static host counts it (MB: 10^6 bytes, as hosts state their limits): GitHub Pages publishes at most 1 GB, Cloudflare Pages 20,000 files (free plan) and ${HOST_FILE_LIMIT_BYTES / 1024 ** 2} MiB per file.`,
      '',
      renderScaleOutputTable(results.scale.specs),
      '',
      `Pages of each finished build behind the same compressing server (\`serve\`): HTML size of the page file, gzip level 9; first-load JS and requests as in the pages part; Lighthouse mobile defaults; ${results.runs === 1 ? 'one run per page' : `medians of ${results.runs} runs`}. "heaviest page" is the largest HTML file under docs/api of any kind (schema and tag pages included); the operation pages are the largest and the median \`.api.mdx\` page by HTML size, and "operation <operationId>" a page the benchmark names (GitHub's \`issues/list-events-for-timeline\`, the heavy page issue 14 names); the overview is the API's \`info\` page. create-contact is the bundled spec's, measured in the same run.`,
      '',
      renderScalePagesTable(results.scale.specs, results.scale.createContact),
      '',
      'The first search: /docs loaded (desktop window, cold cache) until the network is quiet, then the search box focused and the query typed; every request from the focus until the network is quiet again, each body gzipped at level 9.',
      '',
      renderScaleSearchTable(results.scale.specs),
    );
    if (results.scale.specs.some((spec) => spec.rebuild !== null)) {
      sections.push(
        '',
        `The rebuild: after the pages were measured, the search index of the first build is written again on its own (the site's \`writeSearchIndex\`, into a folder deleted afterwards), then one sentence ("${REBUILD_EDIT}") is added to the description of the named operation in the build's spec file and \`npm run build\` runs again in the same copy, with everything the first build left (build/, .spec/, docs/api/, caches), measured as the first build. "Edit on the page" says whether the rebuilt operation page shows the sentence. The last figure is what no rebuild can leave out, as a share of the full build: the spec step, which parses and checks the changed description, and the index of every page, since Pagefind has no incremental mode (Pagefind/pagefind#71).`,
        '',
        renderScaleRebuildTable(results.scale.specs),
      );
    }
  }
  if (results.dev) {
    sections.push(
      '',
      '## Dev: the writer\'s loop',
      '',
      `\`npm start\` (SPEC_FILE, a copy of the description) in a cold copy of the project (no .docusaurus, no Rspack cache), on 127.0.0.1, with the page of the named operation open in Chromium. Cold start: from starting \`npm start\` to the page's heading visible. Save to text visible: one sentence added to that operation's description and the file saved, until the sentence is visible on the open page. Save to sidebar: one operation added to the same tag, until its link is visible in the open page's sidebar. "In place": the page was not reloaded (a mark on its window survived both edits). CPU s: the CPU time (user + system) npm start's process tree used over each span, which other work on the machine does not inflate. Peak RSS: the summed RSS of npm start's process tree (spec step, gen, dev server), sampled every 200 ms. Load average: other work on the machine inflates every time; above the core count, it competed for the CPU.`,
      '',
      renderDevTable(results.dev),
      '',
      'Where the time of each run of npm start that regenerated pages went (its own log, in order from the start; a run still going when the part ended is missing):',
      '',
      ...results.dev.flatMap((result) => result.refreshes.map((line) => `- ${result.title}: ${line}`)),
    );
  }
  if (results.notes.length > 0) sections.push('', '## Notes', '', ...results.notes.map((note) => `- ${note}`));
  return `${sections.join('\n')}\n`;
}

/** `YYYY-MM-DD` of a date in the machine's time zone. */
export function localDate(date: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Base name of the results files: the date for a full run with the default
 * parts, sizes and runs, so that the day's reference figures are never
 * overwritten by a quick partial run, which gets `<date>.partial`; a run of
 * the scale part alone gets `<date>.scale-<descriptions>`, of the search part
 * alone `<date>.search-<sites>`.
 */
export function resultsBaseName(
  date: string,
  run: {parts: readonly string[]; sizes: readonly number[]; runs: number; scale?: readonly string[]; dev?: readonly string[]; search?: readonly string[]},
  defaults: {parts: readonly string[]; sizes: readonly number[]; runs: number},
): string {
  const same = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((value, index) => value === b[index]);
  // The scale part is not a default one and takes long: a run of it alone is
  // the day's reference for the descriptions it built, and one of Graph alone
  // does not overwrite one of GitHub.
  const named = (part: 'scale' | 'dev' | 'search', sites: readonly string[] | undefined) => (run.parts.includes(part) ? [`${part}-${(sites ?? []).join('-')}`] : []);
  const parts = run.parts.filter((part) => part !== 'scale' && part !== 'dev' && part !== 'search');
  if (parts.length === 0) return `${date}.${[...named('scale', run.scale), ...named('dev', run.dev), ...named('search', run.search)].join('.')}`;
  const full = same(parts, defaults.parts) && same(run.sizes, defaults.sizes) && run.runs === defaults.runs;
  return full ? date : `${date}.partial`;
}
