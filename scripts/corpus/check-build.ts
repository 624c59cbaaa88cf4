import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import type {ExpectedOperation} from './expected-operations';
import {findElement, htmlFiles, normalizeText, parseHtml, routeOfFile, spacedText} from './html';

/** A built page under the API docs route, reduced to what the check compares. */
interface BuiltPage {
  route: string;
  /** Text of the page's only `<h1>`. */
  heading: string;
  /** Text of the page's `<article>`, a space at every element boundary. */
  text: string;
}

export interface BuildCheck {
  /** Operations with a page that shows their method, path and title. */
  pagesFound: number;
  problems: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readPages(apiDir: string): BuiltPage[] {
  if (!existsSync(apiDir)) return [];
  return htmlFiles(apiDir).map((file) => {
    const document = parseHtml(readFileSync(path.join(apiDir, file), 'utf8'));
    const h1 = findElement(document, (element) => element.tagName === 'h1');
    const article = findElement(document, (element) => element.tagName === 'article') ?? document;
    return {route: routeOfFile(file), heading: h1 ? spacedText(h1) : '', text: ` ${spacedText(article)} `};
  });
}

/** `METHOD`, then optionally the server URL, then the path: how the page header reads. */
function endpointPattern(operation: ExpectedOperation): RegExp {
  const method = escapeRegExp(operation.method.toUpperCase());
  const apiPath = escapeRegExp(normalizeText(operation.path));
  return new RegExp(` ${method} (?:\\S+ )?${apiPath} `);
}

/**
 * Checks that every expected operation has its own page under `/docs/api/`
 * whose heading is the operation's title and whose text has its method and
 * path. Pages are matched by content, not by the generator's id rule.
 */
export function checkOperationPages(buildDir: string, operations: ExpectedOperation[], apiRoute = 'docs/api'): BuildCheck {
  const pages = readPages(path.join(buildDir, apiRoute));
  const used = new Set<string>();
  const problems: string[] = [];
  let pagesFound = 0;
  for (const operation of operations) {
    const title = normalizeText(operation.title);
    const pattern = endpointPattern(operation);
    const candidates = pages.filter((page) => !used.has(page.route) && page.heading === title && pattern.test(page.text));
    const page = candidates[0];
    if (page) {
      used.add(page.route);
      pagesFound += 1;
      continue;
    }
    const sameTitle = pages.filter((candidate) => candidate.heading === title);
    const why = sameTitle.length > 0
      ? `pages titled so (${sameTitle.map((candidate) => candidate.route).join(', ')}) do not show "${operation.method.toUpperCase()} ${operation.path}"${sameTitle.every((candidate) => used.has(candidate.route)) ? ' or belong to other operations' : ''}`
      : 'no page has this title';
    problems.push(`${operation.method.toUpperCase()} ${operation.path} "${truncate(operation.title)}": ${why}`);
  }
  return {pagesFound, problems};
}

export function truncate(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
