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
  /**
   * Route prefixes whose routes are sectioned apart from the rest (another
   * API, an older version), each with its number of sections, longest prefix
   * first; their sections come first, in this order, and the sections after
   * them (if any) take the other routes by hash.
   */
  prefixes?: readonly (readonly [string, number])[];
}

/**
 * The section of a path in a split list: by its hash among the sections of
 * its prefix, or among those of the routes under no prefix; -1 when it is
 * under no prefix and those routes stayed in the main table.
 */
export function sectionFor(pathname: string, rule: SectionRule): number {
  if (rule.prefixes === undefined) return sectionOf(pathname, rule.sections);
  const key = routeKey(pathname);
  let offset = 0;
  for (const [prefix, sections] of rule.prefixes) {
    if (key.startsWith(prefix)) return offset + sectionOf(pathname, sections);
    offset += sections;
  }
  return offset < rule.sections ? offset + sectionOf(pathname, rule.sections - offset) : -1;
}
