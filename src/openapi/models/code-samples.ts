/**
 * Code samples of an operation, generated at build time from one example
 * request, so that pages ship plain text and no snippet generator reaches
 * the browser.
 *
 * Every text from the spec (method, URL, header and query names and values,
 * the body) reaches a sample only through the literal functions of
 * `code-sample-literals.ts` and the value writers of `code-sample-values.ts`:
 * never as an identifier, in a comment, or outside a string literal. The
 * method is spelt as an identifier only when it is one of a fixed list.
 */
import {csharpString, curlFormArgument, goString, javaString, jsString, phpDoubleQuoted, phpString, pythonString, rubyString, shellString} from './code-sample-literals';
import {jsLiteral, phpLiteral, pythonLiteral, type RawCode} from './code-sample-values';
import {PLACEHOLDER_FOLDER, partHeaderLines} from './form-parts';
import {wellFormed} from '../../spec-reader/well-formed';
import type {CodeSample, FormPart, SampleRequest} from './model-types';

export {phpLiteral} from './code-sample-values';
export {phpString} from './code-sample-literals';

/** One indentation step of every sample but Go's, which gofmt indents with tabs. */
const INDENT = '  ';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

type SampleBody =
  | {kind: 'json'; value: unknown; compact: string}
  | {kind: 'form'; fields: [string, string][]; text: string}
  | {kind: 'text'; text: string}
  | {kind: 'multipart'; parts: FormPart[]};

/** A sample request made ready for the writers: the query in the URL, the Content-Type header, the body read. */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: {name: string; value: string}[];
  body?: SampleBody;
}

/** Media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
function essence(mimeType: string): string {
  return mimeType.split(';')[0].trim().toLowerCase();
}

/** The value of a JSON text, or undefined when it is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A query component as RFC 3986 wants it: encodeURIComponent, plus the sub-delimiters it leaves; a lone surrogate, which it throws on, is U+FFFD. */
function encodeQueryComponent(text: string): string {
  return encodeURIComponent(wellFormed(text)).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function prepareRequest(request: SampleRequest): PreparedRequest {
  const query = request.queryString.map(({name, value}) => `${encodeQueryComponent(name)}=${encodeQueryComponent(value)}`).join('&');
  const url = query === '' ? request.url : `${request.url}${request.url.includes('?') ? '&' : '?'}${query}`;
  const headers = request.headers.map(({name, value}) => ({name, value}));
  // The method as the request sends it: an additional operation's `Purge` stays as written.
  const prepared: PreparedRequest = {method: request.method, url, headers};
  const postData = request.postData;
  if (postData === undefined) return prepared;
  if (postData.params !== undefined) {
    // The client writes a multipart body's Content-Type, with the boundary it chose; a fixed one would not match.
    prepared.headers = headers.filter(({name}) => name.toLowerCase() !== 'content-type');
    prepared.body = {kind: 'multipart', parts: postData.params};
    return prepared;
  }

  // Without a Content-Type header curl would send a JSON body as a form.
  if (!headers.some(({name}) => name.toLowerCase() === 'content-type')) {
    headers.push({name: 'Content-Type', value: postData.mimeType});
  }
  const mediaType = essence(postData.mimeType);
  const json = JSON_MEDIA_TYPE.test(mediaType) ? parsedJson(postData.text) : undefined;
  if (mediaType === FORM_MEDIA_TYPE) {
    prepared.body = {kind: 'form', fields: [...new URLSearchParams(postData.text)], text: postData.text};
  } else if (json !== undefined) {
    prepared.body = {kind: 'json', value: json, compact: JSON.stringify(json)};
  } else {
    // A body labelled JSON that does not parse is sent as the text it is.
    prepared.body = {kind: 'text', text: postData.text};
  }
  return prepared;
}

type StringBody = Exclude<SampleBody, {kind: 'multipart'}>;

/** The text each language sends as the body, for the ones that send a string. */
function bodyText(body: StringBody): string {
  return body.kind === 'json' ? body.compact : body.text;
}

/** Where a sample reads a file part's file from: a placeholder the reader replaces. */
function filePath(part: FormPart): string {
  return `${PLACEHOLDER_FOLDER}${part.fileName ?? ''}`;
}



/** Header lines in name order, the order the cURL and PHP samples have always had. */
function headersByName(request: PreparedRequest): {name: string; value: string}[] {
  return [...request.headers].sort((first, second) => (first.name < second.name ? -1 : first.name > second.name ? 1 : 0));
}

function curlSample(request: PreparedRequest): string {
  const lines = [`curl --request ${shellString(request.method)}`];
  // curl reads `[]` and `{}` in a URL as a glob of several URLs unless told not to.
  if (/[[\]{}]/.test(request.url)) lines.push('--globoff');
  lines.push(`--url ${shellString(request.url)}`);
  for (const {name, value} of headersByName(request)) lines.push(`--header ${shellString(`${name}: ${value}`)}`);
  const body = request.body;
  if (body?.kind === 'json') {
    lines.push(`--data ${shellString(`\n${JSON.stringify(body.value, null, 2)}\n`)}`);
  } else if (body?.kind === 'form') {
    // Each field encoded again, so that a `&`, `=` or `@` in a value stays in it.
    for (const [name, value] of body.fields) lines.push(`--data ${shellString(`${encodeQueryComponent(name)}=${encodeQueryComponent(value)}`)}`);
  } else if (body?.kind === 'multipart') {
    for (const part of body.parts) lines.push(`--form ${shellString(curlFormArgument(part, filePath(part)))}`);
  } else if (body?.kind === 'text') {
    // `--data @name` sends the file `name`; `--data-raw` sends the text as it is.
    lines.push(`${body.text.startsWith('@') ? '--data-raw' : '--data'} ${shellString(body.text)}`);
  }
  return lines.join(' \\\n  ');
}

/** The fetch options object shared by the browser and Node.js samples. */
function fetchOptions(request: PreparedRequest): string {
  const options: Record<string, unknown> = {method: request.method};
  if (request.headers.length > 0) {
    const headers = Object.fromEntries(request.headers.map(({name, value}) => [name, value]));
    options.headers = {raw: (level: number) => jsLiteral(headers, INDENT, level)} satisfies RawCode;
  }
  const body = request.body;
  if (body?.kind === 'json') {
    options.body = {raw: (level: number) => `JSON.stringify(${jsLiteral(body.value, INDENT, level)})`} satisfies RawCode;
  } else if (body?.kind === 'form') {
    const pairs = body.fields.map(([name, value]) => `[${jsString(name)}, ${jsString(value)}]`);
    options.body = {raw: () => `new URLSearchParams([${pairs.join(', ')}])`} satisfies RawCode;
  } else if (body?.kind === 'text') {
    options.body = body.text;
  } else if (body?.kind === 'multipart') {
    options.body = {raw: () => 'form'} satisfies RawCode;
  }
  return `const options = ${jsLiteral(options, INDENT, 0)};`;
}

/** A text part for FormData: a string, or a Blob when the part has its own Content-Type, which only a Blob can carry. */
function formDataText(part: FormPart): string {
  const value = jsString(part.value ?? '');
  return part.contentType === undefined ? value : `new Blob([${value}], {type: ${jsString(part.contentType)}})`;
}

/**
 * The lines that build the FormData of a multipart body; `file(part, index)`
 * is the expression of the index-th file part's contents. fetch writes the
 * Content-Type with its boundary.
 */
function formDataLines(parts: FormPart[], file: (part: FormPart, index: number) => string): string[] {
  let files = 0;
  const lines = ['const form = new FormData();'];
  for (const part of parts) {
    const value = part.fileName === undefined ? formDataText(part) : file(part, files++);
    lines.push(`form.append(${jsString(part.name)}, ${value});`);
  }
  return lines;
}

/** In a browser a file comes from a file input: the index-th input of the page, renamed and retyped only where the description says. */
function browserFile(part: FormPart, index: number): string {
  const file = `fileInputs[${index}].files[0]`;
  return part.contentType === undefined ? file : `new File([${file}], ${jsString(part.fileName ?? '')}, {type: ${jsString(part.contentType)}})`;
}

/** In Node.js 18 and later, a Blob of the file read from its path, with its name. */
function nodeFile(part: FormPart): string {
  const type = part.contentType === undefined ? '' : `, {type: ${jsString(part.contentType)}}`;
  return `new Blob([fs.readFileSync(${jsString(filePath(part))})]${type}), ${jsString(part.fileName ?? '')}`;
}

/** `json` unless the request asks for another media type (a stream, text, a file), which fetch reads as text. */
function fetchReader(request: PreparedRequest): 'json' | 'text' {
  const accept = request.headers.find(({name}) => name.toLowerCase() === 'accept')?.value;
  return accept === undefined || JSON_MEDIA_TYPE.test(essence(accept)) ? 'json' : 'text';
}

function javascriptSample(request: PreparedRequest): string {
  const body = request.body;
  const form: string[] = [];
  if (body?.kind === 'multipart') {
    if (body.parts.some((part) => part.fileName !== undefined)) form.push(`const fileInputs = document.querySelectorAll('input[type="file"]');`);
    form.push(...formDataLines(body.parts, browserFile), '');
  }
  return [
    ...form,
    fetchOptions(request),
    '',
    `fetch(${jsString(request.url)}, options)`,
    `  .then(response => response.${fetchReader(request)}())`,
    '  .then(response => console.log(response))',
    '  .catch(err => console.error(err));',
  ].join('\n');
}

/** Node.js 18 and later have `fetch` and `URLSearchParams` as globals: the sample needs no package. */
function nodeSample(request: PreparedRequest): string {
  const body = request.body;
  const parts = body?.kind === 'multipart' ? body.parts : [];
  const readsFiles = parts.some((part) => part.fileName !== undefined);
  return [
    ...(readsFiles ? ["const fs = require('node:fs');", ''] : []),
    `const url = ${jsString(request.url)};`,
    ...(body?.kind === 'multipart' ? formDataLines(parts, nodeFile) : []),
    fetchOptions(request),
    '',
    'fetch(url, options)',
    `  .then(res => res.${fetchReader(request)}())`,
    '  .then(json => console.log(json))',
    "  .catch(err => console.error('error:' + err));",
  ].join('\n');
}

/** Methods that requests has a function of the same name for. */
const PYTHON_METHOD_FUNCTIONS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** A collection of Python entries: a dict, or a list of pairs when a name repeats, one entry per line. */
function pythonEntries(entries: [string, string][]): string {
  const repeated = new Set(entries.map(([name]) => name)).size !== entries.length;
  const items = entries.map(([name, value]) => (repeated ? `(${pythonString(name)}, ${value})` : `${pythonString(name)}: ${value}`));
  return `${repeated ? '[' : '{'}\n${items.map((item) => `${INDENT}${item}`).join(',\n')}\n${repeated ? ']' : '}'}`;
}

/**
 * requests' `files=` takes the file parts and the text parts with a
 * Content-Type (a `None` file name keeps them text), `data=` the others;
 * with no file at all every part goes in `files=`, else requests would send
 * a URL-encoded form.
 */
function pythonMultipart(parts: FormPart[]): {lines: string[]; args: string[]} {
  const inFiles = (part: FormPart) => part.fileName !== undefined || part.contentType !== undefined;
  const noFile = !parts.some((part) => part.fileName !== undefined);
  const data: [string, string][] = [];
  const files: [string, string][] = [];
  for (const part of parts) {
    const type = part.contentType === undefined ? '' : `, ${pythonString(part.contentType)}`;
    if (part.fileName !== undefined) files.push([part.name, `(${pythonString(part.fileName)}, open(${pythonString(filePath(part))}, "rb")${type})`]);
    else if (noFile || inFiles(part)) files.push([part.name, `(None, ${pythonString(part.value ?? '')}${type})`]);
    else data.push([part.name, pythonString(part.value ?? '')]);
  }
  const lines: string[] = [];
  const args: string[] = [];
  if (data.length > 0) {
    lines.push(`payload = ${pythonEntries(data)}`);
    args.push('data=payload');
  }
  lines.push(`files = ${pythonEntries(files)}`);
  args.push('files=files');
  return {lines, args};
}

function pythonSample(request: PreparedRequest): string {
  const lines = ['import requests', '', `url = ${pythonString(request.url)}`, ''];
  const args = ['url'];
  const body = request.body;
  if (body?.kind === 'multipart') {
    const multipart = pythonMultipart(body.parts);
    lines.push(...multipart.lines);
    args.push(...multipart.args);
  } else if (body !== undefined) {
    const payload = body.kind === 'json' ? body.value : body.kind === 'form' ? Object.fromEntries(body.fields) : body.text;
    lines.push(`payload = ${pythonLiteral(payload, INDENT, 0)}`);
    args.push(body.kind === 'json' ? 'json=payload' : 'data=payload');
  }
  if (request.headers.length > 0) {
    lines.push(`headers = ${pythonLiteral(Object.fromEntries(request.headers.map(({name, value}) => [name, value])), INDENT, 0)}`);
    args.push('headers=headers');
  }
  if (body !== undefined || request.headers.length > 0) lines.push('');
  const call = PYTHON_METHOD_FUNCTIONS.has(request.method)
    ? `requests.${request.method.toLowerCase()}(${args.join(', ')})`
    : `requests.request(${[pythonString(request.method), ...args].join(', ')})`;
  lines.push(`response = ${call}`, '', 'print(response.text)');
  return lines.join('\n');
}

/**
 * The Go statements that write a multipart body with mime/multipart into
 * `payload`; the Content-Type header with the boundary comes from
 * `writer.FormDataContentType()`. A part with its own Content-Type is made
 * with CreatePart, whose Content-Disposition escapes names as browsers do.
 */
function goMultipart(parts: FormPart[]): string[] {
  const lines = ['\tpayload := &bytes.Buffer{}', '\twriter := multipart.NewWriter(payload)'];
  const declared = new Set<string>();
  // Go refuses `:=` where every name on the left is declared already.
  const assign = (name: string) => (declared.has(name) ? '=' : (declared.add(name), ':='));
  for (const part of parts) {
    if (part.fileName === undefined && part.contentType === undefined) {
      lines.push(`\twriter.WriteField(${goString(part.name)}, ${goString(part.value ?? '')})`);
      continue;
    }
    if (part.contentType === undefined) {
      lines.push(`\tpart, _ ${assign('part')} writer.CreateFormFile(${goString(part.name)}, ${goString(part.fileName ?? '')})`);
    } else {
      const [disposition] = partHeaderLines({name: part.name, ...(part.fileName === undefined ? {} : {fileName: part.fileName})});
      const header = `textproto.MIMEHeader{"Content-Disposition": {${goString(disposition.replace(/^Content-Disposition: /, ''))}}, "Content-Type": {${goString(part.contentType)}}}`;
      lines.push(`\tpart, _ ${assign('part')} writer.CreatePart(${header})`);
    }
    if (part.fileName === undefined) {
      lines.push(`\tio.WriteString(part, ${goString(part.value ?? '')})`);
    } else {
      lines.push(`\tfile, _ ${assign('file')} os.Open(${goString(filePath(part))})`, '\tio.Copy(part, file)', '\tfile.Close()');
    }
  }
  lines.push('\twriter.Close()', '');
  return lines;
}

function goMultipartSample(request: PreparedRequest, parts: FormPart[]): string {
  const imports = ['"bytes"', '"fmt"', '"io"', '"mime/multipart"', '"net/http"'];
  if (parts.some((part) => part.contentType !== undefined)) imports.push('"net/textproto"');
  if (parts.some((part) => part.fileName !== undefined)) imports.push('"os"');
  const lines = ['package main', '', 'import (', ...imports.map((name) => `\t${name}`), ')', '', 'func main() {', '', `\turl := ${goString(request.url)}`, ''];
  lines.push(...goMultipart(parts), `\treq, _ := http.NewRequest(${goString(request.method)}, url, payload)`, '');
  for (const {name, value} of request.headers) lines.push(`\treq.Header.Add(${goString(name)}, ${goString(value)})`);
  lines.push('\treq.Header.Add("Content-Type", writer.FormDataContentType())', '');
  lines.push('\tres, _ := http.DefaultClient.Do(req)', '', '\tdefer res.Body.Close()', '\tbody, _ := io.ReadAll(res.Body)', '', '\tfmt.Println(string(body))', '', '}');
  return lines.join('\n');
}

function goSample(request: PreparedRequest): string {
  if (request.body?.kind === 'multipart') return goMultipartSample(request, request.body.parts);
  const body = request.body;
  const imports = ['"fmt"', ...(body ? ['"strings"'] : []), '"net/http"', '"io"'];
  const lines = ['package main', '', 'import (', ...imports.map((name) => `\t${name}`), ')', '', 'func main() {', '', `\turl := ${goString(request.url)}`, ''];
  if (body) lines.push(`\tpayload := strings.NewReader(${goString(bodyText(body))})`, '');
  lines.push(`\treq, _ := http.NewRequest(${goString(request.method)}, url, ${body ? 'payload' : 'nil'})`, '');
  if (request.headers.length > 0) {
    for (const {name, value} of request.headers) lines.push(`\treq.Header.Add(${goString(name)}, ${goString(value)})`);
    lines.push('');
  }
  lines.push('\tres, _ := http.DefaultClient.Do(req)', '', '\tdefer res.Body.Close()', '\tbody, _ := io.ReadAll(res.Body)', '', '\tfmt.Println(string(body))', '', '}');
  return lines.join('\n');
}

/**
 * java.net.http has no multipart body: the sample writes one, each part's
 * headers (escaped as browsers escape names) and text in a string, each file
 * read as bytes, between boundaries of a random UUID.
 */
function javaMultipart(parts: FormPart[]): string[] {
  const chunks: string[] = [];
  const bytes = (code: string) => `(${code}).getBytes(StandardCharsets.UTF_8)`;
  parts.forEach((part, index) => {
    const head = `\r\n${partHeaderLines(part).join('\r\n')}\r\n\r\n${part.fileName === undefined ? (part.value ?? '') : ''}`;
    chunks.push(bytes(`"${index > 0 ? '\\r\\n' : ''}--" + boundary + ${javaString(head)}`));
    if (part.fileName !== undefined) chunks.push(`Files.readAllBytes(Path.of(${javaString(filePath(part))}))`);
  });
  chunks.push(bytes('"\\r\\n--" + boundary + "--\\r\\n"'));
  return ['String boundary = UUID.randomUUID().toString();', 'List<byte[]> parts = List.of(', `${chunks.map((chunk) => `    ${chunk}`).join(',\n')});`];
}

function javaSample(request: PreparedRequest): string {
  const body = request.body;
  const multipart = body?.kind === 'multipart';
  const publisher =
    body?.kind === 'multipart'
      ? 'HttpRequest.BodyPublishers.ofByteArrays(parts)'
      : body
        ? `HttpRequest.BodyPublishers.ofString(${javaString(bodyText(body))})`
        : 'HttpRequest.BodyPublishers.noBody()';
  return [
    ...(body?.kind === 'multipart' ? javaMultipart(body.parts) : []),
    'HttpRequest request = HttpRequest.newBuilder()',
    `    .uri(URI.create(${javaString(request.url)}))`,
    ...request.headers.map(({name, value}) => `    .header(${javaString(name)}, ${javaString(value)})`),
    ...(multipart ? ['    .header("Content-Type", "multipart/form-data; boundary=" + boundary)'] : []),
    `    .method(${javaString(request.method)}, ${publisher})`,
    '    .build();',
    'HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.body());',
  ].join('\n');
}

/** Methods that HttpMethod has a property of the same name for. */
const CSHARP_METHOD_PROPERTIES = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);

function csharpSample(request: PreparedRequest): string {
  const body = request.body;
  const method = CSHARP_METHOD_PROPERTIES.has(request.method)
    ? `HttpMethod.${request.method[0]}${request.method.slice(1).toLowerCase()}`
    : `new HttpMethod(${csharpString(request.method)})`;
  const isContentType = (name: string) => name.toLowerCase() === 'content-type';
  // .NET refuses Content-Type among a request's headers: it belongs to the content.
  const requestHeaders = request.headers.filter(({name}) => !isContentType(name));
  const contentType = request.headers.find(({name}) => isContentType(name))?.value;
  const lines = ['using System.Net.Http.Headers;', 'var client = new HttpClient();', 'var request = new HttpRequestMessage', '{', `  Method = ${method},`, `  RequestUri = new Uri(${csharpString(request.url)}),`];
  if (requestHeaders.length > 0) {
    lines.push('  Headers =', '  {', ...requestHeaders.map(({name, value}) => `    { ${csharpString(name)}, ${csharpString(value)} },`), '  },');
  }
  if (body?.kind === 'multipart') {
    // MultipartFormDataContent writes its Content-Type with the boundary.
    lines.push('  Content = new MultipartFormDataContent', '  {');
    for (const part of body.parts) {
      const content = part.fileName === undefined ? `new StringContent(${csharpString(part.value ?? '')})` : `new StreamContent(File.OpenRead(${csharpString(filePath(part))}))`;
      const typed = part.contentType === undefined ? content : `${content} { Headers = { ContentType = MediaTypeHeaderValue.Parse(${csharpString(part.contentType)}) } }`;
      const names = part.fileName === undefined ? csharpString(part.name) : `${csharpString(part.name)}, ${csharpString(part.fileName)}`;
      lines.push(`    { ${typed}, ${names} },`);
    }
    lines.push('  },');
  } else if (body?.kind === 'form') {
    lines.push('  Content = new FormUrlEncodedContent(new Dictionary<string, string>', '  {');
    // A Dictionary initializer throws on a repeated key, so a repeated field keeps its last value.
    lines.push(...[...new Map(body.fields)].map(([name, value]) => `    { ${csharpString(name)}, ${csharpString(value)} },`));
    lines.push('  }),');
  } else if (body) {
    lines.push(`  Content = new StringContent(${csharpString(bodyText(body))})`);
    if (contentType !== undefined) {
      lines.push('  {', '    Headers =', '    {', `      ContentType = MediaTypeHeaderValue.Parse(${csharpString(contentType)})`, '    }', '  }');
    }
  }
  lines.push(
    '};',
    'using (var response = await client.SendAsync(request))',
    '{',
    '  response.EnsureSuccessStatusCode();',
    '  var body = await response.Content.ReadAsStringAsync();',
    '  Console.WriteLine(body);',
    '}',
  );
  return lines.join('\n');
}

/**
 * An array for `CURLOPT_POSTFIELDS`, which ext-curl sends as multipart with
 * its own boundary: text as strings, files as CURLFile. ext-curl gives a text
 * part no Content-Type, and an array keeps one value per name, so a repeated
 * name keeps its last part.
 */
function phpMultipart(parts: FormPart[]): string {
  const entries = parts.map((part) => {
    if (part.fileName === undefined) return `${phpString(part.name)} => ${phpString(part.value ?? '')}`;
    const type = part.contentType === undefined ? 'null' : phpString(part.contentType);
    return `${phpString(part.name)} => new CURLFile(${phpString(filePath(part))}, ${type}, ${phpString(part.fileName)})`;
  });
  return `[\n${entries.map((entry) => `    ${entry}`).join(',\n')}\n  ]`;
}

function phpSample(request: PreparedRequest): string {
  const body = request.body;
  const options = [
    `CURLOPT_URL => ${phpDoubleQuoted(request.url)}`,
    'CURLOPT_RETURNTRANSFER => true',
    'CURLOPT_ENCODING => ""',
    'CURLOPT_MAXREDIRS => 10',
    'CURLOPT_TIMEOUT => 30',
    'CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1',
    `CURLOPT_CUSTOMREQUEST => ${phpDoubleQuoted(request.method)}`,
  ];
  // `CURLOPT_POSTFIELDS => json_encode(` is one level into `curl_setopt_array`.
  if (body?.kind === 'json') options.push(`CURLOPT_POSTFIELDS => json_encode(${phpLiteral(body.value, INDENT, 1)})`);
  else if (body?.kind === 'multipart') options.push(`CURLOPT_POSTFIELDS => ${phpMultipart(body.parts)}`);
  else if (body) options.push(`CURLOPT_POSTFIELDS => ${phpDoubleQuoted(body.text)}`);
  const headers = headersByName(request);
  if (headers.length > 0) {
    options.push(`CURLOPT_HTTPHEADER => [\n${headers.map(({name, value}) => `    ${phpDoubleQuoted(`${name}: ${value}`)}`).join(',\n')}\n  ]`);
  }
  return [
    '<?php',
    '',
    '$curl = curl_init();',
    '',
    'curl_setopt_array($curl, [',
    ...options.map((option) => `  ${option},`),
    ']);',
    '',
    '$response = curl_exec($curl);',
    '$err = curl_error($curl);',
    '',
    'curl_close($curl);',
    '',
    'if ($err) {',
    '  echo "cURL Error #:" . $err;',
    '} else {',
    '  echo $response;',
    '}',
  ].join('\n');
}

/** Methods that net/http has a request class of the same name for (the WebDAV ones included). */
const RUBY_METHOD_CLASSES = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'COPY', 'LOCK', 'MKCOL', 'MOVE', 'PROPFIND', 'PROPPATCH', 'UNLOCK']);

function rubySample(request: PreparedRequest): string {
  const lines = ["require 'uri'", "require 'net/http'", '', `url = URI(${rubyString(request.url)})`, '', 'http = Net::HTTP.new(url.host, url.port)'];
  if (/^https:/i.test(request.url)) lines.push('http.use_ssl = true');
  lines.push('');
  lines.push(
    RUBY_METHOD_CLASSES.has(request.method)
      ? `request = Net::HTTP::${request.method[0]}${request.method.slice(1).toLowerCase()}.new(url)`
      : // Net::HTTPGenericRequest sends any method: (method, request has a body, response has a body, URI).
        `request = Net::HTTPGenericRequest.new(${rubyString(request.method)}, true, true, url)`,
  );
  for (const {name, value} of request.headers) lines.push(`request[${rubyString(name)}] = ${rubyString(value)}`);
  if (request.body?.kind === 'multipart') lines.push(...rubyForm(request.body.parts));
  else if (request.body) lines.push(`request.body = ${rubyString(bodyText(request.body))}`);
  lines.push('', 'response = http.request(request)', 'puts response.read_body');
  return lines.join('\n');
}

/**
 * `set_form` with `multipart/form-data`: net/http writes the boundary. It
 * gives a text part no Content-Type (as the HTML standard says of text
 * fields), so only a file's is passed.
 */
function rubyForm(parts: FormPart[]): string[] {
  const entries = parts.map((part) => {
    if (part.fileName === undefined) return `[${rubyString(part.name)}, ${rubyString(part.value ?? '')}]`;
    const options = [`filename: ${rubyString(part.fileName)}`, ...(part.contentType === undefined ? [] : [`content_type: ${rubyString(part.contentType)}`])];
    return `[${rubyString(part.name)}, File.open(${rubyString(filePath(part))}), {${options.join(', ')}}]`;
  });
  return ['request.set_form([', entries.map((entry) => `${INDENT}${entry}`).join(',\n'), "], 'multipart/form-data')"];
}

interface SampleLanguage {
  id: string;
  label: string;
  /** Prism language used to highlight the sample. */
  language: string;
  write: (request: PreparedRequest) => string;
}

/**
 * The languages of the code samples, in tab order. Each uses the HTTP client
 * of the language's standard library (java.net.http from JDK 11, ext-curl in
 * PHP), so a reader needs no package to run it (Python's requests aside).
 */
export const SAMPLE_LANGUAGES: readonly SampleLanguage[] = [
  {id: 'curl', label: 'cURL', language: 'bash', write: curlSample},
  {id: 'javascript', label: 'JavaScript', language: 'javascript', write: javascriptSample},
  {id: 'node', label: 'Node.js', language: 'javascript', write: nodeSample},
  {id: 'python', label: 'Python', language: 'python', write: pythonSample},
  {id: 'go', label: 'Go', language: 'go', write: goSample},
  {id: 'java', label: 'Java', language: 'java', write: javaSample},
  {id: 'csharp', label: 'C#', language: 'csharp', write: csharpSample},
  {id: 'php', label: 'PHP', language: 'php', write: phpSample},
  {id: 'ruby', label: 'Ruby', language: 'ruby', write: rubySample},
];

/**
 * One code sample per language of `SAMPLE_LANGUAGES`, in that order. The
 * output depends only on the request: headers (including an
 * `Authorization: Bearer YOUR_ACCESS_TOKEN` placeholder) appear as given.
 */
export function generateCodeSamples(request: SampleRequest): CodeSample[] {
  const prepared = prepareRequest(request);
  return SAMPLE_LANGUAGES.map(({id, label, language, write}) => ({id, label, language, code: write(prepared)}));
}
