/**
 * Which section of a split route list a path belongs to: shared by the build
 * (src/plugins/route-sections), which files each route into a section, and
 * the browser, which loads the section of the path it is about to show. No
 * table: the path alone decides, so the browser needs nothing per route.
 */

/** The path as routes are keyed: decoded when it can be, without trailing slashes (the root stays "/"). */
export function routeKey(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: the path as it is.
  }
  return decoded.replace(/\/+$/, '') || '/';
}

/** FNV-1a (32 bits) of the key's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The section (0 … sections − 1) of a path. */
export function sectionOf(pathname: string, sections: number): number {
  return fnv1a(routeKey(pathname)) % sections;
}

/** What the browser knows of a split list to find a path's section. */
export interface SectionRule {
  sections: number;
  /** Sections by route prefix (one per prefix, in order) instead of by hash: the older versions of an API, each in a section of its own. */
  prefixes?: readonly string[];
}

/** The section of a path in a split list: the section of its prefix, or -1 when the list is split by prefix and none matches (the path's route stayed in the main table); else its hash. */
export function sectionFor(pathname: string, rule: SectionRule): number {
  if (rule.prefixes === undefined) return sectionOf(pathname, rule.sections);
  const key = routeKey(pathname);
  return rule.prefixes.findIndex((prefix) => key.startsWith(prefix));
}
