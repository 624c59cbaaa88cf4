/**
 * When the browser refuses to give the page a response, it says only "Failed
 * to fetch". This tells the reader which of the usual causes it was and what
 * to do, with the request as a cURL command, which no browser rule stops.
 */

import {curlFormArgument, shellString} from '../../openapi/models/code-sample-literals';
import type {FormPart} from '../../openapi/models/model-types';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  body?: string;
  /** A multipart body's parts; a file is read from a file of its name. */
  form?: FormPart[];
}

export interface RequestFailure {
  cause: 'mixed-content' | 'cors' | 'network' | 'timeout' | 'cookie-host';
  message: string;
  curl: string;
}

/** The request as a cURL command, one option per line; every part is one shell word, as in the page's cURL sample. */
export function curlCommand(request: SentRequest): string {
  const lines = [`curl --request ${shellString(request.method)} ${shellString(request.url)}`];
  // curl reads `[]{}` in a URL as a list of URLs to fetch.
  if (/[[\]{}]/.test(request.url)) lines.push('--globoff');
  for (const [name, value] of Object.entries(request.headers)) lines.push(`--header ${shellString(`${name}: ${value}`)}`);
  const cookies = Object.entries(request.cookies);
  if (cookies.length > 0) lines.push(`--cookie ${shellString(cookies.map(([name, value]) => `${name}=${value}`).join('; '))}`);
  for (const part of request.form ?? []) lines.push(`--form ${shellString(curlFormArgument(part, part.fileName ?? ''))}`);
  if (request.body !== undefined && request.body !== '' && !['GET', 'HEAD'].includes(request.method)) {
    // `--data @name` would send the reader's local file `name`.
    lines.push(`${request.body.startsWith('@') ? '--data-raw' : '--data'} ${shellString(request.body)}`);
  }
  return lines.join(' \\\n  ');
}

/**
 * Whether the server answers at all: a `no-cors` request gets an opaque
 * answer from any server that is up, whatever its CORS rules, and carries no
 * credentials. It goes to the server's origin, not to the operation.
 */
async function reachable(url: URL): Promise<boolean> {
  try {
    await fetch(`${url.origin}/`, {mode: 'no-cors', credentials: 'omit', cache: 'no-store'});
    return true;
  } catch {
    return false;
  }
}

/** Why the request failed, as far as the page can know it. */
export async function explainFailure(request: SentRequest, error: unknown): Promise<RequestFailure> {
  const curl = curlCommand(request);
  const url = new URL(request.url);
  if ((error as Error)?.name === 'AbortError') {
    return {cause: 'timeout', message: `${url.origin} did not answer within 30 seconds. Try again, or send the request with cURL:`, curl};
  }
  if (window.location.protocol === 'https:' && url.protocol === 'http:') {
    return {
      cause: 'mixed-content',
      message: `This page was loaded over HTTPS, so the browser does not let it call ${url.origin} over plain HTTP. Use an https:// server URL, or send the request with cURL:`,
      curl,
    };
  }
  if (await reachable(url)) {
    return {
      cause: 'cors',
      message: `${url.origin} answered, but did not allow this site (${window.location.origin}) to read the response: its CORS headers do not include this origin${
        Object.keys(request.headers).length > 0 ? ' or the headers sent' : ''
      }. The request may still have reached the API. Send it with cURL instead, or ask the API team to allow this origin:`,
      curl,
    };
  }
  return {
    cause: 'network',
    message: `${url.origin} could not be reached (the server is down, the address is wrong, or a network or TLS problem). Check the server URL, or send the request with cURL:`,
    curl,
  };
}
