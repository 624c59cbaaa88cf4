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
  {id: 'php', label: 'PHP', language: 'php', target: 'php', client: 'curl'},
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

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * One code sample per language of `SAMPLE_LANGUAGES`, in that order. The
 * output depends only on the request: headers (including an
 * `Authorization: Bearer YOUR_ACCESS_TOKEN` placeholder) appear as given.
 */
export function generateCodeSamples(request: SampleRequest): CodeSample[] {
  const snippet = new HTTPSnippet(toHarRequest(request));
  return SAMPLE_LANGUAGES.map(({id, label, language, target, client, postProcess}) => {
    const converted = snippet.convert(target, client, {indent: '  '});
    if (converted === false || converted.length === 0) {
      throw new Error(
        `[code-samples] @readme/httpsnippet has no client "${client}" for target "${target}" (sample "${id}" of ${request.method} ${request.url})`,
      );
    }
    const code = converted[0];
    return {id, label, language, code: postProcess ? postProcess(code) : code};
  });
}
