import {execFile} from 'node:child_process';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {generateCodeSamples} from '../code-samples';
import {assignPageIds} from '../../generation/page-ids';
import {operationPageModel, sampleRequest} from '../model';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {SampleRequest} from '../model-types';

/**
 * A realistic upload (text fields, a JSON part, a typed file, an array of
 * files) through the nine samples. The samples whose runtime this machine
 * has (cURL, Node.js, Python with requests) are run against a local server,
 * which parses the multipart body with its own small reader, written from
 * RFC 7578 and not from the writers, on purpose.
 */

const UPLOAD_SPEC = {
  openapi: '3.1.0',
  info: {title: 'Uploads', version: '1.0.0'},
  servers: [{url: 'https://api.meridian.example/v1'}],
  paths: {
    '/documents': {
      post: {
        operationId: 'uploadDocument',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  title: {type: 'string', example: 'Quarterly report'},
                  pages: {type: 'integer', example: 12},
                  metadata: {type: 'object', properties: {owner: {type: 'string', example: 'ct_123'}}},
                  file: {type: 'string', format: 'binary'},
                  attachments: {type: 'array', items: {type: 'string', contentMediaType: 'image/png'}},
                },
              },
              encoding: {file: {contentType: 'application/pdf, application/octet-stream'}},
            },
          },
        },
        responses: {'201': {description: 'Stored', content: {'application/json': {schema: {type: 'object'}}}}},
      },
    },
  },
};

function uploadRequest(url?: string): SampleRequest {
  const spec = new SpecDocument(structuredClone(UPLOAD_SPEC) as unknown as JsonObject);
  const request = sampleRequest(operationPageModel(spec, assignPageIds(spec).operations[0]));
  return url === undefined ? request : {...request, url};
}

function samples(url?: string): Map<string, string> {
  return new Map(generateCodeSamples(uploadRequest(url)).map(({id, code}) => [id, code]));
}

describe('code samples of a multipart/form-data upload', () => {
  it('takes the parts from the schema: text fields, objects as JSON, files by format or contentMediaType, encoding.contentType', () => {
    expect(uploadRequest().postData?.params).toEqual([
      {name: 'title', value: 'Quarterly report'},
      {name: 'pages', value: '12'},
      {name: 'metadata', value: '{"owner":"ct_123"}', contentType: 'application/json'},
      {name: 'file', fileName: 'file.pdf', contentType: 'application/pdf'},
      {name: 'attachments', fileName: 'attachments'},
    ]);
  });

  it('sets no Content-Type header by hand in any language, only through the client that writes the boundary', () => {
    const mentions = new Map([...samples()].map(([id, code]) => [id, code.match(/multipart\/form-data.{0,16}/g) ?? []]));
    expect(Object.fromEntries(mentions)).toEqual({
      curl: [],
      javascript: [],
      node: [],
      python: [],
      go: [],
      java: ['multipart/form-data; boundary=" + b'],
      csharp: [],
      php: [],
      // set_form's encoding type, from which net/http writes the header with its boundary.
      ruby: ["multipart/form-data')"],
    });
    expect(samples().get('go')).toContain('req.Header.Add("Content-Type", writer.FormDataContentType())');
    expect(samples().get('java')).toContain('.header("Content-Type", "multipart/form-data; boundary=" + boundary)');
  });

  it('writes cURL --form arguments, files as @path with their type', () => {
    expect(samples().get('curl')).toBe(
      [
        'curl --request POST',
        '--url https://api.meridian.example/v1/documents',
        "--header 'Accept: application/json'",
        "--form 'title=Quarterly report'",
        '--form pages=12',
        `--form 'metadata={"owner":"ct_123"};type=application/json'`,
        "--form 'file=@path/to/file.pdf;type=application/pdf'",
        '--form attachments=@path/to/attachments',
      ].join(' \\\n  '),
    );
  });

  it('appends to a FormData in JavaScript (the page\'s file inputs) and Node.js (files read from their paths)', () => {
    expect(samples().get('javascript')).toContain(
      [
        `const fileInputs = document.querySelectorAll('input[type="file"]');`,
        'const form = new FormData();',
        "form.append('title', 'Quarterly report');",
        "form.append('pages', '12');",
        `form.append('metadata', new Blob(['{"owner":"ct_123"}'], {type: 'application/json'}));`,
        "form.append('file', new File([fileInputs[0].files[0]], 'file.pdf', {type: 'application/pdf'}));",
        "form.append('attachments', fileInputs[1].files[0]);",
      ].join('\n'),
    );
    const node = samples().get('node')!;
    expect(node).toMatch(/^const fs = require\('node:fs'\);\n/);
    expect(node).toContain("form.append('file', new Blob([fs.readFileSync('path/to/file.pdf')], {type: 'application/pdf'}), 'file.pdf');");
    expect(node).toContain('  body: form\n');
  });

  it('gives Python requests the text fields as data= and the files (and typed parts) as files=', () => {
    const python = samples().get('python')!;
    expect(python).toContain(['payload = {', '  "title": "Quarterly report",', '  "pages": "12"', '}'].join('\n'));
    expect(python).toContain(
      [
        'files = {',
        '  "metadata": (None, "{\\"owner\\":\\"ct_123\\"}", "application/json"),',
        '  "file": ("file.pdf", open("path/to/file.pdf", "rb"), "application/pdf"),',
        '  "attachments": ("attachments", open("path/to/attachments", "rb"))',
        '}',
      ].join('\n'),
    );
    expect(python).toContain('requests.post(url, data=payload, files=files, headers=headers)');
  });

  it('writes the Go, Java, C#, PHP and Ruby bodies with each standard library\'s multipart support', () => {
    const all = samples();
    expect(all.get('go')).toContain('\twriter.WriteField("title", "Quarterly report")\n');
    expect(all.get('go')).toContain(
      '\tpart, _ = writer.CreatePart(textproto.MIMEHeader{"Content-Disposition": {"form-data; name=\\"file\\"; filename=\\"file.pdf\\""}, "Content-Type": {"application/pdf"}})\n\tfile, _ := os.Open("path/to/file.pdf")\n',
    );
    expect(all.get('java')).toContain('    Files.readAllBytes(Path.of("path/to/file.pdf")),\n');
    expect(all.get('java')).toContain('.method("POST", HttpRequest.BodyPublishers.ofByteArrays(parts))');
    expect(all.get('csharp')).toContain(
      '    { new StreamContent(File.OpenRead("path/to/file.pdf")) { Headers = { ContentType = MediaTypeHeaderValue.Parse("application/pdf") } }, "file", "file.pdf" },\n',
    );
    expect(all.get('php')).toContain("    'file' => new CURLFile('path/to/file.pdf', 'application/pdf', 'file.pdf'),\n");
    expect(all.get('ruby')).toContain('  ["file", File.open("path/to/file.pdf"), {filename: "file.pdf", content_type: "application/pdf"}],\n');
    expect(all.get('ruby')).toContain("], 'multipart/form-data')");
  });

  it('sends every part in an upload without files, where requests would otherwise send a URL-encoded form', () => {
    const request: SampleRequest = {...uploadRequest(), postData: {mimeType: 'multipart/form-data', text: '', params: [{name: 'title', value: 'x'}]}};
    const python = generateCodeSamples(request).find(({id}) => id === 'python')!.code;
    expect(python).toContain('files = {\n  "title": (None, "x")\n}');
    expect(python).not.toContain('data=');
  });
});

interface ReceivedPart {
  name: string;
  fileName?: string;
  contentType?: string;
  text: string;
}

/** Parts of a multipart/form-data body (RFC 7578): split at the boundary of the request's Content-Type, headers read per part. */
function readMultipart(contentType: string, body: Buffer): ReceivedPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new Error(`no boundary in Content-Type ${contentType}`);
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const text = body.toString('latin1');
  const sections = text.split(delimiter).slice(1, -1);
  return sections.map((section) => {
    const raw = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
    const end = raw.indexOf('\r\n\r\n');
    const headers = raw.slice(0, end).split('\r\n');
    const disposition = headers.find((line) => /^content-disposition:/i.test(line)) ?? '';
    const type = headers.find((line) => /^content-type:/i.test(line));
    const name = /;\s*name="([^"]*)"/.exec(disposition)?.[1] ?? '';
    const fileName = /;\s*filename="([^"]*)"/.exec(disposition)?.[1];
    return {
      name,
      ...(fileName === undefined ? {} : {fileName}),
      ...(type === undefined ? {} : {contentType: type.replace(/^content-type:\s*/i, '')}),
      text: Buffer.from(raw.slice(end + 4), 'latin1').toString('utf8'),
    };
  });
}

function commandExists(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => execFile(command, args, (error) => resolve(!error)));
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, {cwd, timeout: 60_000}, (error, stdout, stderr) => (error ? reject(new Error(`${command} failed: ${stderr || error.message}`)) : resolve(stdout))),
  );
}

describe('the multipart samples, run against a local server', () => {
  let server: Server;
  let url: string;
  let folder: string;
  const received: {contentType: string; parts: ReceivedPart[]}[] = [];
  const available = new Map<string, boolean>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const contentType = request.headers['content-type'] ?? '';
        received.push({contentType, parts: readMultipart(contentType, Buffer.concat(chunks))});
        response.writeHead(201, {'content-type': 'application/json'}).end('{"stored":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/documents`;
    folder = mkdtempSync(join(tmpdir(), 'multipart-samples-'));
    mkdirSync(join(folder, 'path/to'), {recursive: true});
    writeFileSync(join(folder, 'path/to/file.pdf'), '%PDF-1.7 report');
    writeFileSync(join(folder, 'path/to/attachments'), 'PNG bytes');
    available.set('curl', await commandExists('curl', ['--version']));
    available.set('python', await commandExists('python3', ['-c', 'import requests']));
    available.set('java', await commandExists('java', ['-version']));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(folder, {recursive: true, force: true});
  });

  /** What every sample must deliver: the fields, the JSON part, the file with its name, type and contents. */
  function expectUpload(id: string): void {
    const last = received.at(-1);
    expect(last, id).toBeDefined();
    expect(last!.contentType, id).toMatch(/^multipart\/form-data; ?boundary=/);
    const byName = new Map(last!.parts.map((part) => [part.name, part]));
    expect([...byName.keys()], id).toEqual(['title', 'pages', 'metadata', 'file', 'attachments']);
    expect(byName.get('title')!.text, id).toBe('Quarterly report');
    expect(byName.get('pages')!.text, id).toBe('12');
    expect(JSON.parse(byName.get('metadata')!.text), id).toEqual({owner: 'ct_123'});
    expect(byName.get('file'), id).toMatchObject({fileName: 'file.pdf', contentType: 'application/pdf', text: '%PDF-1.7 report'});
    expect(byName.get('attachments'), id).toMatchObject({fileName: 'attachments', text: 'PNG bytes'});
  }

  it('delivers the upload from the Node.js sample', async () => {
    const file = join(folder, 'sample.cjs');
    writeFileSync(file, samples(url).get('node')!);
    expect(await run(process.execPath, [file], folder)).toContain('stored');
    expectUpload('node');
    expect(received.at(-1)!.parts.find(({name}) => name === 'metadata')!.contentType).toBe('application/json');
  });

  it('delivers the upload from the cURL sample', async (context) => {
    if (!available.get('curl')) context.skip();
    expect(await run('bash', ['-c', samples(url).get('curl')!], folder)).toContain('stored');
    expectUpload('curl');
    expect(received.at(-1)!.parts.find(({name}) => name === 'metadata')!.contentType).toBe('application/json');
  });

  it('delivers the upload from the Python sample', async (context) => {
    if (!available.get('python')) context.skip();
    const file = join(folder, 'sample.py');
    writeFileSync(file, samples(url).get('python')!);
    expect(await run('python3', [file], folder)).toContain('stored');
    expectUpload('python');
    expect(received.at(-1)!.parts.find(({name}) => name === 'metadata')!.contentType).toBe('application/json');
  });

  it('delivers the upload from the Java sample, in a class with the imports it names', async (context) => {
    if (!available.get('java')) context.skip();
    const file = join(folder, 'Sample.java');
    const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse', 'java.nio.charset.StandardCharsets', 'java.nio.file.Files', 'java.nio.file.Path', 'java.util.List', 'java.util.UUID'];
    const body = samples(url).get('java')!.split('\n').map((line) => `    ${line}`).join('\n');
    writeFileSync(file, `${imports.map((name) => `import ${name};`).join('\n')}\n\npublic class Sample {\n  public static void main(String[] args) throws Exception {\n${body}\n  }\n}\n`);
    expect(await run('java', [file], folder)).toContain('stored');
    expectUpload('java');
  });
});
