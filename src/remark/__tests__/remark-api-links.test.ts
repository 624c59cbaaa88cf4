import path from 'node:path';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import {unified} from 'unified';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';

import {createApiLinks, type SpecValidation} from '../../openapi/links/api-links';
import {temporarySite} from '../../openapi/test-helpers/mini-meridian';
import remarkApiLinks, {parseApiUrl} from '../remark-api-links';

let site: ReturnType<typeof temporarySite>;
let warnings: string[];

beforeEach(() => {
  site = temporarySite();
  site.writeSpec();
  warnings = [];
});
afterEach(() => site.remove());

/** Runs the plugin the way Docusaurus does (MDX for .mdx, CommonMark for .md) and prints the tree back as Markdown. */
async function transform(source: string, file: string, validation: SpecValidation = 'publish'): Promise<string> {
  const links = createApiLinks({
    specPath: '.spec/openapi.yaml',
    siteDir: site.dir,
    apiDocsBasePath: '/docs/api',
    validation,
    warn: (line) => warnings.push(line),
  });
  const processor = file.endsWith('.mdx')
    ? unified().use(remarkParse).use(remarkMdx).use(remarkApiLinks, {links, siteDir: site.dir}).use(remarkStringify)
    : unified().use(remarkParse).use(remarkApiLinks, {links, siteDir: site.dir}).use(remarkStringify);
  const result = await processor.process({value: source, path: path.join(site.dir, file)});
  return String(result);
}

describe('<ApiLink> in MDX', () => {
  it('becomes a Markdown link to the operation, tag or overview page', async () => {
    const source = [
      'Exchange them at <ApiLink operation="getAccessToken">`POST /v1/oauth/token`</ApiLink>.',
      '',
      'See <ApiLink tag="Contacts">the contacts</ApiLink> and <ApiLink overview>the *overview*</ApiLink>.',
    ].join('\n');
    expect(await transform(source, 'docs/intro.mdx')).toBe(
      [
        'Exchange them at [`POST /v1/oauth/token`](/docs/api/get-access-token).',
        '',
        'See [the contacts](/docs/api/contacts) and [the *overview*](/docs/api/meridian-api).',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual([]);
  });

  it('takes its text from the description when it has none, and works on a line of its own', async () => {
    const source = ['<ApiLink operation="getAccessToken" />', '', '<ApiLink operation="ping">', 'Ping', '</ApiLink>', '', 'A <ApiLink tag="Contacts" /> link.'].join('\n');
    expect(await transform(source, 'docs/intro.mdx')).toBe(
      ['[Get an access token](/docs/api/get-access-token)', '', '[Ping](/docs/api/ping)', '', 'A [Contacts](/docs/api/contacts) link.', ''].join('\n'),
    );
  });

  it('is found inside other elements', async () => {
    const source = ['<details>', '', '- <ApiLink operation="listContacts">contacts</ApiLink>', '', '</details>'].join('\n');
    expect(await transform(source, 'docs/intro.mdx')).toContain('* [contacts](/docs/api/list-contacts)');
  });

  it('links a missing target to the overview and names the file, line and column', async () => {
    const source = 'Read the\n<ApiLink operation="getCampaignReport">report</ApiLink>.';
    expect(await transform(source, 'docs/intro.mdx')).toBe('Read the\n[report](/docs/api/meridian-api).\n');
    expect(warnings).toEqual([
      '[api-links] docs/intro.mdx:2:1: operation "getCampaignReport" is not in the API description; linking to the overview instead',
    ]);
  });

  it('stops the build on a missing target under SPEC_VALIDATION=strict', async () => {
    await expect(transform('<ApiLink tag="Campaigns">campaigns</ApiLink>', 'docs/intro.mdx', 'strict')).rejects.toThrow(
      new Error('[api-links] docs/intro.mdx:1:1: tag "Campaigns" is not used by any operation in the API description (SPEC_VALIDATION=strict)'),
    );
  });

  it('refuses an element that does not name exactly one target', async () => {
    const message = (got: string) =>
      new Error(`[api-links] docs/intro.mdx:1:3: <ApiLink> takes exactly one of operation="<operationId>", tag="<tag name>" or overview (got ${got})`);
    await expect(transform('A <ApiLink>x</ApiLink>', 'docs/intro.mdx')).rejects.toThrow(message('nothing'));
    await expect(transform('A <ApiLink operation="a" tag="b">x</ApiLink>', 'docs/intro.mdx')).rejects.toThrow(message('operation="a" tag="b"'));
    await expect(transform('A <ApiLink operation={id}>x</ApiLink>', 'docs/intro.mdx')).rejects.toThrow(message('operation={id}'));
    await expect(transform('A <ApiLink operation="">x</ApiLink>', 'docs/intro.mdx')).rejects.toThrow(message('operation=""'));
    await expect(transform('A <ApiLink {...props}>x</ApiLink>', 'docs/intro.mdx')).rejects.toThrow(message('{...props}'));
  });

  it('refuses block content', async () => {
    await expect(transform('<ApiLink overview>\n- one\n- two\n</ApiLink>', 'docs/intro.mdx')).rejects.toThrow(
      new Error('[api-links] docs/intro.mdx:1:1: <ApiLink> holds link text only, not blocks (lists, several paragraphs)'),
    );
  });
});

describe('api: links', () => {
  it('resolve in Markdown, including reference definitions and empty link text', async () => {
    const source = [
      'Read the [API overview](api:overview) first, then [get a token](api:operation/getAccessToken).',
      '',
      'The [](api:tag/Contacts) and the [ping][ping].',
      '',
      '[ping]: api:operation/ping',
    ].join('\n');
    expect(await transform(source, 'blog/2025-06-02-welcome.md')).toBe(
      [
        'Read the [API overview](/docs/api/meridian-api) first, then [get a token](/docs/api/get-access-token).',
        '',
        'The [Contacts](/docs/api/contacts) and the [ping][ping].',
        '',
        '[ping]: /docs/api/ping',
        '',
      ].join('\n'),
    );
  });

  it('resolve in MDX too', async () => {
    expect(await transform('[token](api:operation/getAccessToken)', 'docs/intro.mdx')).toBe('[token](/docs/api/get-access-token)\n');
  });

  it('fall back to the overview with a warning naming the file, or stop the build under strict', async () => {
    expect(await transform('[reports](api:operation/getCampaignReport)', 'blog/welcome.md')).toBe('[reports](/docs/api/meridian-api)\n');
    expect(warnings).toEqual([
      '[api-links] blog/welcome.md:1:1: operation "getCampaignReport" is not in the API description; linking to the overview instead',
    ]);
    await expect(transform('[reports](api:operation/getCampaignReport)', 'blog/welcome.md', 'strict')).rejects.toThrow(
      new Error('[api-links] blog/welcome.md:1:1: operation "getCampaignReport" is not in the API description (SPEC_VALIDATION=strict)'),
    );
  });

  it('must be in the api: syntax', async () => {
    await expect(transform('See [it](api:operations/getAccessToken).', 'blog/welcome.md')).rejects.toThrow(
      new Error(
        '[api-links] blog/welcome.md:1:5: "api:operations/getAccessToken" is not an API link; write api:overview, api:operation/<operationId> or api:tag/<tag name>',
      ),
    );
  });

  it('leave other links alone', async () => {
    const source = '[docs](/docs) [site](https://api.example/docs/api/x) [apis](apis:x)';
    expect(await transform(source, 'blog/welcome.md')).toBe(`${source}\n`);
  });
});

describe('<ApiLink> in a .md file', () => {
  it('is refused with the Markdown syntax to use instead', async () => {
    await expect(transform('Read <ApiLink overview>this</ApiLink>.', 'blog/welcome.md')).rejects.toThrow(
      new Error(
        '[api-links] blog/welcome.md:1:6: <ApiLink> needs MDX (an .mdx file); in Markdown write [text](api:operation/<operationId>), [text](api:tag/<tag name>) or [text](api:overview)',
      ),
    );
  });
});

describe('parseApiUrl', () => {
  it('reads the three forms, with percent-encoded names', () => {
    expect(parseApiUrl('api:overview')).toEqual({overview: true});
    expect(parseApiUrl('api:operation/getAccessToken')).toEqual({operation: 'getAccessToken'});
    expect(parseApiUrl('api:tag/Contact%20lists')).toEqual({tag: 'Contact lists'});
    expect(parseApiUrl('api:tag/Contact lists')).toEqual({tag: 'Contact lists'});
  });

  it('gives undefined for anything else', () => {
    expect(parseApiUrl('api:operation/')).toBeUndefined();
    expect(parseApiUrl('api:overview/x')).toBeUndefined();
    expect(parseApiUrl('api:tag/%E0%A4%A')).toBeUndefined();
  });
});
