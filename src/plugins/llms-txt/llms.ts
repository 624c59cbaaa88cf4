/**
 * Pure helpers of the llms-txt plugin: which page goes in which section, and
 * the text of `llms.txt` (https://llmstxt.org) and `llms-full.txt`.
 */
import {heading, link, paragraph, serialize} from '../../openapi/markdown-twin';

/** A docs page with its Markdown twin. */
export interface TwinPage {
  /** Route with the base URL, without trailing slash: `/docs/api/create-contact`. */
  route: string;
  kind: 'doc' | 'overview' | 'tag' | 'operation' | 'webhook' | 'schema';
  title: string;
  /** One line for llms.txt; may be empty. */
  description: string;
  /** Tag pages: the tag name. Operations: their first tag. */
  tag?: string;
}

/** A page with its Markdown twin. */
export interface TwinPageWithMarkdown extends TwinPage {
  markdown: string;
}

export interface LlmsLink {
  title: string;
  url: string;
  description: string;
}

export interface LlmsSection {
  title: string;
  links: LlmsLink[];
}

export interface LlmsSiteInfo {
  /** Origin of the site without trailing slash, e.g. `https://docs.meridian.example`. */
  url: string;
  /** Base URL, starting and ending with `/`. */
  baseUrl: string;
}

/** Text on one line, cut after its first sentence (or at `max` characters). */
export function oneLine(text: string, max = 200): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(?=\s|$)/.exec(collapsed)?.[1] ?? collapsed;
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

/** Absolute URL of the Markdown twin of a route: `/docs` → `https://site/docs.md`. */
export function markdownUrl(route: string, site: LlmsSiteInfo): string {
  return `${site.url}${route.replace(/\/+$/, '') || '/index'}.md`;
}

/** Absolute URL of a route or of a root-relative link on this site. */
export function absoluteUrl(pathOrUrl: string, site: LlmsSiteInfo, {underBaseUrl}: {underBaseUrl: boolean}): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const prefix = underBaseUrl ? site.baseUrl.replace(/\/+$/, '') : '';
  return `${site.url}${prefix}${pathOrUrl}`;
}

/** The output file of a route's twin, relative to the build folder: `/docs` → `docs.md`. */
export function twinFile(route: string, baseUrl: string): string {
  const relative = route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\/+/, '');
  return `${relative.replace(/\/+$/, '') || 'index'}.md`;
}

function linkOf(page: TwinPage, site: LlmsSiteInfo): LlmsLink {
  return {title: page.title, url: markdownUrl(page.route, site), description: page.description};
}

/**
 * Groups the pages into llms.txt sections: "Docs" (the landing page first,
 * then the API overview, then the rest by route), one "API reference: <tag>"
 * section per tag page in the order given (the tag page, then its operations
 * in the order given), "API reference: Other" for operations of no listed
 * tag, "API reference: Webhooks" and "API reference: Schemas" for the
 * webhook and schema pages, and "Optional" for `optionalRoutes` and `optionalLinks`.
 */
export function llmsSections(
  pages: TwinPage[],
  options: {docsRoute: string; optionalRoutes: string[]; optionalLinks: LlmsLink[]},
  site: LlmsSiteInfo,
): LlmsSection[] {
  const optional = new Set(options.optionalRoutes);
  const rank = (page: TwinPage) => (page.route === options.docsRoute ? 0 : page.kind === 'overview' ? 1 : 2);
  const docs = pages
    .filter((page) => (page.kind === 'doc' || page.kind === 'overview') && !optional.has(page.route))
    .sort((a, b) => rank(a) - rank(b) || a.route.localeCompare(b.route));
  const sections: LlmsSection[] = [];
  if (docs.length > 0) sections.push({title: 'Docs', links: docs.map((page) => linkOf(page, site))});

  const operations = pages.filter((page) => page.kind === 'operation' && !optional.has(page.route));
  const listed = new Set<string>();
  for (const tagPage of pages.filter((page) => page.kind === 'tag' && !optional.has(page.route))) {
    const tagged = operations.filter((page) => page.tag === tagPage.tag && !listed.has(page.route));
    tagged.forEach((page) => listed.add(page.route));
    sections.push({title: `API reference: ${tagPage.tag ?? tagPage.title}`, links: [tagPage, ...tagged].map((page) => linkOf(page, site))});
  }
  const untagged = operations.filter((page) => !listed.has(page.route));
  if (untagged.length > 0) {
    sections.push({
      title: sections.some((section) => section.title.startsWith('API reference')) ? 'API reference: Other' : 'API reference',
      links: untagged.map((page) => linkOf(page, site)),
    });
  }

  const webhooks = pages.filter((page) => page.kind === 'webhook' && !optional.has(page.route));
  if (webhooks.length > 0) sections.push({title: 'API reference: Webhooks', links: webhooks.map((page) => linkOf(page, site))});
  const schemas = pages.filter((page) => page.kind === 'schema' && !optional.has(page.route));
  if (schemas.length > 0) sections.push({title: 'API reference: Schemas', links: schemas.map((page) => linkOf(page, site))});

  const optionalPages = pages.filter((page) => optional.has(page.route));
  const optionalLinks = [...optionalPages.map((page) => linkOf(page, site)), ...options.optionalLinks];
  if (optionalLinks.length > 0) sections.push({title: 'Optional', links: optionalLinks});
  return sections;
}

/** A title as an H1 line: `# Title`. */
function titleLine(title: string): string {
  return serialize(heading(1, title)).trimEnd();
}

/** One list item of llms.txt: `- [Title](url): description`; the description is Markdown already. */
export function formatLink({title, url, description}: LlmsLink): string {
  const label = serialize(paragraph(link(url, title.replace(/\s+/g, ' ').trim()))).trimEnd();
  return `- ${label}${description ? `: ${description.replace(/\s+/g, ' ').trim()}` : ''}`;
}

/**
 * llms.txt as https://llmstxt.org describes it: an H1 with the site's name,
 * a blockquote summary, a paragraph of details, then H2 sections of link lists.
 */
export function formatLlmsTxt({title, summary, details, sections}: {title: string; summary: string; details: string; sections: LlmsSection[]}): string {
  const blocks = [llmsHeading({title, summary, details})];
  for (const section of sections) {
    if (section.links.length === 0) continue;
    blocks.push(`## ${section.title}`, section.links.map(formatLink).join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

/** A page of llms-full.txt with the llms.txt section that lists it (`undefined`: none does). */
export interface OrderedTwinPage {
  page: TwinPage;
  section: string | undefined;
}

/**
 * The reading order of llms-full.txt: the API overview first, then the pages
 * of each section in order, then any page no section lists; each with the
 * title of its section, by which a split llms-full.txt groups its parts.
 */
export function llmsFullOrder(pages: readonly TwinPage[], sections: LlmsSection[], site: LlmsSiteInfo): OrderedTwinPage[] {
  const byTwinUrl = new Map(pages.map((page) => [markdownUrl(page.route, site), page]));
  const sectionOf = new Map<string, string>();
  for (const section of sections) {
    for (const link of section.links) {
      const page = byTwinUrl.get(link.url);
      if (page && !sectionOf.has(page.route)) sectionOf.set(page.route, section.title);
    }
  }
  const ordered: OrderedTwinPage[] = [];
  const seen = new Set<string>();
  const add = (page: TwinPage | undefined) => {
    if (page && !seen.has(page.route)) {
      seen.add(page.route);
      ordered.push({page, section: sectionOf.get(page.route)});
    }
  };
  pages.filter((page) => page.kind === 'overview').forEach(add);
  for (const section of sections) section.links.forEach((link) => add(byTwinUrl.get(link.url)));
  pages.forEach(add);
  return ordered;
}

/** The heading of llms.txt and llms-full.txt: H1, blockquote summary, details paragraph. */
export function llmsHeading({title, summary, details}: {title: string; summary: string; details: string}): string {
  return [titleLine(title), `> ${summary.replace(/\s+/g, ' ').trim()}`, ...(details.trim() ? [details.trim()] : [])].join('\n\n');
}

/** One twin as llms-full.txt holds it: after a rule, its H1, then its source URL, then the rest. */
export function llmsFullTwin(page: TwinPage, markdownText: string, site: LlmsSiteInfo): string {
  const source = `Source: ${absoluteUrl(page.route, site, {underBaseUrl: false})}`;
  const markdown = markdownText.trim();
  const firstLineEnd = markdown.indexOf('\n');
  let twin: string;
  if (markdown.startsWith('# ')) {
    const heading = firstLineEnd === -1 ? markdown : markdown.slice(0, firstLineEnd);
    const rest = firstLineEnd === -1 ? '' : markdown.slice(firstLineEnd).replace(/^\n+/, '');
    twin = [heading, source, rest].filter(Boolean).join('\n\n');
  } else {
    twin = `${source}\n\n${markdown}`;
  }
  return `\n\n---\n\n${twin}`;
}

/**
 * llms-full.txt in pieces, to write as they come: the heading, then each
 * page's twin (from `markdownOf`) in reading order (`llmsFullOrder`).
 * Microsoft Graph's whole reference is over a gigabyte of text, more than
 * one string may hold.
 */
export function* llmsFullChunks(
  heading: {title: string; summary: string; details: string},
  pages: readonly TwinPage[],
  sections: LlmsSection[],
  site: LlmsSiteInfo,
  markdownOf: (page: TwinPage) => string,
): Generator<string> {
  yield llmsHeading(heading);
  for (const {page} of llmsFullOrder(pages, sections, site)) yield llmsFullTwin(page, markdownOf(page), site);
  yield '\n';
}

/** llms-full.txt whole: every twin after the heading, in reading order (`llmsFullChunks`). */
export function formatLlmsFull(
  heading: {title: string; summary: string; details: string},
  pages: TwinPageWithMarkdown[],
  sections: LlmsSection[],
  site: LlmsSiteInfo,
): string {
  return [...llmsFullChunks(heading, pages, sections, site, (page) => (page as TwinPageWithMarkdown).markdown)].join('');
}
