/**
 * Code samples of an operation, generated at build time from one example
 * request with @readme/httpsnippet, so that pages ship plain text and no
 * snippet generator reaches the browser.
 *
 * @readme/httpsnippet publishes a CommonJS build next to its ESM one
 * (`exports.require`), so this module loads synchronously both under jiti
 * (Docusaurus config-time code) and under Vitest.
 */
import {HTTPSnippet, type HarRequest} from '@readme/httpsnippet';

import type {CodeSample, SampleRequest} from './types';

/** httpsnippet's target ids (its `TargetId` type is not exported). */
type TargetId = Parameters<HTTPSnippet['convert']>[0];

interface SampleLanguage {
  id: string;
  label: string;
  /** Prism language used to highlight the sample. */
  language: string;
  target: TargetId;
  client: string;
  /** Rewrites httpsnippet's output where it needs something no reader wants. */
  postProcess?: (code: string) => string;
  /**
   * Writes a JSON body (an object or an array) in place of httpsnippet's own
   * writer: httpsnippet is given a stand-in body, the string `BODY_TOKEN`,
   * which it spells `quotedToken`, and `write` replaces that.
   */
  jsonBody?: {quotedToken: string; write: (body: object, indent: string) => string};
}

/** The stand-in body of a sample whose language writes JSON bodies itself; no request has it. */
export const BODY_TOKEN = 'MERIDIAN_SAMPLE_BODY_3c9e1f';

/** One indentation step of every sample. */
const INDENT = '  ';

/** A PHP string literal: single-quoted, or double-quoted with escapes when it has control characters. */
export function phpString(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\x00-\x1f\x7f]/.test(text)) return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
  const escapes: Record<string, string> = {'\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', '"': '\\"', $: '\\$'};
  // eslint-disable-next-line no-control-regex
  const body = text.replace(/[\x00-\x1f\x7f\\"$]/g, (char) => escapes[char] ?? `\\u{${char.charCodeAt(0).toString(16)}}`);
  return `"${body}"`;
}

/**
 * A JSON value as a PHP literal (arrays for objects and lists), one
 * indentation step per level; `level` is the depth of the line it starts on.
 * httpsnippet's PHP writer doubles the indentation at each level instead: a
 * body 10 levels deep was indented 1,024 spaces (Microsoft Graph's
 * entitlement catalog: a 1.6 MB sample for a 68 KB body), one 24 levels deep
 * gave a 246 MB sample, and two levels more outgrow V8's longest string.
 */
export function phpLiteral(value: unknown, indent: string, level: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return phpString(value);
  if (typeof value !== 'object') return String(value);
  const items = Array.isArray(value)
    ? value.map((item) => phpLiteral(item, indent, level + 1))
    : Object.entries(value).map(([key, item]) => `${phpString(key)} => ${phpLiteral(item, indent, level + 1)}`);
  // json_encode writes an empty PHP array as `[]`; an empty object needs to be one.
  if (items.length === 0) return Array.isArray(value) ? '[]' : '(object) []';
  const inside = indent.repeat(level + 1);
  return `[\n${inside}${items.join(`,\n${inside}`)}\n${indent.repeat(level)}]`;
}

/**
 * The languages of the code samples, in tab order. Each client is the one
 * that needs nothing beyond the language's standard library where
 * httpsnippet offers such a client.
 */
export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  {id: 'curl', label: 'cURL', language: 'bash', target: 'shell', client: 'curl'},
  {id: 'javascript', label: 'JavaScript', language: 'javascript', target: 'javascript', client: 'fetch'},
  {
    id: 'node',
    label: 'Node.js',
    language: 'javascript',
    target: 'node',
    client: 'fetch',
    // httpsnippet's Node fetch client targets the node-fetch package; Node 18
    // and later ship `fetch` as a global, so the sample needs no dependency.
    postProcess: (code) => code.replace(/^const fetch = require\('node-fetch'\);\n(\n)?/m, ''),
  },
  {id: 'python', label: 'Python', language: 'python', target: 'python', client: 'requests'},
  {id: 'go', label: 'Go', language: 'go', target: 'go', client: 'native'},
  // java.net.http ships with the JDK (11+); OkHttp would need a dependency.
  {id: 'java', label: 'Java', language: 'java', target: 'java', client: 'nethttp'},
  {id: 'csharp', label: 'C#', language: 'csharp', target: 'csharp', client: 'httpclient'},
  // ext-curl ships with PHP; Guzzle would need Composer.
  {
    id: 'php',
    label: 'PHP',
    language: 'php',
    target: 'php',
    client: 'curl',
    // `CURLOPT_POSTFIELDS => json_encode([` is one level into `curl_setopt_array`.
    jsonBody: {quotedToken: `'${BODY_TOKEN}'`, write: (body, indent) => phpLiteral(body, indent, 1)},
  },
  {id: 'ruby', label: 'Ruby', language: 'ruby', target: 'ruby', client: 'native'},
];

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
function essence(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

/** The HAR request httpsnippet takes, built from a sample request. */
export function toHarRequest(request: SampleRequest): HarRequest {
  const headers = request.headers.map(({name, value}) => ({name, value}));
  const har: HarRequest = {
    method: request.method.toUpperCase(),
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString: request.queryString.map(({name, value}) => ({name, value})),
    headersSize: -1,
    bodySize: -1,
    postData: {mimeType: 'application/octet-stream'},
  };
  const postData = request.postData;
  if (postData === undefined) return har;

  // Without a Content-Type header curl would send a JSON body as a form.
  if (!headers.some(({name}) => name.toLowerCase() === 'content-type')) {
    headers.push({name: 'Content-Type', value: postData.mimeType});
  }
  const mediaType = essence(postData.mimeType);
  if (mediaType === FORM_MEDIA_TYPE) {
    const params = [...new URLSearchParams(postData.text)].map(([name, value]) => ({name, value}));
    har.postData = {mimeType: FORM_MEDIA_TYPE, params, text: postData.text};
  } else if (JSON_MEDIA_TYPE.test(mediaType) && isJson(postData.text)) {
    // httpsnippet writes structured bodies (objects, not strings) only for
    // `application/json`; `+json` types are JSON too. The header keeps the real type.
    har.postData = {mimeType: 'application/json', text: postData.text};
  } else {
    har.postData = {mimeType: postData.mimeType, text: postData.text};
  }
  return har;
}

/** The value of a JSON text, or undefined when it is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isJson(text: string): boolean {
  return parsedJson(text) !== undefined;
}

/**
 * One code sample per language of `SAMPLE_LANGUAGES`, in that order. The
 * output depends only on the request: headers (including an
 * `Authorization: Bearer YOUR_ACCESS_TOKEN` placeholder) appear as given.
 */
export function generateCodeSamples(request: SampleRequest): CodeSample[] {
  const har = toHarRequest(request);
  const snippet = new HTTPSnippet(har);
  // A body sent as JSON; text that does not parse is sent as it is (toHarRequest).
  const body = har.postData?.mimeType === 'application/json' ? parsedJson(har.postData.text ?? '') : undefined;
  // Made when a language writes the body itself: the same request with the stand-in body.
  let standInSnippet: HTTPSnippet | undefined;
  return SAMPLE_LANGUAGES.map(({id, label, language, target, client, postProcess, jsonBody}) => {
    const writesBody = jsonBody !== undefined && typeof body === 'object' && body !== null;
    if (writesBody) standInSnippet ??= new HTTPSnippet({...har, postData: {mimeType: 'application/json', text: JSON.stringify(BODY_TOKEN)}});
    const converted = (writesBody ? standInSnippet! : snippet).convert(target, client, {indent: INDENT});
    if (converted === false || converted.length === 0) {
      throw new Error(
        `[code-samples] @readme/httpsnippet has no client "${client}" for target "${target}" (sample "${id}" of ${request.method} ${request.url})`,
      );
    }
    let code = converted[0];
    if (writesBody) {
      const at = code.indexOf(jsonBody.quotedToken);
      if (at === -1 || code.indexOf(jsonBody.quotedToken, at + 1) !== -1) {
        throw new Error(`[code-samples] @readme/httpsnippet's "${target}" sample does not spell its body ${jsonBody.quotedToken} once (sample "${id}" of ${request.method} ${request.url})`);
      }
      code = code.slice(0, at) + jsonBody.write(body, INDENT) + code.slice(at + jsonBody.quotedToken.length);
    }
    return {id, label, language, code: postProcess ? postProcess(code) : code};
  });
}
