/**
 * React Router 5's `matchPath` for a route path that is plain text, without
 * compiling it to a regular expression.
 *
 * Docusaurus and its docs theme find the route, the active doc and the
 * sidebar of a page by calling `matchPath` on every route or doc in turn
 * (`matchRoutes`, `<Switch>`, `getActiveDocContext`, `useDocRootMetadata`).
 * Each call compiles the path with path-to-regexp (cached up to 10,000 paths,
 * then compiled again on every call) and runs the expression. With thousands
 * of API pages that is millions of calls per build, a large share of static
 * rendering that grows with the square of the page count. A doc's route
 * path is plain text, and for plain text the expression path-to-regexp 1.x
 * builds is a string comparison:
 *
 *   `^<path>` + (strict ? '' : `(?:/(?=$))?`) + (end ? '$' : `(?=/|$)`), flag `i` unless sensitive
 *
 * `literalPathMatch` answers exactly what `matchPath` answers for such a path
 * (the test compares both on generated paths), and `undefined` for any other
 * path (parameters, wildcards, groups, escapes, a trailing slash, the root,
 * non-ASCII text), which `matchPath` then matches as before.
 * src/plugins/route-matching puts it in front of React Router's own.
 */

export interface PathMatch {
  path: string;
  url: string;
  isExact: boolean;
  params: Record<string, string>;
}

/** Characters that make a path more than text to path-to-regexp 1.x (or to us: case folding beyond ASCII). */
const NOT_LITERAL = /[\\:()*?+]|[^\x20-\x7e]/;
/** Anything but printable ASCII: such a pathname is left to the expression (conservative for control characters). */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** The prefix of `pathname` that equals `path`, compared as the expression would (ASCII case folding unless `sensitive`). */
function startsWithPath(pathname: string, path: string, sensitive: boolean): boolean {
  if (pathname.length < path.length) return false;
  const head = pathname.length === path.length ? pathname : pathname.slice(0, path.length);
  return sensitive ? head === path : head === path || head.toLowerCase() === path.toLowerCase();
}

/**
 * `matchPath(pathname, {path, exact, strict, sensitive})` for a plain-text
 * `path`: the match, or `null`; `undefined` when `path` is not plain text.
 */
export function literalPathMatch(
  pathname: string,
  path: unknown,
  exact: unknown,
  strict: unknown,
  sensitive: unknown,
): PathMatch | null | undefined {
  if (typeof path !== 'string' || path.length < 2 || path[0] !== '/' || path.endsWith('/') || NOT_LITERAL.test(path)) return undefined;
  if (typeof pathname !== 'string') return undefined;
  // The `i` flag folds some non-ASCII letters onto ASCII ones (U+212A KELVIN SIGN is k).
  if (!sensitive && NOT_PRINTABLE_ASCII.test(pathname)) return undefined;
  if (!startsWithPath(pathname, path, Boolean(sensitive))) return null;
  // matchPath defaults `exact` to false and passes `end: exact`; path-to-regexp ends the expression unless `end` is exactly false.
  const end = exact !== undefined && exact !== false;
  const rest = pathname.length === path.length ? '' : pathname.slice(path.length);
  let url: string;
  if (rest === '') url = pathname;
  else if (rest === '/' && !strict) url = pathname;
  else if (!end && rest[0] === '/') url = pathname.slice(0, path.length);
  else return null;
  const isExact = pathname === url;
  if (exact && !isExact) return null;
  return {path, url, isExact, params: {}};
}
