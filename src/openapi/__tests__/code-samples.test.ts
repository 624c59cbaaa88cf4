import {describe, expect, it} from 'vitest';

import {BODY_TOKEN, generateCodeSamples, phpLiteral, phpString, SAMPLE_LANGUAGES} from '../code-samples';
import type {SampleRequest} from '../types';

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
  method: 'get',
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

    it('writes the body one indentation step per level, as httpsnippet does for a flat body', () => {
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

    it('stays linear in the depth of the body (httpsnippet doubled the indentation per level)', () => {
      let body: unknown = {leaf: true};
      for (let level = 0; level < 40; level++) body = {[`level${level}`]: [body, level]};
      const code = php(JSON.stringify(body));
      const indents = code.split('\n').map((line) => line.length - line.trimStart().length);
      // 40 objects and 40 lists below json_encode's own level.
      expect(Math.max(...indents)).toBe(2 * (1 + 80 + 1));
      expect(code.length).toBeLessThan(20_000);
      expect(code).toContain("'level0' => [");
      expect(code).toContain("'leaf' => true");
      expect(code).not.toContain(BODY_TOKEN);
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
});
