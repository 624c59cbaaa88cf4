import {describe, expect, it} from 'vitest';

import {generateCodeSamples, phpLiteral, phpString, SAMPLE_LANGUAGES} from '../code-samples';
import type {SampleRequest} from '../model-types';

const AUTH = {name: 'Authorization', value: 'Bearer YOUR_ACCESS_TOKEN'};

const createContact: SampleRequest = {
  method: 'POST',
  url: 'https://api.meridian.example/v1/contacts',
  queryString: [{name: 'notify_owner', value: 'true'}],
  headers: [AUTH, {name: 'Idempotency-Key', value: '3f1c2a9e-7b4d-4c1e-9a8f-2d6b5e0c7a41'}],
  postData: {
    mimeType: 'application/json',
    text: JSON.stringify({
      first_name: 'Sofia',
      last_name: 'Lindqvist',
      email: 'sofia.lindqvist@example.net',
      address: {postcode: 'SW1A 1AA'},
    }),
  },
};

const getContact: SampleRequest = {
  method: 'GET',
  url: 'https://api.meridian.example/v1/contacts/ct_01HZXVT82HBF85229P0VTYA92E',
  queryString: [],
  headers: [AUTH],
};

const getAccessToken: SampleRequest = {
  method: 'POST',
  url: 'https://api.meridian.example/v1/oauth/token',
  queryString: [],
  headers: [],
  postData: {
    mimeType: 'application/x-www-form-urlencoded',
    text: 'grant_type=client_credentials&client_id=YOUR_CLIENT_ID&client_secret=YOUR_CLIENT_SECRET',
  },
};

/** How each language spells the HTTP method. */
const METHOD_SPELLING: Record<string, (method: string) => string> = {
  curl: (method) => `--request ${method}`,
  javascript: (method) => `method: '${method}'`,
  node: (method) => `method: '${method}'`,
  python: (method) => `requests.${method.toLowerCase()}(`,
  go: (method) => `http.NewRequest("${method}"`,
  java: (method) => `.method("${method}"`,
  csharp: (method) => `HttpMethod.${method[0]}${method.slice(1).toLowerCase()}`,
  php: (method) => `CURLOPT_CUSTOMREQUEST => "${method}"`,
  ruby: (method) => `Net::HTTP::${method[0]}${method.slice(1).toLowerCase()}.new`,
};

describe('generateCodeSamples', () => {
  it('returns the nine languages in tab order, with labels and Prism languages', () => {
    const samples = generateCodeSamples(getContact);
    expect(samples.map(({id, label, language}) => [id, label, language])).toEqual([
      ['curl', 'cURL', 'bash'],
      ['javascript', 'JavaScript', 'javascript'],
      ['node', 'Node.js', 'javascript'],
      ['python', 'Python', 'python'],
      ['go', 'Go', 'go'],
      ['java', 'Java', 'java'],
      ['csharp', 'C#', 'csharp'],
      ['php', 'PHP', 'php'],
      ['ruby', 'Ruby', 'ruby'],
    ]);
    expect(Object.keys(METHOD_SPELLING)).toEqual(SAMPLE_LANGUAGES.map(({id}) => id));
  });

  describe('a POST with a JSON body, a query parameter and a header parameter', () => {
    const samples = generateCodeSamples(createContact);

    it.each(SAMPLE_LANGUAGES.map(({id}) => id))('%s has the method, URL, headers and body fields', (id) => {
      const code = samples.find((sample) => sample.id === id)?.code ?? '';
      expect(code).toContain(METHOD_SPELLING[id]('POST'));
      expect(code).toContain('https://api.meridian.example/v1/contacts?notify_owner=true');
      expect(code).toContain('Bearer YOUR_ACCESS_TOKEN');
      expect(code).toContain('Idempotency-Key');
      expect(code).toContain('3f1c2a9e-7b4d-4c1e-9a8f-2d6b5e0c7a41');
      for (const field of ['first_name', 'last_name', 'email', 'address', 'postcode']) {
        expect(code).toContain(field);
      }
      expect(code).toContain('sofia.lindqvist@example.net');
    });

    it('prints the cURL body as indented JSON with its Content-Type', () => {
      expect(samples[0].code).toBe(
        [
          'curl --request POST \\',
          "  --url 'https://api.meridian.example/v1/contacts?notify_owner=true' \\",
          "  --header 'Authorization: Bearer YOUR_ACCESS_TOKEN' \\",
          "  --header 'Content-Type: application/json' \\",
          "  --header 'Idempotency-Key: 3f1c2a9e-7b4d-4c1e-9a8f-2d6b5e0c7a41' \\",
          "  --data '",
          '{',
          '  "first_name": "Sofia",',
          '  "last_name": "Lindqvist",',
          '  "email": "sofia.lindqvist@example.net",',
          '  "address": {',
          '    "postcode": "SW1A 1AA"',
          '  }',
          '}',
          "'",
        ].join('\n'),
      );
    });

    it('writes the JSON body as a literal in languages that have one', () => {
      const python = samples.find((sample) => sample.id === 'python')?.code ?? '';
      expect(python).toContain('response = requests.post(url, json=payload, headers=headers)');
      expect(python).toContain('"first_name": "Sofia",\n');
    });

    it('needs no package beyond Node.js itself in the Node.js sample', () => {
      const node = samples.find((sample) => sample.id === 'node')?.code ?? '';
      expect(node).not.toContain('node-fetch');
      expect(node).not.toContain('require(');
      expect(node.startsWith("const url = 'https://api.meridian.example/v1/contacts?notify_owner=true';\n")).toBe(true);
    });

    it('is deterministic', () => {
      expect(generateCodeSamples(createContact)).toEqual(samples);
    });
  });

  describe('a GET without a body', () => {
    const samples = generateCodeSamples(getContact);

    it.each(SAMPLE_LANGUAGES.map(({id}) => id))('%s has the method, URL and token placeholder, and no body', (id) => {
      const code = samples.find((sample) => sample.id === id)?.code ?? '';
      expect(code).toContain(METHOD_SPELLING[id]('GET'));
      expect(code).toContain('https://api.meridian.example/v1/contacts/ct_01HZXVT82HBF85229P0VTYA92E');
      expect(code).toContain('Bearer YOUR_ACCESS_TOKEN');
      expect(code).not.toMatch(/Content-Type|--data|payload|body: |CURLOPT_POSTFIELDS|request\.body/);
    });

    it('gives cURL exactly the method, URL and header', () => {
      expect(samples[0].code).toBe(
        [
          'curl --request GET \\',
          '  --url https://api.meridian.example/v1/contacts/ct_01HZXVT82HBF85229P0VTYA92E \\',
          "  --header 'Authorization: Bearer YOUR_ACCESS_TOKEN'",
        ].join('\n'),
      );
    });
  });

  it('reads a response fetch would fail to parse as JSON (a stream, text) as text in JavaScript and Node.js', () => {
    const accepting = (value: string) =>
      generateCodeSamples({...getContact, headers: [AUTH, {name: 'Accept', value}]}).filter(({id}) => id === 'javascript' || id === 'node');
    for (const sample of accepting('text/event-stream')) expect(sample.code).toMatch(/\.then\(res(?:ponse)? => res(?:ponse)?\.text\(\)\)/);
    for (const sample of accepting('application/problem+json; charset=utf-8')) expect(sample.code).toMatch(/\.then\(res(?:ponse)? => res(?:ponse)?\.json\(\)\)/);
  });

  describe('a form-urlencoded body', () => {
    const samples = generateCodeSamples(getAccessToken);

    it.each(SAMPLE_LANGUAGES.map(({id}) => id))('%s sends every form field', (id) => {
      const code = samples.find((sample) => sample.id === id)?.code ?? '';
      expect(code).toContain(METHOD_SPELLING[id]('POST'));
      expect(code).toContain('https://api.meridian.example/v1/oauth/token');
      // C#'s FormUrlEncodedContent sets the media type itself.
      if (id !== 'csharp') expect(code).toContain('application/x-www-form-urlencoded');
      for (const value of ['grant_type', 'client_credentials', 'client_id', 'YOUR_CLIENT_ID', 'client_secret', 'YOUR_CLIENT_SECRET']) {
        expect(code).toContain(value);
      }
      expect(code).not.toContain('Authorization');
    });

    it('gives cURL one --data per field', () => {
      expect(samples[0].code).toBe(
        [
          'curl --request POST \\',
          '  --url https://api.meridian.example/v1/oauth/token \\',
          "  --header 'Content-Type: application/x-www-form-urlencoded' \\",
          '  --data grant_type=client_credentials \\',
          '  --data client_id=YOUR_CLIENT_ID \\',
          '  --data client_secret=YOUR_CLIENT_SECRET',
        ].join('\n'),
      );
    });
  });

  it('treats +json media types as JSON and keeps their Content-Type', () => {
    const samples = generateCodeSamples({
      ...getContact,
      method: 'PATCH',
      headers: [AUTH, {name: 'Content-Type', value: 'application/merge-patch+json'}],
      postData: {mimeType: 'application/merge-patch+json', text: '{"lifecycle_stage":"client"}'},
    });
    const python = samples.find((sample) => sample.id === 'python')?.code ?? '';
    expect(python).toContain('"Content-Type": "application/merge-patch+json"');
    expect(python).toContain('payload = { "lifecycle_stage": "client" }');
  });

  describe('the PHP sample of a JSON body', () => {
    const php = (text: string) => generateCodeSamples({...getContact, method: 'POST', postData: {mimeType: 'application/json', text}}).find((sample) => sample.id === 'php')?.code ?? '';

    it('writes the body one indentation step per level', () => {
      expect(generateCodeSamples(createContact).find((sample) => sample.id === 'php')?.code).toContain(
        [
          '  CURLOPT_POSTFIELDS => json_encode([',
          "    'first_name' => 'Sofia',",
          "    'last_name' => 'Lindqvist',",
          "    'email' => 'sofia.lindqvist@example.net',",
          "    'address' => [",
          "      'postcode' => 'SW1A 1AA'",
          '    ]',
          '  ]),',
          '  CURLOPT_HTTPHEADER => [',
        ].join('\n'),
      );
    });

    it('stays linear in the depth of the body (httpsnippet, used before, doubled the indentation per level)', () => {
      let body: unknown = {leaf: true};
      for (let level = 0; level < 40; level++) body = {[`level${level}`]: [body, level]};
      const code = php(JSON.stringify(body));
      const indents = code.split('\n').map((line) => line.length - line.trimStart().length);
      // 40 objects and 40 lists below json_encode's own level.
      expect(Math.max(...indents)).toBe(2 * (1 + 80 + 1));
      expect(code.length).toBeLessThan(20_000);
      expect(code).toContain("'level0' => [");
      expect(code).toContain("'leaf' => true");
    });

    it('keeps top-level scalars, empty lists and empty objects as JSON', () => {
      expect(php('{"tags":[],"meta":{},"count":0,"ratio":1.5,"note":null}')).toContain(
        "json_encode([\n    'tags' => [],\n    'meta' => (object) [],\n    'count' => 0,\n    'ratio' => 1.5,\n    'note' => null\n  ])",
      );
      expect(php('[1,"two"]')).toContain("json_encode([\n    1,\n    'two'\n  ])");
      expect(php('"just text"')).toContain("json_encode('just text')");
    });

    it('sends a body labelled JSON that does not parse as the text it is, in every language', () => {
      const samples = generateCodeSamples({...getContact, method: 'POST', postData: {mimeType: 'application/json', text: '{"name": '}});
      expect(samples).toHaveLength(SAMPLE_LANGUAGES.length);
      expect(samples.find((sample) => sample.id === 'php')?.code).toContain('CURLOPT_POSTFIELDS => "{\\"name\\": ",');
    });

    it('escapes quotes, backslashes and control characters as PHP reads them', () => {
      expect(phpString("it's C:\\temp")).toBe("'it\\'s C:\\\\temp'");
      expect(phpString('line one\nline "two"\tcosts $5\u0001')).toBe('"line one\\nline \\"two\\"\\tcosts \\$5\\u{1}"');
      expect(phpLiteral({"a'b": ['x']}, '  ', 0)).toBe("[\n  'a\\'b' => [\n    'x'\n  ]\n]");
    });
  });

  describe('spec text that would be code (issue 47)', () => {
    /** The header name of the report: it closed Python's string and dict and called os.system. */
    const injectedName = 'X": "1", **{"Y": __import__("os").system("touch pwned")}, "Z';
    const samples = generateCodeSamples({...getContact, headers: [{name: injectedName, value: 'v'}]});
    const code = (id: string) => samples.find((sample) => sample.id === id)?.code ?? '';

    it('keeps the header name of the report inside one string literal in every language', () => {
      const escapedInDoubleQuotes = 'X\\": \\"1\\", **{\\"Y\\": __import__(\\"os\\").system(\\"touch pwned\\")}, \\"Z';
      expect(code('curl')).toContain(`--header 'X": "1", **{"Y": __import__("os").system("touch pwned")}, "Z: v'`);
      expect(code('javascript')).toContain(`'X": "1", **{"Y": __import__("os").system("touch pwned")}, "Z': 'v'`);
      expect(code('node')).toContain(`'X": "1", **{"Y": __import__("os").system("touch pwned")}, "Z': 'v'`);
      expect(code('python')).toContain(`headers = {\n  "${escapedInDoubleQuotes}": "v"\n}`);
      expect(code('go')).toContain(`req.Header.Add("${escapedInDoubleQuotes}", "v")`);
      expect(code('java')).toContain(`.header("${escapedInDoubleQuotes}", "v")`);
      expect(code('csharp')).toContain(`{ "${escapedInDoubleQuotes}", "v" },`);
      expect(code('php')).toContain(`"${escapedInDoubleQuotes}: v"`);
      expect(code('ruby')).toContain(`request["${escapedInDoubleQuotes}"] = "v"`);
    });

    it('escapes Ruby interpolation and PHP variables in a header value', () => {
      const value = '#{system("id")} $HOME';
      const withValue = generateCodeSamples({...getContact, headers: [{name: 'X-Evil', value}]});
      expect(withValue.find((sample) => sample.id === 'ruby')?.code).toContain('request["X-Evil"] = "\\#{system(\\"id\\")} $HOME"');
      expect(withValue.find((sample) => sample.id === 'php')?.code).toContain('"X-Evil: #{system(\\"id\\")} \\$HOME"');
    });

    it('sends a body that starts with @ as text, not as the file curl would read', () => {
      const curl = generateCodeSamples({...getContact, method: 'POST', postData: {mimeType: 'text/plain', text: '@/etc/passwd'}})[0].code;
      expect(curl).toContain('--data-raw @/etc/passwd');
    });

    it('turns off curl URL globbing when the URL has brackets or braces', () => {
      const curl = generateCodeSamples({...getContact, url: 'https://api.meridian.example/v1/{a,b}'})[0].code;
      expect(curl).toContain("--globoff \\\n  --url 'https://api.meridian.example/v1/{a,b}'");
    });

    it('keeps a __proto__ field of a JSON body as a field in JavaScript', () => {
      const javascript = generateCodeSamples({...getContact, method: 'POST', postData: {mimeType: 'application/json', text: '{"__proto__":{"admin":true}}'}})[1].code;
      expect(javascript).toContain("body: JSON.stringify({['__proto__']: {admin: true}})");
    });
  });

  describe('a method without a name of its own in a language (QUERY, COPY)', () => {
    const method = (name: string, id: string) =>
      generateCodeSamples({...getContact, method: name, postData: {mimeType: 'application/json', text: '{"q":1}'}}).find((sample) => sample.id === id)?.code ?? '';

    it('sends QUERY through each client\'s call for any method', () => {
      expect(method('QUERY', 'curl')).toContain('curl --request QUERY \\');
      expect(method('QUERY', 'javascript')).toContain("method: 'QUERY'");
      expect(method('QUERY', 'python')).toContain('response = requests.request("QUERY", url, json=payload, headers=headers)');
      expect(method('QUERY', 'go')).toContain('http.NewRequest("QUERY", url, payload)');
      expect(method('QUERY', 'java')).toContain('.method("QUERY", HttpRequest.BodyPublishers.ofString("{\\"q\\":1}"))');
      expect(method('QUERY', 'csharp')).toContain('Method = new HttpMethod("QUERY"),');
      expect(method('QUERY', 'php')).toContain('CURLOPT_CUSTOMREQUEST => "QUERY",');
      expect(method('QUERY', 'ruby')).toContain('request = Net::HTTPGenericRequest.new("QUERY", true, true, url)');
    });

    it('uses the classes Ruby has for WebDAV methods such as COPY', () => {
      expect(method('COPY', 'ruby')).toContain('request = Net::HTTP::Copy.new(url)');
      expect(method('COPY', 'python')).toContain('requests.request("COPY", url');
    });
  });
});
