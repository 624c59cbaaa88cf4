/**
 * The pages whose address is closest to one that was not found, so that the
 * not-found page can offer `/docs/api/create-contact` for a mistyped
 * `/docs/api/create-contct`. Pure, so that it is tested without a browser.
 */

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  const from = [...a];
  const to = [...b];
  let previous = Array.from({length: to.length + 1}, (_, index) => index);
  for (let i = 1; i <= from.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= to.length; j += 1) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (from[i - 1] === to[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[to.length];
}

/** An address without its trailing slash, `.html` or query, lower-cased: what two spellings of one page share. */
function normalise(path: string): string {
  return path.toLowerCase().replace(/[?#].*$/, '').replace(/\.html$/, '').replace(/\/+$/, '');
}

/**
 * Up to `count` of `candidates` closest to `missing`, closest first (ties in
 * the candidates' order). A candidate counts only when the two addresses
 * differ in at most a third of the missing one's last segment (at least two
 * edits): a typo or two, not an unrelated page.
 */
export function closestPaths(missing: string, candidates: readonly string[], count = 3): string[] {
  const target = normalise(missing);
  const lastSegment = target.slice(target.lastIndexOf('/') + 1);
  const limit = Math.max(2, Math.floor([...lastSegment].length / 3));
  return candidates
    .map((path, order) => ({path, order, distance: editDistance(target, normalise(path))}))
    .filter(({distance}) => distance > 0 && distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, count)
    .map(({path}) => path);
}

/** The title of a page from its Markdown twin: the text of its first `# ` heading, if it opens with one. */
export function titleOfTwin(markdown: string): string | null {
  const heading = /^# +(.+?)\s*$/.exec(markdown.split('\n', 1)[0]);
  return heading ? heading[1] : null;
}
