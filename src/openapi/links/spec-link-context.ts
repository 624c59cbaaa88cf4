import {overviewDescription} from '../models/model-overview';
import {assignPageIds} from '../generation/page-ids';
import {resolveLinkBase, type LinkContext} from './spec-links';
import type {SpecDocument} from '../../spec-reader/spec-document';
import type {RichTextNode} from '../models/model-types';

export interface LinkContextOptions {
  /** Route of the generated pages, e.g. `/docs/api`. */
  apiDocsBasePath: string;
  /** The SPEC_LINK_BASE variable as read by the config; empty or undefined derives the base from the spec. */
  linkBase?: string;
}

/** Ids of the overview page's headings, from the same render the page makes. */
function overviewHeadingIds(spec: SpecDocument): Set<string> {
  const ids = new Set<string>();
  const visit = (nodes: RichTextNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      if (/^h[1-6]$/.test(node.tagName) && typeof node.properties.id === 'string') ids.add(node.properties.id);
      visit(node.children);
    }
  };
  visit(overviewDescription(spec)?.children ?? []);
  return ids;
}

/**
 * What links in this spec's text may point to: its pages, the overview's
 * headings and the vendor's site. Throws when SPEC_LINK_BASE is not an
 * absolute http(s) URL.
 */
export function linkContextFor(spec: SpecDocument, options: LinkContextOptions): LinkContext {
  const linkBase = resolveLinkBase(spec, options.linkBase);
  return {
    pageIds: assignPageIds(spec),
    overviewHeadingIds: overviewHeadingIds(spec),
    apiDocsBasePath: options.apiDocsBasePath,
    ...(linkBase ? {linkBase: linkBase.url, linkBaseFrom: linkBase.from} : {}),
  };
}
